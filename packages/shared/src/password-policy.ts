import { z } from 'zod';

/** docs/product.md, "Passwords": OWASP ASVS 5 lengths; the common-password check runs on the server against a shipped list. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** The rules' words: each answers 400 `auth/password-does-not-meet-requirements` (docs/product.md, "Passwords"). */
export const PASSWORD_MESSAGES = {
  tooShort: (min: number) => `Password must be at least ${min} characters`,
  tooLong: (max: number) => `Password must be at most ${max} characters`,
  tooCommon: 'This password is too common. Choose a less guessable one.',
} as const;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong(PASSWORD_MAX_LENGTH));

/**
 * Whether a failed check of a body is one of passwordSchema's rules (too short, too long), which answers with
 * the password code like the server's own checks, not `validation`. A missing password is a missing field.
 */
export function isPasswordRuleMessage(message: string | undefined): boolean {
  return (
    message === PASSWORD_MESSAGES.tooShort(PASSWORD_MIN_LENGTH) ||
    message === PASSWORD_MESSAGES.tooLong(PASSWORD_MAX_LENGTH)
  );
}
