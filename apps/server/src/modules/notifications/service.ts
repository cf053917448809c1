import type { Notification, NotificationList } from '@lyceum/shared/api';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { notifications } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';

/** The bell shows the newest of these; older ones stay readable through later pages. */
export const BELL_LIMIT = 50;

const mine = (actor: Actor) =>
  and(
    eq(notifications.schoolId, actor.schoolId ?? '00000000-0000-0000-0000-000000000000'),
    eq(notifications.userId, actor.profileId),
    isNull(notifications.deletedAt),
  );

type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<NotificationRow, 'schoolId' | 'userId' | 'type' | 'title' | 'body'>;

/**
 * The one way to create notifications: the rows and their live events in the caller's transaction, so a
 * bell stream hears of a notification exactly when (and only if) it is committed. Answers the new ids, in
 * the order of `rows`, for writers that revise their notifications later (absence alerts).
 */
export async function createNotifications(tx: Tx, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({ ...row, id: newId() }));
  await tx.insert(notifications).values(values);
  await publishLiveEvents(
    tx,
    values.map((v) => ({ kind: 'notification', schoolId: v.schoolId, userIds: [v.userId], id: v.id })),
  );
  return values.map((v) => v.id);
}

/**
 * Rewrites notifications whose news changed (an absence corrected on resubmission) instead of sending more:
 * a changed one turns unread again and its recipient's bell hears of it. Unchanged ones are left alone.
 */
export async function reviseNotifications(
  tx: Tx,
  schoolId: string,
  ids: string[],
  text: { title: string; body: string },
): Promise<void> {
  if (ids.length === 0) return;
  const changed = await tx
    .update(notifications)
    .set({ title: text.title, body: text.body, readAt: null })
    .where(
      and(
        eq(notifications.schoolId, schoolId),
        inArray(notifications.id, ids),
        or(ne(notifications.title, text.title), ne(notifications.body, text.body)),
      ),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishLiveEvents(
    tx,
    changed.map((n) => ({ kind: 'notification', schoolId, userIds: [n.userId], id: n.id })),
  );
}

const toResponse = (n: NotificationRow): Notification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  body: n.body,
  read: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

/** One notification as its recipient sees it in the bell, or null when it is not theirs (or gone). */
export async function readNotification(deps: Deps, actor: Actor, { id }: { id: string }): Promise<Notification | null> {
  if (actor.kind === 'company') return null;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(mine(actor), eq(notifications.id, id)));
    return row ? toResponse(row) : null;
  });
}

/** Ids per query of a batched read: well inside what one statement's parameter list should carry. */
const READ_BATCH = 500;

/**
 * readNotification for many streams at once, each answer what readNotification would give its actor. An
 * announcement to a school wakes hundreds of streams in the same moment; one tenant transaction per school
 * serves them all, where one transaction per stream queued behind the connection pool for seconds. Row-level
 * security is per school, so the school's transaction reads every requested row, and `mine` is applied per
 * actor below.
 */
export async function readNotifications(
  deps: Deps,
  requests: readonly { actor: Actor; id: string }[],
): Promise<(Notification | null)[]> {
  const answers: (Notification | null)[] = requests.map(() => null);
  const bySchool = new Map<string, number[]>();
  requests.forEach(({ actor }, i) => {
    if (actor.kind === 'company' || !actor.schoolId) return;
    const list = bySchool.get(actor.schoolId) ?? [];
    list.push(i);
    bySchool.set(actor.schoolId, list);
  });
  for (const [schoolId, indexes] of bySchool) {
    const first = requests[indexes[0] as number] as { actor: Actor };
    const ids = [...new Set(indexes.map((i) => (requests[i] as { id: string }).id))];
    const rows = new Map<string, NotificationRow>();
    await withTenant(deps.db, tenantOf(first.actor), async (tx) => {
      for (let at = 0; at < ids.length; at += READ_BATCH) {
        const found = await tx
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.schoolId, schoolId),
              inArray(notifications.id, ids.slice(at, at + READ_BATCH)),
              isNull(notifications.deletedAt),
            ),
          );
        for (const row of found) rows.set(row.id, row);
      }
    });
    for (const i of indexes) {
      const { actor, id } = requests[i] as { actor: Actor; id: string };
      const row = rows.get(id);
      if (row && row.userId === actor.profileId) answers[i] = toResponse(row);
    }
  }
  return answers;
}

/** Company staff have no school notifications yet; they get an empty bell rather than an error. */
export async function listNotifications(deps: Deps, actor: Actor): Promise<NotificationList> {
  if (actor.kind === 'company') return { items: [], unread: 0 };
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(mine(actor))
      .orderBy(desc(notifications.createdAt))
      .limit(BELL_LIMIT);
    return { items: rows.map(toResponse), unread: await unreadCount(tx, actor) };
  });
}

/** The bell's badge: how many of the actor's own notifications are unread (inside the caller's tenant transaction). */
export async function unreadCount(tx: Tx, actor: Actor): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mine(actor), isNull(notifications.readAt)));
  return count?.n ?? 0;
}

export async function markRead(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  if (actor.kind === 'company') throw notFound('Notification not found');
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(mine(actor), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound('Notification not found');
  });
}

/** One statement for all unread, not one call per notification (docs/product.md, "Where we depart from the original specification on purpose"). */
export async function markAllRead(deps: Deps, actor: Actor): Promise<void> {
  if (actor.kind === 'company') return;
  await withTenant(deps.db, tenantOf(actor), (tx) =>
    tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine(actor), isNull(notifications.readAt))),
  );
}
