import {
  MESSAGE_MESSAGES,
  MESSAGE_PICK_LIMIT,
  type Message,
  type MessageList,
  type MessageListQuery,
  type MessageReport,
  type MessageSearchResult,
} from '@lyceum/shared/messages';
import { messageOf } from '@lyceum/shared/notifications';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { selectRows } from '../../db/select-rows.ts';
import { sendTogether } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { inPageOrder, keysetPage } from '../../lib/list-page.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { pgCode } from '../../lib/pg-errors.ts';
import { likePattern } from '../../lib/search.ts';
import { claimAttachments } from '../files/index.ts';
import { createNotifications } from '../notifications/index.ts';
import { isMyConversation, memberIdsSql, myConversations } from './audience.ts';
import { findMine, markReadStatement } from './conversations.ts';
import { type MessageRow, messageAttachments, messageSelect, titleOf, toMessage } from './views.ts';
import { assertTrialRoom, lockTrialCount } from '../../db/trial-caps.ts';

const M = MESSAGE_MESSAGES;

/** A conversation's messages, newest first. */
export function listMessages(
  deps: Deps,
  actor: Actor,
  { id, ...query }: { id: string } & z.output<typeof MessageListQuery>,
): Promise<MessageList> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const group = await findMine(tx, scope, id);
    const [seen] = await selectRows<{ at: Date | string | null }>(
      tx,
      sql`select max(r.last_read_at) as at from chat_reads r
        where r.school_id = ${scope.schoolId} and r.group_id = ${group.id} and r.user_id <> ${scope.actor.profileId}`,
    );
    const page = await keysetPage(
      tx,
      sql`select x.id, x.created_at as sort_value from messages x where x.school_id = ${scope.schoolId} and x.group_id = ${group.id}`,
      { expr: sql`x.created_at`, cast: 'timestamptz', dir: 'desc' },
      query.cursor,
      query.limit,
      async (ids) => {
        if (ids.length === 0) return [];
        const rows = await selectRows<MessageRow>(
          tx,
          messageSelect(sql`x.school_id = ${scope.schoolId} and x.id in ${ids}`),
        );
        const files = await messageAttachments(tx, scope, ids);
        return inPageOrder(ids, rows, (r) => r.id).map((r) => toMessage(scope, r, files));
      },
    );
    return { ...page, othersReadAt: seen?.at ? new Date(seen.at).toISOString() : null };
  });
}

/**
 * Sends a message: stored, the conversation moved to the top, the sender's own read mark moved past it, and
 * a live `message` event to the conversation's members as they are now (every one of them in this school:
 * the hub never delivers across schools), all in one transaction. The three writes and the members' ids are
 * one statement: sending is the most frequent write of the app (docs/product.md, "Performance budgets").
 */
export function sendMessage(
  deps: Deps,
  actor: Actor,
  input: { id: string; body: string; attachmentIds: string[] },
): Promise<Message> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    // The trial check leaves in the same write as the conversation's read: a paying school pays no round trip.
    const [group, onTrial] = await sendTogether(tx, () =>
      Promise.all([findMine(tx, scope, input.id), lockTrialCount(tx, scope.schoolId, 'messages')]),
    );
    // A deactivated class's group, or a direct conversation with someone whose account is no longer active, keeps
    // its history but takes no new messages (docs/product.md, "Messages"); reactivating opens it again.
    if (group.readOnly) throw new AppError('rule', group.kind === 'direct' ? M.directPersonGone : M.classGroupClosed);
    await assertTrialRoom(tx, scope.schoolId, 'messages', onTrial);
    const id = newId();
    // The server's clock, as every other dated write: a message's time is the app's now, not the machine's.
    const createdAt = deps.clock();
    const at = createdAt.toISOString();
    const members = await selectRows<{ id: string }>(
      tx,
      sql`with sent as (
          insert into messages (school_id, id, group_id, sender_id, body, created_at)
          values (${scope.schoolId}, ${id}, ${group.id}, ${scope.actor.profileId}, ${input.body}, ${at}::timestamptz)
        ), moved as (
          update chat_groups set last_activity_at = greatest(last_activity_at, ${at}::timestamptz)
          where school_id = ${scope.schoolId} and id = ${group.id}
        ), seen as (${markReadStatement(scope, group.id, createdAt)})
        select u.id from users u
        where u.school_id = ${scope.schoolId} and u.is_active and u.deleted_at is null
          and u.id in ${memberIdsSql(scope.schoolId, group)}`,
    );
    await claimAttachments(tx, {
      schoolId: scope.schoolId,
      userId: scope.actor.profileId,
      ids: input.attachmentIds,
      parent: { messageId: id },
    });
    const userIds = [...new Set([scope.actor.profileId, ...members.map((m) => m.id)])];
    await publishLiveEvents(tx, [{ kind: 'message', schoolId: scope.schoolId, id, userIds }]);
    return toMessage(
      scope,
      {
        id,
        groupId: group.id,
        senderId: scope.actor.profileId,
        senderName: scope.actor.name,
        senderImage: scope.actor.profileImage,
        body: input.body,
        createdAt,
      },
      input.attachmentIds.length ? await messageAttachments(tx, scope, [id]) : new Map(),
    );
  });
}

