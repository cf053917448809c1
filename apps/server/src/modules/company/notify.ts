import type { NotificationTarget } from '@lyceum/shared/api';
import type { messageOf } from '@lyceum/shared/notifications';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createNotifications } from '../notifications/index.ts';

/** Our own words (shown in each reader's language) or someone's text (a decline reason, shown as written). */
type Words = ReturnType<typeof messageOf> | string;

const english = (words: Words) => (typeof words === 'string' ? words : words.text);
const refOf = (words: Words) => (typeof words === 'string' ? undefined : words.ref);

/** The part of My Subscription a notice is about, where opening it leads (docs/product.md, "Notifications"). */
export type SubscriptionSection = Extract<NotificationTarget, { kind: 'subscription' }>['section'];

/** Tells a school's admins in the bell (in the transaction of the decision itself). */
export async function notifySchoolAdmins(
  tx: Tx,
  schoolId: string,
  about: SubscriptionSection,
  title: Words,
  body: Words,
) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.role, 'school_admin'), isNull(users.deletedAt)));
  const message = { title: refOf(title), body: refOf(body) };
  await createNotifications(
    tx,
    admins.map((a) => ({
      schoolId,
      userId: a.id,
      type: 'other' as const,
      title: english(title),
      body: english(body),
      message,
      target: { kind: 'subscription' as const, section: about },
    })),
  );
}
