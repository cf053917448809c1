import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Secrets handed to users (session cookies, links, codes) are random; only their SHA-256 is stored. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!@#$%';

/** docs/product.md, "Accounts made by staff: temporary passwords and invitations": temporary passwords are 18 random characters (unbiased: randomInt per character). */
export function temporaryPassword(length = 18): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  return out;
}
