import type { Notification, NotificationList, NotificationTarget } from '@lyceum/shared/api';
import {
  type MessageRef,
  NOTIFICATION_MESSAGES,
  type NotificationMessage,
  type NotificationType,
} from '@lyceum/shared/notifications';
import type { SchoolRole } from '@lyceum/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationListQuery } from '@lyceum/shared/notifications';
import type { Tx } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { listThroughAnswers, writeScope } from '../../db/school-scope.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { afterCursor, nextCursorOf, pageSize, type SortKey } from '../../lib/list-page.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { type Reader, readerOf, renderText } from './render.ts';

interface NotificationText {
  schoolId: string;
  type: NotificationType;
  /** English; what is shown when `message` is absent. */
  title: string;
  body: string;
  /** Our own wording by message id, rendered in each reader's language (see render.ts). */
  message?: NotificationMessage | null;
  /** The announcement it tells of: withdrawing that removes it (removeAnnouncementNotifications). */
  announcementId?: string;
  /** What opening it leads to (docs/product.md, "Notifications"); absent for nothing to open. */
  target?: NotificationTarget;
}

/**
 * To one user (one row each), or to every user of some roles in the school (one row for all of them), but
 * `exceptUserId` (a person who needs no telling of what they did themselves: an announcement's author).
 */
export type NewNotification = NotificationText &
  (
    | { userId: string; roles?: never; exceptUserId?: never }
    | { roles: SchoolRole[]; userId?: never; exceptUserId?: string }
  );

/**
 * The one way to create notifications: the rows and their live events in the caller's transaction, so a
 * bell stream hears of a notification exactly when (and only if) it is committed. Answers the new ids, in
 * the order of `rows`, for writers that revise their notifications later (absence alerts).
 */
export async function createNotifications(tx: Tx, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    id: newId(),
    schoolId: row.schoolId,
    userId: row.userId ?? null,
    roles: row.roles ?? null,
    type: row.type,
    title: row.title,
    body: row.body,
    message: row.message ?? null,
    announcementId: row.announcementId ?? null,
    target: row.target ?? null,
  }));
  await tx.insert(notifications).values(values);
  // The one left out of a role-wide notification has their copy deleted from the start: it never reaches
  // their bell, unread count or stream (each reader's state is theirs alone, "Notifications").
  const leftOut = rows.flatMap((row, i) =>
    row.exceptUserId
      ? [
          {
            schoolId: row.schoolId,
            id: newId(),
            notificationId: (values[i] as { id: string }).id,
            userId: row.exceptUserId,
            readAt: new Date(),
            deletedAt: new Date(),
          },
        ]
      : [],
  );
  if (leftOut.length > 0) await tx.insert(notificationReads).values(leftOut);
  await publishLiveEvents(
    tx,
    values.map((v) =>
      v.userId
        ? { kind: 'notification' as const, schoolId: v.schoolId, userIds: [v.userId], id: v.id }
        : { kind: 'notification' as const, schoolId: v.schoolId, roles: v.roles ?? [], id: v.id },
    ),
  );
  return values.map((v) => v.id);
}

/**
 * Takes an announcement's notifications out of every bell, each reader's read and deleted state with them, in
 * the caller's transaction, so the unread counts fall as the announcement is withdrawn (docs/product.md,
 * "Announcements"). Its live event is the announcement's own withdrawal, which the stream follows with the
 * unread counts.
 */
export async function removeAnnouncementNotifications(tx: Tx, schoolId: string, announcementId: string): Promise<void> {
  await tx.execute(
    sql`delete from notifications where school_id = ${schoolId} and announcement_id = ${announcementId}`,
  );
}

/**
 * Gives an announcement's notifications its edited title (`title`: the notification's title, worded as when
 * sent), in the caller's transaction: the same rows, so nobody is notified again and each reader's read and
 * deleted state stays as it was (docs/product.md, "Notifications"). Each changed one goes to its readers' open
 * bells as rewritten in place, which replace its line where it is and take the unread counts after it.
 */