/** One message as the live stream sends it: only to a member of its conversation, else null. */
export async function readMessage(deps: Deps, actor: Actor, { id }: { id: string }): Promise<Message | null> {
  if (actor.kind !== 'school' || !actor.schoolId) return null;
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const [row] = await selectRows<MessageRow>(
      tx,
      messageSelect(
        sql`x.school_id = ${scope.schoolId} and x.id = ${id} and ${isMyConversation(scope, sql`x.group_id`)}`,
      ),
    );
    return row ? toMessage(scope, row, await messageAttachments(tx, scope, [row.id])) : null;
  });
}

/** Whether the caller may read the message (and so its attachments): a member of its conversation. */
export async function messageVisible(tx: Tx, scope: SchoolScope, id: string): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`select 1 from messages x where x.school_id = ${scope.schoolId} and x.id = ${id}
      and ${isMyConversation(scope, sql`x.group_id`)}`,
  );
  return rows.length > 0;
}

/** The caller's own conversations' messages containing `q`, newest first, at most MESSAGE_PICK_LIMIT. */
export function searchMessages(deps: Deps, actor: Actor, { q }: { q: string }): Promise<MessageSearchResult> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const rows = await selectRows<MessageRow & { conversationTitle: string | null }>(
      tx,
      sql`select x.id, x.group_id as "groupId", x.sender_id as "senderId", su.name as "senderName",
          su.profile_image as "senderImage", x.body, x.created_at as "createdAt", ${titleOf(scope)} as "conversationTitle"
        from messages x join users su on su.school_id = x.school_id and su.id = x.sender_id
        join ${myConversations(scope)} g on g.school_id = x.school_id and g.id = x.group_id
        where x.body ilike ${likePattern(q)}
        order by x.created_at desc, x.id desc limit ${MESSAGE_PICK_LIMIT}`,
    );
    const files = await messageAttachments(
      tx,
      scope,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((r) => ({ ...toMessage(scope, r, files), conversationTitle: r.conversationTitle ?? '' })),
    };
  });
}

const EXCERPT = 80;

/**
 * Reports a message of one's own conversations to the school administrators: a report row and a
 * notification to each active school admin (shown in their language when listed), in one transaction.
 */
export function reportMessage(
  deps: Deps,
  actor: Actor,
  input: { id: string; reason?: string | undefined },
): Promise<MessageReport> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const [message] = await selectRows<MessageRow>(
      tx,
      messageSelect(
        sql`x.school_id = ${scope.schoolId} and x.id = ${input.id} and ${isMyConversation(scope, sql`x.group_id`)}`,
      ),
    );
    if (!message) throw notFound(M.messageNotFound);
    const id = newId();
    try {
      await tx.execute(sql`insert into message_reports (school_id, id, message_id, reporter_id, reason)
        values (${scope.schoolId}, ${id}, ${message.id}, ${scope.actor.profileId}, ${input.reason || null})`);
    } catch (err) {
      if (pgCode(err) === '23505') throw new AppError('conflict', M.alreadyReported);
      throw err;
    }
    // An admin in the conversation is led to it from the notification; the others could not open it (only
    // members read a conversation, docs/product.md "Messages"), so theirs leads nowhere. A class group's members
    // are its teachers and parents, never an admin, so membership is the group's own rows.
    const admins = await selectRows<{ id: string; member: boolean }>(
      tx,
      sql`select u.id, exists (select 1 from chat_group_members m
          where m.school_id = u.school_id and m.group_id = ${message.groupId} and m.user_id = u.id) as member
        from users u
        where u.school_id = ${scope.schoolId} and u.role = 'school_admin' and u.is_active and u.deleted_at is null`,
    );
    // Counted in code points, not UTF-16 units: cutting between a surrogate pair would quote half an emoji.
    const characters = Array.from(message.body);
    const excerpt = characters.length > EXCERPT ? `${characters.slice(0, EXCERPT).join('')}…` : message.body;
    // Stored as our message and its parameters, so each admin reads it in their language of the moment; the
    // names and the quote are people's own text, shown as written (docs/product.md, "Notifications").
    const title = messageOf(() => M.reportTitle);
    const body = messageOf(M.reportBody, scope.actor.name, message.senderName, excerpt);
    await createNotifications(
      tx,
      admins.map((a) => ({
        schoolId: scope.schoolId,
        userId: a.id,
        type: 'other' as const,
        title: title.text,
        body: body.text,
        message: { title: title.ref, body: body.ref },
        ...(a.member ? { target: { kind: 'conversation' as const, id: message.groupId } } : {}),
      })),
    );
    return { id };
  });
}
