import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  type ContactList,
  type ConversationDetail,
  type ConversationList,
  MESSAGE_MESSAGES,
  MESSAGE_PICK_LIMIT,
  type ConversationListQuery,
  type UnreadMessages,
} from '@lyceum/shared/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { chatGroupMembers } from '../../db/schema/index.ts';
import { inScope, listThroughAnswers, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { loadThenCommit } from '../../db/tenancy.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keysetPage } from '../../lib/list-page.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { nameLike, byName } from '../../lib/search.ts';
import { activeUser, contactable, conversationMembers, myConversations } from './audience.ts';
import { loadConversations, readOnlySql, unreadIn } from './views.ts';

const M = MESSAGE_MESSAGES;

export interface GroupRow {
  id: string;
  kind: 'direct' | 'class' | 'group';
  classId: string | null;
  createdBy: string | null;
  /** A deactivated class's group, or a direct conversation with someone no longer active: read, not written in. */
  readOnly: boolean;
}

/** One of the caller's conversations, or 404 (someone else's, another school's, or none). */
export async function findMine(tx: Tx, scope: SchoolScope, id: string): Promise<GroupRow> {
  const [row] = await selectRows<GroupRow>(
    tx,
    sql`select g.id, g.kind, g.class_id as "classId", g.created_by as "createdBy", ${readOnlySql} as "readOnly"
      from ${myConversations(scope)} g where g.id = ${id}`,
  );
  if (!row) throw notFound(M.conversationNotFound);
  return row;
}

/** Answers 404 unless the conversation is the caller's: another school's id is 404 whatever the body says. */
export async function assertConversation(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, (tx) => findMine(tx, scope, id));
}

export async function detailOf(tx: Tx, scope: SchoolScope, group: GroupRow): Promise<ConversationDetail> {
  const [conversation] = await loadConversations(tx, scope, [group.id]);
  const members = await conversationMembers(tx, scope.schoolId, group);
  return {
    ...(conversation as ConversationDetail),
    members: members.map((m) => ({ ...m, lastReadAt: m.lastReadAt ? new Date(m.lastReadAt).toISOString() : null })),
    createdBy: group.createdBy,
  };
}

export function listContacts(deps: Deps, actor: Actor, input: { search?: string | undefined }): Promise<ContactList> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const search = input.search ? sql`and ${nameLike(sql`u.name`, input.search)}` : sql``;
    const items = await selectRows<ContactList['items'][number]>(
      tx,
      sql`select u.id, u.name, u.role, u.profile_image as "profileImage" from users u where ${contactable(scope)} ${search}
        order by ${byName(sql`u.name`)}, u.id limit ${MESSAGE_PICK_LIMIT}`,
    );
    return { items };
  });
}

export function listConversations(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ConversationListQuery>,
): Promise<ConversationList> {
  const scope = writeScope(actor, undefined);
  // The reader's own list (membership, unread counts, "Seen"): only messages, reads and membership changes of
  // the school change it, and those drop the school's answers (docs/scaling.md, "Answers cache").
  return listThroughAnswers(
    deps.answers,
    scope,
    'conversations',
    query,
    () =>
      inScope(deps.db, scope, (tx) =>
        keysetPage(
          tx,
          sql`select g.id, g.last_activity_at as sort_value from ${myConversations(scope)} g`,
          { expr: sql`g.last_activity_at`, cast: 'timestamptz', dir: 'desc' },
          query.cursor,
          query.limit,
          // The conversations, then their last messages' attachments (not read when none has a message yet).
          loadThenCommit(tx, (ids) => loadConversations(tx, scope, ids), 2),
        ),
      ),
    true,
  );
}

export function getConversation(deps: Deps, actor: Actor, { id }: { id: string }): Promise<ConversationDetail> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    return detailOf(tx, scope, await findMine(tx, scope, id));
  });
}

