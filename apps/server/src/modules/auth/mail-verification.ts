import type { MailVerificationStatus, VerifyEmailRequest } from '@lyceum/shared/auth';
import { VERIFICATION_MAILS_PER_DAY } from '@lyceum/shared/constants';
import { MESSAGES } from '@lyceum/shared/errors';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../db/audit.ts';
import { enqueueMail, mailLocaleOf } from '../../db/mail.ts';
import { oneTimeTokens, schools, users } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, type PublicActor, tenantOf } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyEmailMail } from '../../lib/mail-texts.ts';
import { sha256 } from '../../lib/tokens.ts';
import { issueOneTimeToken, recentTokenCount } from './one-time-tokens.ts';

/**
 * A school that signed up publicly sends no mail until its admin proves the address they signed up with
 * (docs/product.md, "Trial schools and mail"): otherwise anyone could sign up and have the platform mail
 * any address. The sign-up sends one link; the admin who signed up may ask for it again, a few times a day. The
 * link only ever goes to that admin's address: another admin of the school has an address the school chose
 * (made with a temporary password, no mail), so a resend of theirs would mail any address again.
 */
export const VERIFY_TOKEN_DAYS = 7;

export function verifyEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Queues a verification link to the account's address; false when the address had its day's share. */
export async function queueVerificationMail(
  tx: Tx,
  publicUrl: string,
  account: { id: string; email: string },
): Promise<boolean> {
  if ((await recentTokenCount(tx, account.id, 'verify_email', 86_400_000)) >= VERIFICATION_MAILS_PER_DAY) return false;
  const token = await issueOneTimeToken(tx, account.id, 'verify_email', VERIFY_TOKEN_DAYS * 86_400_000);
  // In the language the school signed up with (or the admin's own), as every mail we send.
  const mail = verifyEmailMail(await mailLocaleOf(tx, account.email), {
    link: verifyEmailLink(publicUrl, token),
    days: VERIFY_TOKEN_DAYS,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_DAYS * 86_400_000),
  });
  await enqueueMail(tx, { to: account.email, ...mail });
  return true;
}

/** The link from the mail: the schools this account signed up may send mail from now on. */
export async function verifyEmail(deps: Deps, _actor: PublicActor, input: VerifyEmailRequest): Promise<void> {
  await withSystem(deps.db, async (tx) => {
    const [token] = await tx
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(input.token)))
      .for('update');
    if (!token || token.usedAt || token.purpose !== 'verify_email') {
      throw new AppError('auth/invalid-action-code', MESSAGES.invalidActionCode);
    }
    if (token.expiresAt.getTime() <= Date.now()) {
      throw new AppError('auth/expired-action-code', MESSAGES.expiredActionCode);
    }
    await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, token.id));
    const verified = await tx
      .update(schools)
      .set({ awaitingMailVerification: false, updatedAt: new Date() })
      .where(and(eq(schools.awaitingMailVerification, true), eq(schools.signupAccountId, token.accountId)))
      .returning({ id: schools.id });
    for (const { id } of verified) {
      await audit(tx, null, { schoolId: id, action: 'school.mail_verified', entity: 'school', entityId: id });
    }
  });
}

/**
 * The banner is the signing-up admin's: only they can be sent the link (`GET /auth/me` says the same). Another
 * admin is told whether the school is confirmed, not that their own address is (docs/product.md, "Trial schools
 * and mail").
 */
export async function mailVerificationStatus(deps: Deps, actor: Actor): Promise<MailVerificationStatus> {
  const [school] = await withTenant(deps.db, tenantOf(actor), (tx) => ownSchool(tx, actor));
  const signedUp = Boolean(school && school.signupAccountId === actor.accountId);
  return {
    required: Boolean(school?.awaiting && signedUp),
    email: actor.email,
    signedUp,
    schoolConfirmed: Boolean(school && !school.awaiting),
  };
}

const ownSchool = (tx: Tx, actor: Actor) =>
  tx
    .select({ awaiting: schools.awaitingMailVerification, signupAccountId: schools.signupAccountId })
    .from(schools)
    .where(eq(schools.id, actor.schoolId ?? '00000000-0000-0000-0000-000000000000'));

export async function resendVerification(deps: Deps, actor: Actor): Promise<void> {
  const sent = await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [school] = await ownSchool(tx, actor);
    if (!school?.awaiting) throw new AppError('rule', TRIAL_MAIL_MESSAGES.alreadyVerified);
    if (school.signupAccountId !== actor.accountId)
      throw new AppError('forbidden', TRIAL_MAIL_MESSAGES.onlySignUpAdmin);
    const [me] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.schoolId, actor.schoolId ?? ''), eq(users.id, actor.profileId)));
    return queueVerificationMail(tx, deps.config.publicUrl, { id: actor.accountId, email: me?.email ?? actor.email });
  });
  if (!sent) throw new AppError('rate_limited', TRIAL_MAIL_MESSAGES.verificationMailsPerDay);
  void deps.mail.flush();
}
