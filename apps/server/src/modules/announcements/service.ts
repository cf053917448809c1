import {
  ANNOUNCEMENT_MESSAGES as M,
  type Announcement,
  type AnnouncementList,
  type AnnouncementListQuery,
  type AnnouncementOptions,
  type AnnouncementReaders,
  type AnnouncementReadersQuery,
  AUDIENCES,
  type Audience,
  BODY_STORED_MAX,
  type CreateAnnouncementRequest,
  TEACHER_AUDIENCES,
  type UpdateAnnouncementRequest,
} from '@lyceum/shared/announcements';
import { messageOf } from '@lyceum/shared/notifications';
import { SCHOOL_ROLES, type SchoolRole } from '@lyceum/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { inScope, listThroughAnswers, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, forbidden, invalid, invalidField, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { inPageOrder, keysetPage } from '../../lib/list-page.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { attachmentsOf, claimAttachments, replaceAttachments } from '../files/index.ts';
import {
  createNotifications,
  readAnnouncementNotifications,
  removeAnnouncementNotifications,
  retitleAnnouncementNotifications,
} from '../notifications/index.ts';
import { audienceMembers, inAudience, isManager, visibleTo } from './audience.ts';
import { readFigures } from './figures.ts';
import { safeBody, textOf } from './safe-html.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';
import { byName } from '../../lib/search.ts';

interface Row {
  id: string;
  title: string;
  body: string;
  audience: Audience[];
  classIds: string[];
  status: 'active' | 'archived';
  pinned: boolean;
  expiresAt: string | Date | null;
  editedAt: string | Date | null;
  createdAt: string | Date;
  authorId: string;
  authorName: string;
  read: boolean;
  classNames: string[];
  readCount: number | null;
  audienceCount: number | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A class as people name it: "Grade 5 A" (the section, when there is one, after the name). */
const CLASS_LABEL = classLabel('c');

/** An announcement's own columns, the same for every reader (`a` announcements, `au` its author). */
const COLUMNS = sql`a.id, a.title, a.body, a.audience, a.class_ids as "classIds", a.status, a.pinned,
      a.expires_at as "expiresAt", a.edited_at as "editedAt", a.created_at as "createdAt", a.author_id as "authorId", au.name as "authorName"`;

/**
 * What one announcement row answers with, its classes' names in the order of `class_ids` (a class gone since
 * answers an empty name). Read figures come separately (`withFigures`), for the rows the reader manages.
 */
function selectAnnouncements(actor: Actor, where: SQL): SQL {
  return sql`select ${COLUMNS},
      (a.author_id = ${actor.profileId} or exists (select 1 from announcement_reads r
        where r.school_id = a.school_id and r.announcement_id = a.id and r.user_id = ${actor.profileId})) as read,
      array(select coalesce((select ${CLASS_LABEL} from classes c where c.school_id = a.school_id and c.id = k.id), '')
        from unnest(a.class_ids) with ordinality as k(id, n) order by k.n) as "classNames"
    from announcements a join users au on au.school_id = a.school_id and au.id = a.author_id
    where ${where}`;
}

const manages = (actor: Actor, row: { authorId: string }) => isManager(actor) || row.authorId === actor.profileId;

/** The rows with their read figures filled in where `actor` manages them (managers, the author), null elsewhere. */
async function withFigures(tx: Tx, actor: Actor, rows: Row[]): Promise<Row[]> {
  const managed = rows.filter((r) => manages(actor, r)).map((r) => r.id);
  const figures = await readFigures(tx, actor.schoolId as string, managed);
  return rows.map((r) => {
    const f = figures.get(r.id);
    return { ...r, readCount: f?.readCount ?? null, audienceCount: f?.audienceCount ?? null };
  });
}

async function classNames(tx: Tx, schoolId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    tx,
    sql`select id, ${CLASS_LABEL} as name from classes c where school_id = ${schoolId} and id in ${ids}`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function toResponses(tx: Tx, actor: Actor, rows: Row[]): Promise<Announcement[]> {
  const files = await attachmentsOf(
    tx,
    actor.schoolId as string,
    'announcement',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    audience: r.audience,
    classes: r.classIds.map((id, i) => ({ id, name: r.classNames[i] ?? '' })),
    status: r.status,
    pinned: r.pinned,
    expiresAt: r.expiresAt === null ? null : iso(r.expiresAt),
    createdAt: iso(r.createdAt),
    editedAt: r.editedAt === null ? null : iso(r.editedAt),
    author: { id: r.authorId, name: r.authorName },
    read: r.read,
    readCount: r.readCount,
    audienceCount: r.audienceCount,
    canManage: manages(actor, r),
    attachments: files.get(r.id) ?? [],
  }));
}

