import { IDEMPOTENCY_MESSAGES } from '@lyceum/shared/api';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { billingRequests } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/request-fingerprint.ts';
import { lockSchoolSubscriptions } from './subscriptions.ts';

/** How long a billing change's answer is kept under its Idempotency-Key (docs/product.md, "Billing: what is due"). */
export const BILLING_KEY_HOURS = 24;

const expired = sql`now() - make_interval(hours => ${BILLING_KEY_HOURS})`;

/**
 * Runs a company staff member's billing change on one school once per Idempotency-Key (none: every time): the
 * same key again answers the first answer and changes nothing, and the same key for another request is refused.
 * The school's subscription lock is taken before the key is read, so a second request sent at once waits for the
 * first and then reads its answer; the key's unique index holds even so. Keys are the staff member's own and the
 * school's: another school's key is another key.
 */
export async function oncePerKey<T>(
  tx: Tx,
  actor: Actor,
  school: { schoolId: string; key: string | undefined },
  request: { action: string; body: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const { schoolId, key } = school;
  if (!key) return run();
  await lockSchoolSubscriptions(tx, schoolId);
  const mine = and(
    eq(billingRequests.schoolId, schoolId),
    eq(billingRequests.staffId, actor.profileId),
    eq(billingRequests.idempotencyKey, key),
  );
  // A key past its time is forgotten here at once, whenever the sweep deletes the rest.
  await tx.delete(billingRequests).where(and(mine, lt(billingRequests.createdAt, expired)));
  const asked = requestFingerprint(request.action, request.body);
  const [first] = await tx
    .select({ request: billingRequests.request, response: billingRequests.response })
    .from(billingRequests)
    .where(mine);
  if (first) {
    if (first.request !== asked) throw new AppError('rule', IDEMPOTENCY_MESSAGES.reused);
    return first.response as T;
  }
  const answer = await run();
  await tx.insert(billingRequests).values({
    schoolId,
    id: newId(),
    staffId: actor.profileId,
    idempotencyKey: key,
    request: asked,
    response: answer,
  });
  return answer;
}

/** Deletes every key past its time (run with the subscription sweep). */
export function forgetExpiredBillingKeys(db: Database): Promise<void> {
  return withSystem(db, async (tx) => {
    await tx.delete(billingRequests).where(lt(billingRequests.createdAt, expired));
  });
}