export async function retitleAnnouncementNotifications(
  tx: Tx,
  schoolId: string,
  announcementId: string,
  title: { text: string; ref: MessageRef },
): Promise<void> {
  // A notification stored before messages had ids keeps a null message (jsonb_set of null is null) and is
  // shown by its stored title, which changes here too.
  const changed = await selectRows<{ id: string; user_id: string | null; roles: SchoolRole[] | null }>(
    tx,
    sql`update notifications
      set title = ${title.text}, message = jsonb_set(message, '{title}', ${JSON.stringify(title.ref)}::jsonb)
      where school_id = ${schoolId} and announcement_id = ${announcementId} and title <> ${title.text}
      returning id, user_id, roles`,
  );
  await publishLiveEvents(
    tx,
    changed.map((n) =>
      n.user_id
        ? { kind: 'notification' as const, schoolId, userIds: [n.user_id], id: n.id, rewritten: true }
        : { kind: 'notification' as const, schoolId, roles: n.roles ?? [], id: n.id, rewritten: true },
    ),
  );
}

/** A notification as its reader sees it, shaped by PostgreSQL (read flag, ISO time) so JavaScript only renders. */
interface VisibleRow {
  id: string;
  direct: boolean;
  type: NotificationType;
  title: string;
  body: string;
  message: NotificationMessage | null;
  target: NotificationTarget | null;
  read: boolean;
  /** ISO 8601 in UTC with milliseconds, exactly what `Date.prototype.toISOString` writes. */
  createdAt: string;
}

/**
 * The role-wide notifications `n` a school user is addressed by: those of their role sent since they joined.
 * Someone created later was not in the audience when it was sent, so an old announcement to all parents does
 * not land in a new parent's bell. The list, the unread count, the stream's reads and 'Mark all read' all use
 * this one rule.
 */
function roleWideFor(schoolId: string, userId: SQL, role: SQL): SQL {
  return sql`n.user_id is null and ${role} = any(n.roles)
    and n.created_at >= (select u.created_at from users u where u.school_id = ${schoolId} and u.id = ${userId})`;
}

/**
 * The notifications `actor` sees, as one FROM clause: their own rows and the role-wide ones of their role,
 * each with the reader's own read and deleted state (`notification_reads` for role-wide ones).
 */
function visibleSource(actor: Actor): SQL {
  if (actor.kind === 'company') {
    return sql`(select n.id, false as direct, n.type, n.title, n.body, n.message, n.target, r.read_at,
        n.created_at
      from company_notifications n
      left join company_notification_reads r on r.notification_id = n.id and r.staff_id = ${actor.profileId}
      where ${actor.role} = any(n.roles) and r.deleted_at is null) v`;
  }
  return sql`(${schoolNotificationsOf(actor.schoolId as string, sql`${actor.profileId}`, sql`${actor.role}`)}) v`;
}

/** A school user's notifications (`userId`, `role`: SQL for a value or a column), as visibleSource describes. */
function schoolNotificationsOf(schoolId: string, userId: SQL, role: SQL): SQL {
  return sql`select n.id, (n.user_id is not null) as direct, n.type, n.title, n.body, n.message, n.target,
      coalesce(n.read_at, r.read_at) as read_at, n.created_at
    from notifications n
    left join notification_reads r
      on n.user_id is null and r.school_id = n.school_id and r.notification_id = n.id and r.user_id = ${userId}
    where n.school_id = ${schoolId}
      and ((n.user_id = ${userId} and n.deleted_at is null)
        or (${roleWideFor(schoolId, userId, role)} and r.deleted_at is null))`;
}

const COLUMNS = sql`v.id, v.direct, v.type, v.title, v.body, v.message, v.target, v.read_at is not null as read,
  ${isoTime(sql`v.created_at`)} as "createdAt"`;