async function findVisible(tx: Tx, actor: Actor, now: Date, id: string): Promise<Row> {
  const [row] = await selectRows<Row>(tx, selectAnnouncements(actor, sql`${visibleTo(actor, now)} and a.id = ${id}`));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** One announcement as `actor` reads it, figures and files included, or 404. */
async function answerVisible(tx: Tx, actor: Actor, now: Date, id: string): Promise<Announcement> {
  const rows = await withFigures(tx, actor, [await findVisible(tx, actor, now, id)]);
  return (await toResponses(tx, actor, rows))[0] as Announcement;
}

function schoolActor(actor: Actor) {
  return writeScope(actor, undefined);
}

/**
 * Pinned ones first, then newest first, as one keyset order: a pinned announcement sorts as if published a
 * thousand years later, which keeps the cursor a single timestamp.
 */
const ORDER = sql`case when a.pinned then a.created_at + interval '1000 years' else a.created_at end`;

export function listAnnouncements(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof AnnouncementListQuery>,
): Promise<AnnouncementList> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  // Per reader (audience, read flags, figures, canManage), and per time slice of the cache's own length: an
  // announcement past its expiry leaves every cached list within that time (docs/scaling.md, "Answers cache").
  const slice = deps.answers.enabled ? Math.floor(now.getTime() / deps.answers.ttlMs) : 0;
  return listThroughAnswers(
    deps.answers,
    scope,
    `announcements@${slice}`,
    query,
    () => pageOf(deps, scope, now, query),
    true,
  );
}

function pageOf(
  deps: Deps,
  scope: SchoolScope,
  now: Date,
  query: z.output<typeof AnnouncementListQuery>,
): Promise<AnnouncementList> {
  const actor = scope.actor;
  return inScope(deps.db, scope, async (tx) => {
    const status = query.status === 'all' ? sql`true` : sql`a.status = ${query.status}`;
    const where = sql`${visibleTo(actor, now)} and ${status}`;
    const page = await keysetPage(
      tx,
      sql`select a.id, ${ORDER} as sort_value from announcements a where ${where}`,
      { expr: ORDER, cast: 'timestamptz', dir: 'desc' },
      query.cursor,
      query.limit,
      async (ids) => {
        if (ids.length === 0) return [];
        const rows = await selectRows<Row>(
          tx,
          selectAnnouncements(actor, sql`a.school_id = ${scope.schoolId} and a.id in ${ids}`),
        );
        return toResponses(
          tx,
          actor,
          await withFigures(
            tx,
            actor,
            inPageOrder(ids, rows, (r) => r.id),
          ),
        );
      },
    );
    return page;
  });
}

export function getAnnouncement(deps: Deps, actor: Actor, { id }: { id: string }): Promise<Announcement> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  return inScope(deps.db, scope, (tx) => answerVisible(tx, actor, now, id));
}

/** Whether `actor` may read the announcement (and so its attachments), inside the caller's transaction. */
export async function announcementVisible(tx: Tx, actor: Actor, now: Date, id: string): Promise<boolean> {
  const rows = await selectRows(tx, sql`select 1 from announcements a where ${visibleTo(actor, now)} and a.id = ${id}`);
  return rows.length > 0;
}

/**
 * For the live stream, many readers at once: each the announcement as getAnnouncement answers them, or null
 * where it answers 404 (not for them). An announcement
 * to a school wakes every stream of its audience in the same moment; one transaction per school and one
 * statement for all of its readers replace a transaction per stream (with 1 000 streams, queued for seconds
 * behind the connection pool). Readers who manage it (managers, its author) get their read figures as before,
 * one by one: a handful per school.
 */
