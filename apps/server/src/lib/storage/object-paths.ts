import { randomBytes } from 'node:crypto';

/** Where the API serves stored objects; the object path follows it unchanged. */
export const FILES_URL_PREFIX = '/api/v1/files/';

/**
 * What a valid object path looks like: lower-case ids and server-made names only, so nothing a client sends
 * can climb out of the storage root (`..`), hide in another folder or carry odd characters.
 */
const OBJECT_PATH = /^(schools\/[0-9a-f-]{36}\/)?users\/[0-9a-f-]{36}\/profile\/[0-9a-z]{16,64}\.webp$/;
/** An attachment: the school, then a server-made name with the extension of the type its bytes showed. */
const ATTACHMENT_PATH = /^schools\/[0-9a-f-]{36}\/attachments\/[0-9a-f]{32}\.[a-z]{3,4}$/;

export function isObjectPath(value: string): boolean {
  return OBJECT_PATH.test(value) || ATTACHMENT_PATH.test(value);
}

/**
 * docs/product.md, "Files": `schools/{schoolId}/users/{userId}/profile/{file}`, or `users/{userId}/profile/{file}` for someone
 * without a school (company staff). The file name is 128 random bits: unguessable, and never the client's name.
 */
export function profilePicturePath(schoolId: string | null, userId: string): string {
  const file = `${randomBytes(16).toString('hex')}.webp`;
  return schoolId ? `schools/${schoolId}/users/${userId}/profile/${file}` : `users/${userId}/profile/${file}`;
}

/**
 * docs/product.md, "Attachments": `schools/{schoolId}/attachments/{file}`. The name is random and carries the
 * extension of the detected type only; the uploaded name is kept in the database for display.
 */
export function attachmentPath(schoolId: string, extension: string): string {
  return `schools/${schoolId}/attachments/${randomBytes(16).toString('hex')}.${extension}`;
}

/** The URL a stored object is served at (what profiles store and APIs return). */
export function fileUrl(stored: string | null): string | null {
  if (!stored) return null;
  return isObjectPath(stored) ? `${FILES_URL_PREFIX}${stored}` : stored;
}
