import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  type AddGroupMembersRequest,
  type ConversationDetail,
  type CreateGroupRequest,
  GROUP_MEMBERS_MAX,
  GROUP_SIZE_MAX,
  MESSAGE_MESSAGES,
  type RenameGroupRequest,
} from '@lyceum/shared/messages';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { chatGroupMembers, chatGroups } from '../../db/schema/index.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { activeUser, contactable, isMyConversation } from './audience.ts';
import { detailOf, type GroupRow } from './conversations.ts';
import { assertTrialCap } from '../../db/trial-caps.ts';

/**
 * Groups staff make (docs/product.md, "Messages"): made, renamed, their members added
 * and taken out, left, deleted. Class groups follow the roster and are never changed here: they answer
 * `Group not found` like a group one is not in.
 */
const M = MESSAGE_MESSAGES;

/**
 * One of the caller's staff-made groups, locked for the rest of the transaction so two changes at once cannot
 * together pass the size limit; 404 for anything else.
 */
async function lockMyGroup(tx: Tx, scope: SchoolScope, id: string): Promise<GroupRow> {
  const [row] = await selectRows<GroupRow>(
    tx,
    sql`select g.id, g.kind, g.class_id as "classId", g.created_by as "createdBy"
      from chat_groups g where g.school_id = ${scope.schoolId} and g.kind = 'group' and g.id = ${id}
        and ${isMyConversation(scope, sql`g.id`)} for update of g`,
  );
  if (!row) throw notFound(M.groupNotFound);
  return row;
}

async function memberIds(tx: Tx, scope: SchoolScope, groupId: string): Promise<string[]> {
  const rows = await selectRows<{ userId: string }>(
    tx,
    sql`select user_id as "userId" from chat_group_members where school_id = ${scope.schoolId} and group_id = ${groupId}`,
  );
  return rows.map((r) => r.userId);
}

/**
 * Everyone added must be someone the caller may message (the rule of starting a conversation): another
 * school's or an unknown person is `User not found`, one outside the rule `You cannot start a conversation
 * with this person`.
 */
async function assertAddable(tx: Tx, scope: SchoolScope, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await selectRows<{ id: string; allowed: boolean }>(
    tx,
    sql`select u.id, (${contactable(scope)}) as allowed from users u where ${activeUser(scope)} and u.id in ${ids}`,
  );
  if (found.length !== ids.length) throw notFound(PEOPLE_MESSAGES.userNotFound);
  if (found.some((u) => !u.allowed)) throw new AppError('forbidden', M.notAllowed);
}

async function insertMembers(tx: Tx, scope: SchoolScope, groupId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(chatGroupMembers)
    .values(ids.map((userId) => ({ schoolId: scope.schoolId, id: newId(), groupId, userId })))
    .onConflictDoNothing();
}

/** Open conversation lists of everyone the change concerns (members before and after) refetch. */
function tellMembers(tx: Tx, scope: SchoolScope, groupId: string, userIds: string[]): Promise<void> {
  return publishLiveEvents(tx, [
    { kind: 'conversation', schoolId: scope.schoolId, id: groupId, userIds: [...new Set(userIds)] },
  ]);
}

/**
 * The people a request names besides the caller, each once: 1 to GROUP_MEMBERS_MAX of them (docs/product.md,
 * "Messages": "1 to 100 members besides themselves"). Counted after leaving the caller out, so a list of only
 * themselves is refused and 100 others plus themselves is not.
 */
function othersNamed(ids: string[], me: string): string[] {
  const others = [...new Set(ids)].filter((id) => id !== me);
  const message =
    others.length === 0
      ? M.membersRequired
      : others.length > GROUP_MEMBERS_MAX
        ? M.tooManyMembers(GROUP_MEMBERS_MAX)
        : null;
  if (message) throw invalid(`Invalid data: ${message}`, { memberIds: message });
  return others;
}

/** Answers 404 unless the group is one of the caller's: another school's id is 404 whatever the body says. */
export async function assertGroup(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, (tx) => lockMyGroup(tx, scope, id));
}