export async function readAnnouncements(
  deps: Deps,
  requests: readonly { actor: Actor; id: string }[],
): Promise<(Announcement | null)[]> {
  const answers: (Announcement | null)[] = requests.map(() => null);
  const bySchoolAndId = new Map<string, number[]>();
  requests.forEach(({ actor, id }, i) => {
    if (actor.kind !== 'school' || !actor.schoolId) return;
    const key = `${actor.schoolId}:${id}`;
    bySchoolAndId.set(key, [...(bySchoolAndId.get(key) ?? []), i]);
  });
  const now = deps.clock();
  for (const indexes of bySchoolAndId.values()) {
    const { actor: first, id } = requests[indexes[0] as number] as { actor: Actor; id: string };
    const scope = schoolActor(first);
    await inScope(deps.db, scope, async (tx) => {
      const [row] = await selectRows<Row>(
        tx,
        selectAnnouncements(first, sql`a.school_id = ${scope.schoolId} and a.id = ${id}`),
      );
      if (!row) return;
      const managing = indexes.filter((i) => manages((requests[i] as { actor: Actor }).actor, row));
      for (const i of managing) {
        const { actor } = requests[i] as { actor: Actor };
        const [visible] = await selectRows<Row>(
          tx,
          selectAnnouncements(actor, sql`${visibleTo(actor, now)} and a.id = ${id}`),
        );
        answers[i] = visible
          ? ((await toResponses(tx, actor, await withFigures(tx, actor, [visible])))[0] ?? null)
          : null;
      }
      const readers = indexes.filter((i) => !managing.includes(i));
      if (readers.length === 0) return;
      // visibleTo for a reader who neither manages nor wrote it, for all of them in one statement.
      const seen = await selectRows<{ userId: string; read: boolean }>(
        tx,
        sql`select me.id as "userId", exists (select 1 from announcement_reads r
            where r.school_id = a.school_id and r.announcement_id = a.id and r.user_id = me.id) as read
          from announcements a join users me on me.school_id = a.school_id
          where a.school_id = ${scope.schoolId} and a.id = ${id}
            and me.id in ${readers.map((i) => (requests[i] as { actor: Actor }).actor.profileId)}
            and a.status = 'active' and (a.expires_at is null or a.expires_at > ${now.toISOString()}::timestamptz)
            and ${inAudience(sql`a`, sql`me`)}`,
      );
      const readBy = new Map(seen.map((s) => [s.userId, s.read]));
      const [shared] = await toResponses(tx, first, [{ ...row, read: false, readCount: null, audienceCount: null }]);
      for (const i of readers) {
        const read = readBy.get((requests[i] as { actor: Actor }).actor.profileId);
        if (shared && read !== undefined) answers[i] = { ...shared, read, canManage: false };
      }
    });
  }
  return answers;
}

/** The classes a teacher teaches or leads. */
async function teacherClassIds(tx: Tx, schoolId: string, teacherId: string): Promise<Set<string>> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select distinct class_id as id from class_teachers where school_id = ${schoolId} and teacher_id = ${teacherId}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Who may address whom: managers any audience and class of the school; teachers students and parents of their classes. */
async function checkAudience(tx: Tx, actor: Actor, audience: Audience[], classIds: string[]): Promise<void> {
  const schoolId = actor.schoolId as string;
  if (classIds.length > 0) {
    const known = await classNames(tx, schoolId, classIds);
    if (classIds.some((id) => !known.has(id))) throw invalid(M.unknownClass, { classIds: M.unknownClass });
  }
  if (isManager(actor)) return;
  if (actor.role !== 'teacher') throw forbidden();
  if (audience.some((a) => !(TEACHER_AUDIENCES as readonly string[]).includes(a))) {
    throw invalid(M.teacherAudience, { audience: M.teacherAudience });
  }
  if (classIds.length === 0) throw invalid(M.teacherClassRequired, { classIds: M.teacherClassRequired });
  const mine = await teacherClassIds(tx, schoolId, actor.profileId);
  if (classIds.some((id) => !mine.has(id))) throw forbidden(M.notYourClass);
}

function checkBody(html: string): string {
  const body = safeBody(html);
  if (body.length > BODY_STORED_MAX) throw invalidField('body', M.bodyTooLong);
  if (textOf(body) === '') throw invalidField('body', M.bodyRequired);
  return body;
}

function checkExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw invalidField('expiresAt', M.expiryPast);
  return at;
}