/** The list's one order: newest first, the id breaking ties (the cursor holds both). */
const NEWEST_FIRST: SortKey = { expr: sql`v.created_at`, cast: 'timestamptz', dir: 'desc' };

function toResponse(row: VisibleRow, reader: Reader): Notification {
  // Our own wording is rendered per reader; a row without one (most) goes out as stored.
  const text = row.message ? renderText(row, reader) : row;
  return {
    id: row.id,
    type: row.type,
    title: text.title,
    body: text.body,
    read: row.read,
    createdAt: row.createdAt,
    target: row.target,
  };
}

async function findVisible(tx: Tx, actor: Actor, id: string): Promise<VisibleRow | null> {
  const [row] = await selectRows<VisibleRow>(
    tx,
    sql`select ${COLUMNS} from ${visibleSource(actor)} where v.id = ${id}`,
  );
  return row ?? null;
}

/**
 * The caller's unread count as a scalar subquery: what the bell's badge shows, for any statement that wants it
 * among its own figures (the dashboard) without a round trip of its own.
 */
export function unreadCountSql(actor: Actor): SQL {
  return sql`(select count(*)::int from ${visibleSource(actor)} where v.read_at is null)`;
}

export async function countUnread(tx: Tx, actor: Actor): Promise<number> {
  const [row] = await selectRows<{ n: number }>(tx, sql`select ${unreadCountSql(actor)} as n`);
  return Number(row?.n ?? 0);
}

/** One notification as its recipient sees it in the bell, or null when it is not theirs (or gone). */
export async function readNotification(deps: Deps, actor: Actor, { id }: { id: string }): Promise<Notification | null> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const row = await findVisible(tx, actor, id);
    return row ? toResponse(row, readerOf(actor)) : null;
  });
}

/**
 * readNotification for many streams at once, each answer what readNotification would give its actor. An
 * announcement to a school wakes hundreds of streams in the same moment; one tenant transaction and one
 * statement per school serve them all, where one transaction per stream queued behind the connection pool for
 * seconds (and one statement per stream, in one transaction, still took a round trip each).
 */
export async function readNotifications(
  deps: Deps,
  requests: readonly { actor: Actor; id: string }[],
): Promise<(Notification | null)[]> {
  const answers: (Notification | null)[] = requests.map(() => null);
  const byTenant = new Map<string, number[]>();
  requests.forEach(({ actor }, i) => {
    const key = actor.schoolId ?? 'company';
    byTenant.set(key, [...(byTenant.get(key) ?? []), i]);
  });
  for (const indexes of byTenant.values()) {
    const first = requests[indexes[0] as number] as { actor: Actor };
    await withTenant(deps.db, tenantOf(first.actor), async (tx) => {
      if (first.actor.kind !== 'school') {
        for (const i of indexes) {
          const { actor, id } = requests[i] as { actor: Actor; id: string };
          const row = await findVisible(tx, actor, id);
          answers[i] = row ? toResponse(row, readerOf(actor)) : null;
        }
        return;
      }
      // Every reader of the school in one statement: row k of the input is request indexes[k].
      const asked = indexes.map((i) => requests[i] as { actor: Actor; id: string });
      const rows = await selectRows<VisibleRow & { k: number }>(
        tx,
        sql`select x.k::int - 1 as k, ${COLUMNS}
          from unnest(${sql.param(asked.map((r) => r.id))}::uuid[], ${sql.param(asked.map((r) => r.actor.profileId))}::uuid[],
            ${sql.param(asked.map((r) => r.actor.role))}::text[]) with ordinality as x(id, user_id, role, k)
          cross join lateral (${schoolNotificationsOf(first.actor.schoolId as string, sql`x.user_id`, sql`x.role`)}
            and n.id = x.id) v`,
      );
      for (const row of rows) {
        const i = indexes[row.k] as number;
        answers[i] = toResponse(row, readerOf((requests[i] as { actor: Actor }).actor));
      }
    });
  }
  return answers;
}