/** Staff make a group of people they may message; they are in it themselves. */
export function createGroup(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateGroupRequest>,
): Promise<ConversationDetail> {
  const scope = writeScope(actor, undefined);
  const me = scope.actor.profileId;
  return inScope(deps.db, scope, async (tx) => {
    const others = othersNamed(input.memberIds, me);
    await assertAddable(tx, scope, others);
    await assertTrialCap(tx, scope.schoolId, 'groups');
    const id = newId();
    await tx
      .insert(chatGroups)
      .values({ schoolId: scope.schoolId, id, kind: 'group', name: input.name, createdBy: me });
    await insertMembers(tx, scope, id, [me, ...others]);
    await tellMembers(tx, scope, id, [me, ...others]);
    return detailOf(tx, scope, await lockMyGroup(tx, scope, id));
  });
}

export function renameGroup(
  deps: Deps,
  actor: Actor,
  input: { id: string } & z.output<typeof RenameGroupRequest>,
): Promise<ConversationDetail> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await lockMyGroup(tx, scope, input.id);
    await tx.execute(
      sql`update chat_groups set name = ${input.name} where school_id = ${scope.schoolId} and id = ${group.id}`,
    );
    await tellMembers(tx, scope, group.id, await memberIds(tx, scope, group.id));
    return detailOf(tx, scope, group);
  });
}

/** Adds people (those already in are left as they are), up to GROUP_SIZE_MAX in all. */
export function addGroupMembers(
  deps: Deps,
  actor: Actor,
  input: { id: string } & z.output<typeof AddGroupMembersRequest>,
): Promise<ConversationDetail> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await lockMyGroup(tx, scope, input.id);
    const current = await memberIds(tx, scope, group.id);
    const added = othersNamed(input.memberIds, scope.actor.profileId).filter((id) => !current.includes(id));
    await assertAddable(tx, scope, added);
    if (current.length + added.length > GROUP_SIZE_MAX) {
      const message = M.groupFull(GROUP_SIZE_MAX);
      throw new AppError('validation', message, { memberIds: message });
    }
    await insertMembers(tx, scope, group.id, added);
    await tellMembers(tx, scope, group.id, [...current, ...added]);
    return detailOf(tx, scope, group);
  });
}

async function removeMember(tx: Tx, scope: SchoolScope, group: GroupRow, userId: string): Promise<void> {
  const current = await memberIds(tx, scope, group.id);
  if (!current.includes(userId)) throw notFound(M.notAMember);
  await tx.execute(sql`delete from chat_group_members
    where school_id = ${scope.schoolId} and group_id = ${group.id} and user_id = ${userId}`);
  // The one taken out hears of it too, so the group leaves their open list.
  await tellMembers(tx, scope, group.id, current);
}

export function removeGroupMember(
  deps: Deps,
  actor: Actor,
  input: { id: string; userId: string },
): Promise<ConversationDetail> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await lockMyGroup(tx, scope, input.id);
    await removeMember(tx, scope, group, input.userId);
    return detailOf(tx, scope, group);
  });
}

/** Any member may leave; the group goes on for the others. */
export function leaveGroup(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await lockMyGroup(tx, scope, id);
    await removeMember(tx, scope, group, scope.actor.profileId);
  });
}

/**
 * Deleting a group archives it: it leaves every member's list, while its messages stay, since a report to
 * the school admins may point at one of them.
 */
export function archiveGroup(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await lockMyGroup(tx, scope, id);
    if (group.createdBy !== scope.actor.profileId && scope.actor.role !== 'school_admin') {
      throw new AppError('forbidden', M.cannotDeleteGroup);
    }
    await tx.execute(
      sql`update chat_groups set archived_at = now() where school_id = ${scope.schoolId} and id = ${group.id}`,
    );
    await tellMembers(tx, scope, group.id, await memberIds(tx, scope, group.id));
  });
}

/**
 * What the live stream sends for a `conversation` event: only the group's id, for the web app to refetch its
 * lists as the user. The hub delivers it only to the members before and after the change, in their school;
 * one who was just taken out is no member any more, yet must hear of it, and the id tells them nothing new.
 */
export async function readConversationChange(
  _deps: Deps,
  actor: Actor,
  { id }: { id: string },
): Promise<{ id: string } | null> {
  return actor.kind === 'school' ? { id } : null;
}