/** The roles a school-wide audience reaches ('all' is every school role). */
const rolesOf = (audience: Audience[]): SchoolRole[] =>
  audience.includes('all') ? [...SCHOOL_ROLES] : (audience.filter((a) => a !== 'all') as SchoolRole[]);

/** What its notification is called: the announcement's title, as sent and after every edit of it. */
const notificationTitle = (title: string) => messageOf(M.notificationTitle, title);

/**
 * Tells the audience: one role-wide notification when it reaches whole roles, one per person when it is
 * narrowed to classes (the class rule is the announcement's, not a role's); and a live `announcement` event.
 */
async function tellAudience(
  tx: Tx,
  actor: Actor,
  id: string,
  input: { title: string; audience: Audience[]; classIds: string[] },
) {
  const schoolId = actor.schoolId as string;
  const title = notificationTitle(input.title);
  const body = messageOf(M.notificationBody, actor.name);
  const text = {
    schoolId,
    type: 'announcement' as const,
    title: title.text,
    body: body.text,
    message: { title: title.ref, body: body.ref },
    announcementId: id,
    target: { kind: 'announcement' as const, id },
  };
  const roles = rolesOf(input.audience);
  if (input.classIds.length === 0) {
    // The author is left out, as from the read figures: they know what they posted.
    await createNotifications(tx, [{ ...text, roles, exceptUserId: actor.profileId }]);
    await publishLiveEvents(tx, [{ kind: 'announcement', schoolId, id, roles }]);
    return;
  }
  const members = await audienceOf(tx, schoolId, id);
  await createNotifications(
    tx,
    members.map((m) => ({ ...text, userId: m.id })),
  );
  await publishLiveEvents(tx, [{ kind: 'announcement', schoolId, id, userIds: members.map((m) => m.id) }]);
}

/** The active users in an announcement's audience as it is now, its author excepted. */
function audienceOf(tx: Tx, schoolId: string, id: string): Promise<{ id: string; role: SchoolRole }[]> {
  return selectRows<{ id: string; role: SchoolRole }>(
    tx,
    sql`select m.id, m.role from announcements a, lateral (${audienceMembers(sql`a`)}) m where a.school_id = ${schoolId} and a.id = ${id}`,
  );
}

/** Managers list every announcement, whatever its audience (audience.ts, isManager). */
const MANAGER_ROLES: SchoolRole[] = ['school_admin', 'principal'];

/**
 * Tells everyone who may have the announcement on an open page that it was archived (withdrawn: it leaves the
 * page), restored (it comes back) or edited (its new text replaces the old), docs/product.md, "Announcements":
 * its audience, addressed as tellAudience addresses it, its author and the managers. A withdrawal carries only
 * the id, so telling someone who never had it reveals nothing; a restored or edited one is read by each stream
 * as its reader may see it, like a published one (someone it is not for gets nothing), and notifies no one again.
 */
async function tellStatusChanged(tx: Tx, schoolId: string, row: Row, change: 'archived' | 'restored' | 'edited') {
  const event = {
    kind: 'announcement' as const,
    schoolId,
    id: row.id,
    ...(change === 'archived' && { withdrawn: true }),
  };
  if (row.classIds.length === 0) {
    const roles = [...new Set([...rolesOf(row.audience), ...MANAGER_ROLES])];
    await publishLiveEvents(tx, [{ ...event, roles, userIds: [row.authorId] }]);
    return;
  }
  // The managers by role, the rest by person (managers left out, told once): two events, since a long list of
  // people is cut into several payloads and the roles would go with each one.
  const members = (await audienceOf(tx, schoolId, row.id)).filter((m) => !MANAGER_ROLES.includes(m.role));
  await publishLiveEvents(tx, [
    { ...event, roles: MANAGER_ROLES },
    { ...event, userIds: [row.authorId, ...members.map((m) => m.id)] },
  ]);
}

