import { TRIAL_INVITATIONS_PER_DAY } from '@lyceum/shared/constants';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mailOutbox, schools, schoolSubscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Every mail a school has sent on its own behalf (invitations, password links for its people) passes here
 * before it is queued (docs/product.md, "Trial schools and mail"): a school that signed up publicly sends
 * nothing until its admin has confirmed their address, and a school on a trial sends at most
 * TRIAL_INVITATIONS_PER_DAY in 24 hours. Refusing throws, so the write that wanted the mail is undone too.
 */
export async function assertSchoolMaySendMail(tx: Tx, schoolId: string, count: number): Promise<void> {
  const [school] = await tx
    .select({
      awaiting: schools.awaitingMailVerification,
      trial: sql<boolean>`exists (select 1 from ${schoolSubscriptions} s where s.school_id = ${schoolId}
        and s.status = 'active' and s.is_trial)`,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) return;
  if (school.awaiting) throw new AppError('forbidden', TRIAL_MAIL_MESSAGES.verifyFirst);
  if (!school.trial) return;
  const [sent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.schoolId, schoolId), gt(mailOutbox.createdAt, new Date(Date.now() - 86_400_000))));
  const wouldBe = (sent?.n ?? 0) + count;
  if (wouldBe > TRIAL_INVITATIONS_PER_DAY) throw new AppError('rule', TRIAL_MAIL_MESSAGES.invitationsPerDay(wouldBe));
}
