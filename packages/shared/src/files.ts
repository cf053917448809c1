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
  tooManyPixels: 'Profile pictures can be at most 40 megapixels (such as 8000 × 5000). Please choose a smaller image.',
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

/**
 * Attachments of announcements and messages (docs/product.md, "Attachments"). Endpoints:
 * - POST   /api/v1/attachments        upload one file (multipart, the X-Requested-With header) → Attachment
 * - DELETE /api/v1/attachments/:id    the uploader removes an upload not yet attached (204)
 * - GET    /api/v1/attachments/:id    the bytes, to someone who may read the announcement or message
 * Announcement create/update and message send take `attachmentIds`; their reads carry `attachments`.
 */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files one announcement or message may carry. */
export const ATTACHMENTS_PER_ITEM = 5;
/** Uploads a person may hold that are not attached to anything yet; older than a day they are removed. */
export const UNATTACHED_UPLOADS_MAX = 20;
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest stored file name (characters), extension included. */
export const ATTACHMENT_NAME_MAX = 120;
/** The multipart field the web app sends an attachment in (any field name is accepted; one file only). */
export const ATTACHMENT_FIELD = 'file';

/**
 * What may be attached, recognised by content on the server: each type with the extensions its files carry
 * (the first is the one a name without a fitting extension gets). Office documents are zip archives, so for
 * them (and for plain text, which has no signature) the extension decides among the types the bytes allow.
 */
export const ATTACHMENT_TYPES = [
  { type: 'application/pdf', extensions: ['pdf'], kind: 'pdf' },
  { type: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image' },
  { type: 'image/png', extensions: ['png'], kind: 'image' },
  { type: 'image/webp', extensions: ['webp'], kind: 'image' },
  { type: 'image/gif', extensions: ['gif'], kind: 'image' },
  { type: 'text/plain', extensions: ['txt'], kind: 'text' },
  {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    kind: 'document',
  },
  {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    kind: 'spreadsheet',
  },
  {
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    kind: 'presentation',
  },
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number]['type'];
export type AttachmentKind = (typeof ATTACHMENT_TYPES)[number]['kind'];

/** The file input's `accept`: every allowed extension. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(',');

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The allowed type a file name's extension stands for: the browser's early check, never the server's. */
export function attachmentTypeByName(name: string): (typeof ATTACHMENT_TYPES)[number] | undefined {
  const ext = extensionOf(name);
  return ATTACHMENT_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext));
}

export function attachmentKindOf(type: string): AttachmentKind {
  return ATTACHMENT_TYPES.find((t) => t.type === type)?.kind ?? 'document';
}

export const ATTACHMENT_MESSAGES = {
  wrongType: 'Attach PDF, image (JPEG, PNG, WebP, GIF), text or Office (Word, Excel, PowerPoint) files only.',
  tooLarge: 'Attachments can be at most 10 MB each.',
  tooMany: `Attach at most ${ATTACHMENTS_PER_ITEM} files.`,
  noFile: 'Choose a file to attach.',
  oneFile: 'Upload one file at a time.',
  notMultipart: 'Send the file as multipart/form-data.',
  unreadable: 'The file could not be read. Please choose another one.',
  notFound: 'Attachment not found',
  alreadyAttached: 'This file is already attached elsewhere. Upload it again.',
  tooManyWaiting: `You have ${UNATTACHED_UPLOADS_MAX} files waiting to be sent. Send or remove some first.`,
  invalidId: 'Invalid attachment',
} as const;

/** An attached (or just uploaded) file as reads return it; `url` serves its bytes. */
export const Attachment = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

/** `attachmentIds` of a write: the caller's own uploads, at most ATTACHMENTS_PER_ITEM, each once. */
export const AttachmentIds = z
  .array(z.uuid({ error: ATTACHMENT_MESSAGES.invalidId }).toLowerCase(), { error: ATTACHMENT_MESSAGES.invalidId })
  .max(ATTACHMENTS_PER_ITEM, ATTACHMENT_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, { error: ATTACHMENT_MESSAGES.invalidId });