export function createAnnouncement(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateAnnouncementRequest>,
): Promise<Announcement> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  return inScope(deps.db, scope, async (tx) => {
    const audience = [...new Set(input.audience)].sort((x, y) => AUDIENCES.indexOf(x) - AUDIENCES.indexOf(y));
    const classIds = [...new Set(input.classIds)];
    await checkAudience(tx, actor, audience, classIds);
    const body = checkBody(input.body);
    const expiresAt = checkExpiry(input.expiresAt, now);
    await assertTrialCap(tx, scope.schoolId, 'announcements');
    const id = newId();
    await tx.execute(sql`insert into announcements
      (school_id, id, author_id, title, body, audience, class_ids, pinned, expires_at, created_at, updated_at)
      values (${scope.schoolId}, ${id}, ${actor.profileId}, ${input.title}, ${body},
        ${`{${audience.join(',')}}`}::text[], ${`{${classIds.join(',')}}`}::uuid[], ${input.pinned},
        ${expiresAt?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
    await claimAttachments(tx, {
      schoolId: scope.schoolId,
      userId: actor.profileId,
      ids: input.attachmentIds,
      parent: { announcementId: id },
    });
    await tellAudience(tx, actor, id, { title: input.title, audience, classIds });
    return answerVisible(tx, actor, now, id);
  });
}

async function findManaged(tx: Tx, actor: Actor, now: Date, id: string): Promise<Row> {
  const row = await findVisible(tx, actor, now, id);
  if (!isManager(actor) && row.authorId !== actor.profileId) throw forbidden();
  return row;
}

/** An archived announcement is refused a correction of its title, message, expiry or files (422). */
function assertEditable(row: Row): void {
  if (row.status === 'archived') throw new AppError('rule', M.archivedNotEditable);
}

export async function updateAnnouncement(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateAnnouncementRequest>,
): Promise<Announcement> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  let removed: string[] = [];
  const updated = await inScope(deps.db, scope, async (tx) => {
    const before = await findManaged(tx, actor, now, id);
    const edited = [input.title, input.body, input.expiresAt, input.attachmentIds].some((v) => v !== undefined);
    // Archived, it has no readers left to correct it for; pinning, archiving and restoring stay open. One past
    // its expiry stays correctable: a later expiry brings it back (docs/product.md, "Announcements").
    if (edited) assertEditable(before);
    const body = input.body === undefined ? undefined : checkBody(input.body);
    let filesChanged = false;
    if (input.attachmentIds !== undefined) {
      const had = (await attachmentsOf(tx, scope.schoolId, 'announcement', [id])).get(id) ?? [];
      const wanted = new Set(input.attachmentIds);
      filesChanged = had.length !== wanted.size || had.some((f) => !wanted.has(f.id));
      removed = await replaceAttachments(tx, {
        schoolId: scope.schoolId,
        userId: actor.profileId,
        ids: input.attachmentIds,
        parent: { announcementId: id },
      });
    }
    const sets: SQL[] = [sql`updated_at = ${now.toISOString()}::timestamptz`];
    // The card's `Edited` tells of what readers read (title, message, files) only when it really changed.
    const contentChanged =
      (input.title !== undefined && input.title !== before.title) ||
      (body !== undefined && body !== before.body) ||
      filesChanged;
    if (contentChanged) sets.push(sql`edited_at = ${now.toISOString()}::timestamptz`);
    if (input.title !== undefined) sets.push(sql`title = ${input.title}`);
    if (body !== undefined) sets.push(sql`body = ${body}`);
    if (input.pinned !== undefined) sets.push(sql`pinned = ${input.pinned}`);
    if (input.status !== undefined) sets.push(sql`status = ${input.status}`);
    if (input.expiresAt !== undefined) {
      sets.push(sql`expires_at = ${checkExpiry(input.expiresAt, now)?.toISOString() ?? null}::timestamptz`);
    }
    await tx.execute(sql`update announcements set ${sql.join(sets, sql`, `)}
      where school_id = ${scope.schoolId} and id = ${id}`);
    // Archived: it leaves its readers' lists and bells, open pages included. Restored: it is back on their open
    // pages, without a second notification. Edited while active: the open pages show the correction, without a
    // second notification (docs/product.md, "Announcements"). The audience and classes never change, and an
    // expiry is always in the future, so no edit takes it from a reader.
    const after = input.status ?? before.status;
    if (after === 'archived' && before.status === 'active') {
      await removeAnnouncementNotifications(tx, scope.schoolId, id);
      await tellStatusChanged(tx, scope.schoolId, before, 'archived');
    } else if (after === 'active' && before.status === 'archived') {
      await tellStatusChanged(tx, scope.schoolId, before, 'restored');
    } else if (after === 'active' && edited) {
      await tellStatusChanged(tx, scope.schoolId, before, 'edited');
    }
    // Its bell line says the title it has now; archived, it has no notifications to retitle.
    if (after === 'active' && input.title !== undefined) {
      await retitleAnnouncementNotifications(tx, scope.schoolId, id, notificationTitle(input.title));
    }
    return answerVisible(tx, actor, now, id);
  });
  // Files taken off the announcement go once that has committed; a failed removal is left to the sweep.
  for (const objectPath of removed) {
    await deps.storage.delete(objectPath).catch((err) => deps.log.warn({ err, objectPath }, 'could not remove a file'));
  }
  return updated;
}

/**
 * Records the caller's first read, and marks their notification of it read (a bell line that leads to
 * something already read would stay unread for nothing); reading again changes nothing.
 */
export function markAnnouncementRead(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  return inScope(deps.db, scope, async (tx) => {
    await findVisible(tx, actor, now, id);
    await tx.execute(sql`insert into announcement_reads (school_id, id, announcement_id, user_id, read_at)
      values (${scope.schoolId}, ${newId()}, ${id}, ${actor.profileId}, ${now.toISOString()}::timestamptz)
      on conflict (school_id, announcement_id, user_id) do nothing`);
    await readAnnouncementNotifications(tx, actor, id);
  });
}

/** The audience of an announcement who have (or have not) read it, by name; its author and managers only. */
export function listAnnouncementReaders(
  deps: Deps,
  actor: Actor,
  { id, ...query }: { id: string } & z.output<typeof AnnouncementReadersQuery>,
): Promise<AnnouncementReaders> {
  const scope = schoolActor(actor);
  const now = deps.clock();
  return inScope(deps.db, scope, async (tx) => {
    await findManaged(tx, actor, now, id);
    const state = query.state === 'read' ? sql`r.read_at is not null` : sql`r.read_at is null`;
    const members = sql`select m.id, m.name, m.role, r.read_at from announcements a
      cross join lateral (${audienceMembers(sql`a`)}) m
      left join announcement_reads r on r.school_id = a.school_id and r.announcement_id = a.id and r.user_id = m.id
      where a.school_id = ${scope.schoolId} and a.id = ${id} and ${state}`;
    const page = await keysetPage(
      tx,
      sql`select x.id, lower(x.name) as sort_value from (${members}) x`,
      { expr: sql`lower(name)`, cast: 'text', dir: 'asc' },
      query.cursor,
      query.limit,
      async (ids) => {
        if (ids.length === 0) return [];
        const rows = await selectRows<{ id: string; name: string; role: SchoolRole; read_at: string | Date | null }>(
          tx,
          sql`select x.* from (${members}) x where x.id in ${ids}`,
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.flatMap((rid) => {
          const r = byId.get(rid);
          return r
            ? [{ id: r.id, name: r.name, role: r.role, readAt: r.read_at === null ? null : iso(r.read_at) }]
            : [];
        });
      },
    );
    return page;
  });
}

/** The publish form's choices: every audience and class for managers; a teacher's own classes, to students and parents. */
export function announcementOptions(deps: Deps, actor: Actor): Promise<AnnouncementOptions> {
  const scope = schoolActor(actor);
  return inScope(deps.db, scope, async (tx) => {
    if (isManager(actor)) {
      const classes = await selectRows<{ id: string; label: string }>(
        tx,
        sql`select id, ${CLASS_LABEL} as label from classes c where school_id = ${scope.schoolId} order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
      );
      return { audiences: [...AUDIENCES], classes, classRequired: false };
    }
    if (actor.role !== 'teacher') throw forbidden();
    const classes = await selectRows<{ id: string; label: string }>(
      tx,
      sql`select c.id, ${CLASS_LABEL} as label from classes c
        where c.school_id = ${scope.schoolId}
          and exists (select 1 from class_teachers ct where ct.school_id = c.school_id and ct.class_id = c.id and ct.teacher_id = ${actor.profileId})
        order by ${byName(sql`c.name`, sql`c.section`)}, c.id`,
    );
    return { audiences: [...TEACHER_AUDIENCES], classes, classRequired: true };
  });
}
