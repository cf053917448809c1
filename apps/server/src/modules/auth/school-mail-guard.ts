import { TRIAL_INVITATIONS_PER_DAY } from '@lyceum/shared/constants';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companyStaff, mailOutbox, schools, schoolSubscriptions } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Every mail a school has sent on its own behalf (invitations, password links for its people, a reset asked
 * for at /forgot-password by one of its people) passes here before it is queued (docs/product.md, "Trial
 * schools and mail"): a school that signed up publicly sends nothing until its admin has confirmed their
 * address, and a school on a trial sends at most TRIAL_INVITATIONS_PER_DAY in 24 hours. Answers why not, or
 * null when it may. `askedBy` is the account asking: only the admin who signed the school up can open the
 * link, so anyone else is told to ask them.
 */
export async function schoolMailRefusal(
  tx: Tx,
  schoolId: string,
  count: number,
  askedBy?: string,
): Promise<AppError | null> {
  const [school] = await tx
    .select({
      awaiting: schools.awaitingMailVerification,
      signupAccountId: schools.signupAccountId,
      trial: sql<boolean>`exists (select 1 from ${schoolSubscriptions} s where s.school_id = ${schoolId}
        and s.status = 'active' and s.is_trial)`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) return null;
  if (school.awaiting) {
    const theirs = askedBy !== undefined && school.signupAccountId === askedBy;
    return new AppError('forbidden', theirs ? TRIAL_MAIL_MESSAGES.verifyFirst : TRIAL_MAIL_MESSAGES.verifyFirstOther);
  }
  if (!school.trial) return null;
  const [sent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.schoolId, schoolId), gt(mailOutbox.createdAt, new Date(Date.now() - 86_400_000))));
  const wouldBe = (sent?.n ?? 0) + count;
  return wouldBe > TRIAL_INVITATIONS_PER_DAY
    ? new AppError('rule', TRIAL_MAIL_MESSAGES.invitationsPerDay(wouldBe))
    : null;
}

/** schoolMailRefusal, thrown: inside the transaction, so the write that wanted the mail is undone too. */
export async function assertSchoolMaySendMail(tx: Tx, schoolId: string, count: number, askedBy: string): Promise<void> {
  const refusal = await schoolMailRefusal(tx, schoolId, count, askedBy);
  if (refusal) throw refusal;
}

/**
 * For /forgot-password: whether a reset link may be mailed to this account, and which school sends it. The
 * address was chosen by whoever made the account, so a school's people count as its mail: a school still
 * waiting for its admin to confirm their address mails none of them (an admin who forgot their password
 * opens the confirmation link first), and a trial school's resets count against its daily cap. Company
 * staff, and people of a school that may send, get theirs; the school charged is one on a paid subscription
 * when there is one. null: send nothing (the public answer stays the same).
 */
export async function resetMailSender(tx: Tx, accountId: string): Promise<{ schoolId: string | undefined } | null> {
  const staff = await tx
    .select({ id: companyStaff.id })
    .from(companyStaff)
    .where(eq(companyStaff.accountId, accountId))
    .limit(1);
  if (staff.length > 0) return { schoolId: undefined };
  const profiles = await selectRows<{ schoolId: string }>(
    tx,
    sql`select u.school_id as "schoolId" from users u
      where u.account_id = ${accountId} and u.deleted_at is null
      order by exists (select 1 from ${schoolSubscriptions} s where s.school_id = u.school_id
        and s.status = 'active' and s.is_trial), u.school_id`,
  );
  if (profiles.length === 0) return { schoolId: undefined };
  for (const { schoolId } of profiles) {
    if (!(await schoolMailRefusal(tx, schoolId, 1))) return { schoolId };
  }
  return null;
}