/**
 * The caller's notifications, newest first, filtered by type and read state, with the unread count. A school
 * user's list goes through the answers cache, as their own (docs/scaling.md, "Answers cache"): a new
 * notification arrives with a live event and a read or a delete is a change request of the school, and both drop
 * the school's answers, so a cached list is never older than the reader's last change.
 */
export function listNotifications(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof NotificationListQuery>,
): Promise<NotificationList> {
  if (actor.kind !== 'school') return readNotificationPage(deps, actor, query);
  return listThroughAnswers(
    deps.answers,
    writeScope(actor, undefined),
    'notifications',
    query,
    () => readNotificationPage(deps, actor, query),
    true,
  );
}

/**
 * One page of the caller's notifications from the database: one statement, in one round trip with its
 * transaction.
 */
async function readNotificationPage(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof NotificationListQuery>,
): Promise<NotificationList> {
  const reader = readerOf(actor);
  const size = pageSize(query.limit) as number;
  const shown = sql.join(
    [
      sql`true`,
      query.type ? sql`v.type = ${query.type}` : undefined,
      query.read === 'read' ? sql`v.read_at is not null` : undefined,
      query.read === 'unread' ? sql`v.read_at is null` : undefined,
    ].filter((f): f is SQL => f !== undefined),
    sql` and `,
  );
  const after = afterCursor(NEWEST_FIRST, query.cursor, sql`v.created_at`, sql`v.id`);
  // One statement, one round trip with its transaction: the reader's notifications read once, counted for the
  // badge (unread) and the list (total), and the page after the cursor with one row more (is there a next page);
  // an empty page is one row of nulls carrying the counts.
  const rows = await withTenant(
    deps.db,
    tenantOf(actor),
    (tx) =>
      selectRows<
        (VisibleRow | { [K in keyof VisibleRow]: null }) & { total: number; unread: number; sort_text: string }
      >(
        tx,
        sql`with v as materialized (select * from ${visibleSource(actor)})
          select c.total, c.unread, p.* from (select count(*) filter (where ${shown})::int as total,
              count(*) filter (where v.read_at is null)::int as unread from v) c
          left join lateral (select ${COLUMNS}, v.created_at::text as sort_text from v
            where ${shown} ${after ? sql`and ${after}` : sql``}
            order by v.created_at desc, v.id desc limit ${size + 1}) p on true`,
      ),
    { oneStatement: true },
  );
  const page = rows.flatMap((r) => (r.id === null ? [] : [r as VisibleRow & { sort_text: string }]));
  return {
    items: page.slice(0, size).map((row) => toResponse(row, reader)),
    unread: Number(rows[0]?.unread ?? 0),
    nextCursor: nextCursorOf(page, size),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Read or delete state of one notification for its reader; a role-wide one keeps it per reader. */
async function setState(tx: Tx, actor: Actor, row: VisibleRow, state: 'read' | 'deleted'): Promise<void> {
  const column = sql.raw(state === 'read' ? 'read_at' : 'deleted_at');
  if (actor.kind === 'company') {
    await tx.execute(sql`insert into company_notification_reads (notification_id, staff_id, ${column})
      values (${row.id}, ${actor.profileId}, now())
      on conflict (notification_id, staff_id)
      do update set ${column} = coalesce(company_notification_reads.${column}, now())`);
  } else if (row.direct) {
    await tx.execute(sql`update notifications set ${column} = coalesce(${column}, now())
      where school_id = ${actor.schoolId} and id = ${row.id} and user_id = ${actor.profileId}`);
  } else {
    await tx.execute(sql`insert into notification_reads (school_id, id, notification_id, user_id, ${column})
      values (${actor.schoolId}, ${newId()}, ${row.id}, ${actor.profileId}, now())
      on conflict (school_id, notification_id, user_id)
      do update set ${column} = coalesce(notification_reads.${column}, now())`);
  }
}

async function changeOne(deps: Deps, actor: Actor, id: string, state: 'read' | 'deleted'): Promise<void> {
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const row = await findVisible(tx, actor, id);
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    await setState(tx, actor, row, state);
  });
}

