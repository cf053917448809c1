import type { NotificationList } from '@lyceum/shared/api';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';

/** The bell shows the newest of these; older ones stay readable through later pages. */
export const BELL_LIMIT = 50;

const mine = (actor: Actor) =>
  and(
    eq(notifications.schoolId, actor.schoolId ?? '00000000-0000-0000-0000-000000000000'),
    eq(notifications.userId, actor.profileId),
    isNull(notifications.deletedAt),
  );

/** Company staff have no school notifications yet; they get an empty bell rather than an error. */
export async function listNotifications(db: Database, actor: Actor): Promise<NotificationList> {
  if (actor.kind === 'company') return { items: [], unread: 0 };
  return withTenant(db, tenantOf(actor), async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(mine(actor))
      .orderBy(desc(notifications.createdAt))
      .limit(BELL_LIMIT);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(mine(actor), isNull(notifications.readAt)));
    return {
      items: rows.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        body: n.body,
        read: n.readAt !== null,
        createdAt: n.createdAt.toISOString(),
      })),
      unread: count?.n ?? 0,
    };
  });
}

export async function markRead(db: Database, actor: Actor, id: string): Promise<void> {
  if (actor.kind === 'company') throw notFound('Notification not found');
  await withTenant(db, tenantOf(actor), async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(mine(actor), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound('Notification not found');
  });
}

/** One statement for all unread, not one call per notification as SPEC's client did. */
export async function markAllRead(db: Database, actor: Actor): Promise<void> {
  if (actor.kind === 'company') return;
  await withTenant(db, tenantOf(actor), (tx) =>
    tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine(actor), isNull(notifications.readAt))),
  );
}
