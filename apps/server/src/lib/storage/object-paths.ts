import { randomBytes } from 'node:crypto';

/** Where the API serves stored objects; the object path follows it unchanged. */
export const FILES_URL_PREFIX = '/api/v1/files/';

/**
 * What a valid object path looks like: lower-case ids and server-made names only, so nothing a client sends
 * can climb out of the storage root (`..`), hide in another folder or carry odd characters.
 */
const OBJECT_PATH = /^(schools\/[0-9a-f-]{36}\/)?users\/[0-9a-f-]{36}\/profile\/[0-9a-z]{16,64}\.webp$/;

export function isObjectPath(value: string): boolean {
  return OBJECT_PATH.test(value);
}

/**
 * docs/product.md, "Files": `schools/{schoolId}/users/{userId}/profile/{file}`, or `users/{userId}/profile/{file}` for someone
 * without a school (company staff). The file name is 128 random bits: unguessable, and never the client's name.
 */
export function profilePicturePath(schoolId: string | null, userId: string): string {
  const file = `${randomBytes(16).toString('hex')}.webp`;
  return schoolId ? `schools/${schoolId}/users/${userId}/profile/${file}` : `users/${userId}/profile/${file}`;
}

/** The URL a stored object is served at (what profiles store and APIs return). */
export function fileUrl(stored: string | null): string | null {
  if (!stored) return null;
  return isObjectPath(stored) ? `${FILES_URL_PREFIX}${stored}` : stored;
}