/** Opens the one conversation between the caller and `userId`, making it the first time. */
export function startConversation(
  deps: Deps,
  actor: Actor,
  { userId }: { userId: string },
): Promise<{ created: boolean; conversation: ConversationDetail }> {
  const scope = writeScope(actor, undefined);
  const me = scope.actor.profileId;
  return inScope(deps.db, scope, async (tx) => {
    if (userId === me) throw new AppError('validation', M.notYourself, { userId: M.notYourself });
    const [target] = await selectRows<{ id: string; allowed: boolean }>(
      tx,
      sql`select u.id, (${contactable(scope)}) as allowed from users u where ${activeUser(scope)} and u.id = ${userId}`,
    );
    if (!target) throw notFound(PEOPLE_MESSAGES.userNotFound);
    if (!target.allowed) throw new AppError('forbidden', M.notAllowed);
    const directKey = [me, userId].sort().join(':');
    const id = newId();
    const made = await tx.execute(sql`insert into chat_groups (school_id, id, kind, direct_key, created_by)
      values (${scope.schoolId}, ${id}, 'direct', ${directKey}, ${me})
      on conflict (school_id, direct_key) where kind = 'direct' do nothing returning id`);
    const created = made.rows.length > 0;
    if (created) {
      await tx.insert(chatGroupMembers).values([
        { schoolId: scope.schoolId, id: newId(), groupId: id, userId: me },
        { schoolId: scope.schoolId, id: newId(), groupId: id, userId },
      ]);
    }
    const [existing] = await selectRows<{ id: string }>(
      tx,
      sql`select id from chat_groups where school_id = ${scope.schoolId} and kind = 'direct' and direct_key = ${directKey}`,
    );
    const group = await findMine(tx, scope, (existing as { id: string }).id);
    return { created, conversation: await detailOf(tx, scope, group) };
  });
}

/**
 * Everything in the conversation up to now is read by the caller. When that newly covers messages of others,
 * the other members' streams get the last message again, so their "Seen" appears without a reload.
 */
export function markConversationRead(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await findMine(tx, scope, id);
    const [news] = await selectRows<{ id: string }>(
      tx,
      sql`select x.id from messages x where x.school_id = ${scope.schoolId} and x.group_id = ${group.id}
        and x.sender_id <> ${scope.actor.profileId}
        and x.created_at > coalesce((select r.last_read_at from chat_reads r where r.school_id = x.school_id
          and r.group_id = x.group_id and r.user_id = ${scope.actor.profileId}), '-infinity'::timestamptz)
        order by x.created_at desc, x.id desc limit 1`,
    );
    await markRead(tx, scope, group.id, deps.clock());
    if (!news) return;
    const others = (await conversationMembers(tx, scope.schoolId, group)).filter((m) => m.id !== scope.actor.profileId);
    await publishLiveEvents(tx, [
      { kind: 'message', schoolId: scope.schoolId, id: news.id, userIds: others.map((m) => m.id) },
    ]);
  });
}

/** Moves the caller's read mark forward to `at` (never back). */
export async function markRead(tx: Tx, scope: SchoolScope, groupId: string, at: Date): Promise<void> {
  await tx.execute(markReadStatement(scope, groupId, at));
}

/** The caller's read mark moved to `at` (never back), as a statement a larger one can hold as a step. */
export const markReadStatement = (scope: SchoolScope, groupId: string, at: Date) =>
  sql`insert into chat_reads (school_id, id, group_id, user_id, last_read_at)
    values (${scope.schoolId}, ${newId()}, ${groupId}, ${scope.actor.profileId}, ${at.toISOString()}::timestamptz)
    on conflict (school_id, group_id, user_id)
    do update set last_read_at = greatest(chat_reads.last_read_at, excluded.last_read_at)`;

/** The school user's unread messages over all their conversations, as a scalar subquery (the sidebar's badge). */
export function unreadMessagesSql(actor: Actor): SQL {
  const scope = writeScope(actor, undefined);
  return sql`(select coalesce(sum(${unreadIn(scope)}), 0)::int from ${myConversations(scope)} g)`;
}

export function unreadMessages(deps: Deps, actor: Actor): Promise<UnreadMessages> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const [row] = await selectRows<{ n: number }>(tx, sql`select ${unreadMessagesSql(actor)} as n`);
    return { count: Number(row?.n ?? 0) };
  });
}
