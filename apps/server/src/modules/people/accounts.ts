import { MESSAGES } from '@lyceum/shared/errors';
import type { SchoolRole } from '@lyceum/shared/roles';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, mailOutbox, oneTimeTokens, schools } from '../../db/schema/index.ts';
import { insertAccount, insertSchoolUser } from '../../db/accounts.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMail, type MailMessage, mailLocalesOf } from '../../db/mail.ts';
import { schoolAccountMail } from '../../lib/mail-texts.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { newSecret, sha256, temporaryPassword } from '../../lib/tokens.ts';
import { assertSchoolMaySendMail, setPasswordLink, hashPassword, INVITE_TOKEN_DAYS } from '../auth/index.ts';

/**
 * The 409 for an e-mail that has an account. `field` is the request's path of the address that was taken
 * (docs/product.md, "The error body"): `newParents.1.email` when a student's new parent is the one, so the
 * form shows it under that parent's e-mail rather than the student's.
 */
export const emailInUse = (field = 'email') =>
  new AppError('auth/email-already-in-use', MESSAGES.emailInUse, { [field]: MESSAGES.emailInUse });

/**
 * How a new account gets in (docs/product.md, "Accounts made by staff: temporary passwords and invitations"): a temporary password shown once, or an invitation e-mail with a
 * set-password link. Hashing is done before the transaction opens (argon2id costs ~25 ms; PGlite runs one
 * transaction at a time, so nothing slow happens inside one).
 */
export interface Credential {
  temporaryPassword: string | null;
  passwordHash: string | null;
  invitation: boolean;
}

export async function prepareCredential(sendInvitation: boolean): Promise<Credential> {
  if (sendInvitation) return { temporaryPassword: null, passwordHash: null, invitation: true };
  const password = temporaryPassword();
  return { temporaryPassword: password, passwordHash: await hashPassword(password), invitation: false };
}

/** E-mails (lower-cased) of `emails` that already have an account anywhere on the platform. */
export async function takenEmails(tx: Tx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await tx
    .select({ email: accounts.email })
    .from(accounts)
    // One array parameter, not one per address: an import asks about up to 15 000 at once.
    .where(sql`lower(${accounts.email}) = any(${sql.param(lower)}::text[])`);
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

export interface NewSchoolAccount {
  schoolId: string;
  role: SchoolRole;
  name: string;
  email: string;
  phone?: string | null;
  classId?: string | null;
  /** Where the request carries this e-mail, for the 409's field (default `email`). */
  emailField?: string;
}

/**
 * The account and the school user, in the caller's transaction. An e-mail with an account anywhere answers
 * 409 with the message of docs/product.md, "E-mail addresses" and nothing else, so it never tells which school (or company) holds it.
 */
export async function createSchoolAccount(
  tx: Tx,
  input: NewSchoolAccount,
  credential: Credential,
): Promise<{ userId: string; accountId: string }> {
  if ((await takenEmails(tx, [input.email])).size > 0) throw emailInUse(input.emailField);
  // A race between the check and the insert ends on the unique index: the same answer, for the same field.
  const accountId = await withEmailRace(
    () => insertAccount(tx, input.email, credential.passwordHash),
    input.emailField,
  );
  const userId = await insertSchoolUser(tx, {
    schoolId: input.schoolId,
    accountId,
    name: input.name,
    email: input.email.toLowerCase(),
    role: input.role,
    ...(input.phone ? { phone: input.phone } : {}),
  });
  if (input.classId) {
    await tx.execute(
      sql`update users set class_id = ${input.classId} where school_id = ${input.schoolId} and id = ${userId}`,
    );
  }
  return { userId, accountId };
}

/** A race between the e-mail check and the insert ends on the unique index: same answer as the check. */
export async function withEmailRace<T>(fn: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'accounts_email_unique') throw emailInUse(field);
    throw err;
  }
}

/** How long a reset link an administrator asked for works. */
const ADMIN_RESET_MINUTES = 60;

/** Up to this many mails go through `enqueueMail`; an import's hundreds are written in bulk. */
const FEW = 10;

export interface Invitation {
  accountId: string;
  email: string;
  name: string;
  role: SchoolRole;
}

/** The school whose mail it is and who asked for it (a school's scope is one). */
export interface MailSender {
  schoolId: string;
  actor: Pick<Actor, 'accountId'>;
}

/**
 * Queues invitation e-mails with one-time set-password links, in bulk (one insert for the tokens and one for
 * the mail, whatever the count). Returns how many were queued.
 */
export async function queueInvitations(
  tx: Tx,
  { schoolId, actor }: MailSender,
  publicUrl: string,
  invitations: Invitation[],
  purpose: 'invite' | 'reset' = 'invite',
): Promise<number> {
  if (invitations.length === 0) return 0;
  await assertSchoolMaySendMail(tx, schoolId, invitations.length, actor.accountId);
  const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  const schoolName = school?.name ?? 'your school';
  const ttlMs = purpose === 'invite' ? INVITE_TOKEN_DAYS * 86_400_000 : ADMIN_RESET_MINUTES * 60_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  const tokens: (typeof oneTimeTokens.$inferInsert)[] = [];
  const mails: (typeof mailOutbox.$inferInsert)[] = [];
  const locales = await mailLocalesOf(
    tx,
    invitations.map((inv) => inv.accountId),
  );
  for (const inv of invitations) {
    const token = newSecret();
    tokens.push({ id: newId(), tokenHash: sha256(token), accountId: inv.accountId, purpose, expiresAt });
    const locale = locales.get(inv.accountId) ?? { language: 'en', timeZone: 'UTC' };
    const mail = schoolAccountMail(locale, {
      purpose,
      name: inv.name,
      email: inv.email,
      role: inv.role,
      schoolName,
      link: setPasswordLink(publicUrl, token),
      expiresAt,
      days: INVITE_TOKEN_DAYS,
      minutes: ADMIN_RESET_MINUTES,
    });
    mails.push({ id: newId(), schoolId, to: inv.email, ...mail });
  }
  for (let i = 0; i < tokens.length; i += 500) await tx.insert(oneTimeTokens).values(tokens.slice(i, i + 500));
  if (mails.length <= FEW) {
    // One by one through the shared outbox writer, so whatever it adds to every mail applies here too.
    for (const { id: _, ...mail } of mails) await enqueueMail(tx, mail as MailMessage);
  } else {
    for (let i = 0; i < mails.length; i += 500) await tx.insert(mailOutbox).values(mails.slice(i, i + 500));
  }
  return invitations.length;
}
