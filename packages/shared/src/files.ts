import { z } from 'zod';
import { uuidSchema } from './auth.ts';

/** Profile pictures (docs/product.md, "Files"): what may be uploaded and what is stored. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Checked by content on the server; the browser's declared type is only for early feedback. */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Stored pictures are re-encoded to a square WebP of this many pixels. */
export const PROFILE_PICTURE_PIXELS = 256;
/** The multipart field the web app sends the picture in (any field name is accepted; one file only). */
export const PROFILE_PICTURE_FIELD = 'picture';
/**
 * Uploads are multipart, which a cross-site HTML form can send too; this header (which such a form cannot
 * set without a CORS preflight we never grant) is the upload route's CSRF proof. Any non-empty value.
 */
export const UPLOAD_CSRF_HEADER = 'x-requested-with';

export const FILE_MESSAGES = {
  notAnImage: 'Profile pictures must be JPEG, PNG or WebP images.',
  tooLarge: 'Profile pictures can be at most 5 MB.',
  unreadable: 'The picture could not be read. Please choose another image.',
  noFile: 'Choose a picture to upload.',
  oneFile: 'Upload one picture at a time.',
  notMultipart: 'Send the picture as multipart/form-data.',
  missingCsrfHeader: 'Uploads must be sent by the Lyceum app (the X-Requested-With header is missing).',
} as const;

/** A server-made object name: 128 random bits in hex, and the format's extension. */
const objectName = z.string().regex(/^[0-9a-z]{16,64}\.webp$/, 'Invalid file name');

/** `GET /files/schools/:schoolId/users/:userId/profile/:file` — a school user's picture. */
export const SchoolFileParams = z.object({ schoolId: uuidSchema, userId: uuidSchema, file: objectName });
export type SchoolFileParams = z.infer<typeof SchoolFileParams>;

/** `GET /files/users/:userId/profile/:file` — a company staff member's picture (no school). */
export const StaffFileParams = z.object({ userId: uuidSchema, file: objectName });
export type StaffFileParams = z.infer<typeof StaffFileParams>;