export function markRead(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  return changeOne(deps, actor, id, 'read');
}

/** Soft delete: gone from the caller's bell and page; a role-wide notification stays for everyone else. */
export function deleteNotification(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  return changeOne(deps, actor, id, 'deleted');
}

/**
 * Marks read the reader's own unread notifications of an announcement they have just read, in the caller's
 * transaction: reading the announcement clears its bell line (docs/product.md, "Notifications"). Each goes to the
 * reader's open bells as rewritten in place (now read), which the stream follows with the unread counts, so
 * every tab's badge falls with it.
 */
export async function readAnnouncementNotifications(tx: Tx, actor: Actor, announcementId: string): Promise<void> {
  const schoolId = actor.schoolId as string;
  const unread = await selectRows<VisibleRow>(
    tx,
    sql`select v.id, v.direct from (${schoolNotificationsOf(schoolId, sql`${actor.profileId}`, sql`${actor.role}`)}
      and n.announcement_id = ${announcementId}) v where v.read_at is null`,
  );
  for (const row of unread) await setState(tx, actor, row, 'read');
  await publishLiveEvents(
    tx,
    unread.map((n) => ({
      kind: 'notification' as const,
      schoolId,
      userIds: [actor.profileId],
      id: n.id,
      rewritten: true,
    })),
  );
}

/** Every unread one in one request (docs/product.md, "Where we depart from the original specification on purpose"). */
export async function markAllRead(deps: Deps, actor: Actor): Promise<void> {
  await withTenant(deps.db, tenantOf(actor), async (tx) => {
    if (actor.kind === 'company') {
      await tx.execute(sql`insert into company_notification_reads (notification_id, staff_id, read_at)
        select n.id, ${actor.profileId}, now() from company_notifications n where ${actor.role} = any(n.roles)
        on conflict (notification_id, staff_id)
        do update set read_at = coalesce(company_notification_reads.read_at, now())`);
      return;
    }
    await tx.execute(sql`update notifications set read_at = now()
      where school_id = ${actor.schoolId} and user_id = ${actor.profileId} and read_at is null and deleted_at is null`);
    await tx.execute(sql`update notification_reads set read_at = now()
      where school_id = ${actor.schoolId} and user_id = ${actor.profileId} and read_at is null`);
    // Role-wide ones this reader has no state for yet get their row (ids are made here, like every id).
    const fresh = await selectRows<{ id: string }>(
      tx,
      sql`select n.id from notifications n
        where n.school_id = ${actor.schoolId} and ${roleWideFor(actor.schoolId as string, sql`${actor.profileId}`, sql`${actor.role}`)}
          and not exists (select 1 from notification_reads r
            where r.school_id = n.school_id and r.notification_id = n.id and r.user_id = ${actor.profileId})`,
    );
    if (fresh.length === 0) return;
    const values = fresh.map((n) => ({ id: newId(), notification_id: n.id }));
    await tx.execute(sql`insert into notification_reads (school_id, id, notification_id, user_id, read_at)
      select ${actor.schoolId}, r.id, r.notification_id, ${actor.profileId}, now()
      from json_to_recordset(${JSON.stringify(values)}::json) as r(id uuid, notification_id uuid)
      on conflict (school_id, notification_id, user_id) do nothing`);
  });
}

/** Unread count as its own request (the shell's badge); the same count `countUnread` gives inside a transaction. */
export function unreadNotifications(deps: Deps, actor: Actor): Promise<number> {
  return withTenant(deps.db, tenantOf(actor), (tx) => countUnread(tx, actor), { oneStatement: true });
}
