import type { Attachment } from '@lyceum/shared/files';
import type { Conversation, Message } from '@lyceum/shared/messages';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { SchoolScope } from '../../db/school-scope.ts';
import { inPageOrder } from '../../lib/list-page.ts';
import { attachmentsOf } from '../files/index.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

export interface MessageRow {
  id: string;
  groupId: string;
  senderId: string;
  senderName: string;
  senderImage: string | null;
  body: string;
  createdAt: Date | string;
}

export const toMessage = (scope: SchoolScope, m: MessageRow, attachments: Map<string, Attachment[]>): Message => ({
  id: m.id,
  conversationId: m.groupId,
  senderId: m.senderId,
  senderName: m.senderName,
  senderImage: m.senderImage ?? null,
  body: m.body,
  createdAt: iso(m.createdAt),
  mine: m.senderId === scope.actor.profileId,
  attachments: attachments.get(m.id) ?? [],
});

/** The attachments of these messages, by message id, in one query. */
export const messageAttachments = (tx: Tx, scope: SchoolScope, ids: string[]) =>
  attachmentsOf(tx, scope.schoolId, 'message', ids);

/** Messages `x` with their sender's name, filtered by `where`. */
export const messageSelect = (where: SQL) =>
  sql`select x.id, x.group_id as "groupId", x.sender_id as "senderId", su.name as "senderName",
      su.profile_image as "senderImage", x.body, x.created_at as "createdAt"
    from messages x join users su on su.school_id = x.school_id and su.id = x.sender_id where ${where}`;

/** What a conversation `g` is called for the caller: the other person, the class, or the group's name. */
export const titleOf = (scope: SchoolScope) => sql`case g.kind
    when 'direct' then coalesce((select u.name from chat_group_members m join users u on u.school_id = m.school_id and u.id = m.user_id
      where m.school_id = g.school_id and m.group_id = g.id and m.user_id <> ${scope.actor.profileId} limit 1), '')
    when 'class' then (select ${classLabel('c')} from classes c where c.school_id = g.school_id and c.id = g.class_id)
    else g.name end`;

/** The other person's picture in a direct conversation `g`, else null: shown where their name is. */
const imageOf = (
  scope: SchoolScope,
) => sql`case when g.kind = 'direct' then (select u.profile_image from chat_group_members m
    join users u on u.school_id = m.school_id and u.id = m.user_id
    where m.school_id = g.school_id and m.group_id = g.id and m.user_id <> ${scope.actor.profileId} limit 1) end`;

/**
 * Messages from others in `g` after the caller's last read. The read mark is one value (coalesced inside its
 * subquery) so that the comparison reaches the index: under row-level security PostgreSQL only puts leakproof
 * conditions into an index scan, and a COALESCE around the subquery does not count as one, so the scan would
 * read the conversation's whole history instead of what came after the mark.
 */
export const unreadIn = (scope: SchoolScope) => sql`(select count(*)::int from messages x
    where x.school_id = g.school_id and x.group_id = g.id and x.sender_id <> ${scope.actor.profileId}
    and x.created_at > (select coalesce(max(r.last_read_at), '-infinity'::timestamptz) from chat_reads r
      where r.school_id = g.school_id and r.group_id = g.id and r.user_id = ${scope.actor.profileId}))`;

interface ConversationRow {
  id: string;
  kind: Conversation['kind'];
  title: string | null;
  image: string | null;
  classId: string | null;
  lastActivityAt: Date | string;
  unread: number;
  lastId: string | null;
  lastSenderId: string | null;
  lastSenderName: string | null;
  lastSenderImage: string | null;
  lastBody: string | null;
  lastCreatedAt: Date | string | null;
  readOnly: boolean;
}

/**
 * Whether conversation `g` is read-only (docs/product.md, "Messages"): a deactivated class's group, or a direct
 * conversation whose other person's account is no longer active (the caller's own is: they are signed in), where
 * a message would reach nobody.
 */
export const readOnlySql = sql`((g.kind = 'class' and not exists (select 1 from classes c
    where c.school_id = g.school_id and c.id = g.class_id and c.is_active))
  or (g.kind = 'direct' and exists (select 1 from chat_group_members m join users u on u.school_id = m.school_id
    and u.id = m.user_id where m.school_id = g.school_id and m.group_id = g.id
    and (not u.is_active or u.deleted_at is not null))))`;

/** The conversations of `ids` as the caller sees them (title, last message, unread), in the order of `ids`. */
export async function loadConversations(tx: Tx, scope: SchoolScope, ids: string[]): Promise<Conversation[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows<ConversationRow>(
    tx,
    sql`select g.id, g.kind, ${titleOf(scope)} as title, ${imageOf(scope)} as image, g.class_id as "classId", g.last_activity_at as "lastActivityAt",
        ${unreadIn(scope)} as unread, lm.id as "lastId", lm.sender_id as "lastSenderId", lm.sender_name as "lastSenderName", lm.sender_image as "lastSenderImage",
        lm.body as "lastBody", lm.created_at as "lastCreatedAt", ${readOnlySql} as "readOnly"
      from chat_groups g left join lateral (
        select x.id, x.sender_id, su.name as sender_name, su.profile_image as sender_image, x.body, x.created_at from messages x
        join users su on su.school_id = x.school_id and su.id = x.sender_id
        where x.school_id = g.school_id and x.group_id = g.id order by x.created_at desc, x.id desc limit 1) lm on true
      where g.school_id = ${scope.schoolId} and g.id in ${ids}`,
  );
  const files = await messageAttachments(
    tx,
    scope,
    rows.flatMap((r) => (r.lastId ? [r.lastId] : [])),
  );
  return inPageOrder(ids, rows, (r) => r.id).map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title ?? '',
    image: r.image ?? null,
    classId: r.classId,
    unread: Number(r.unread),
    lastActivityAt: iso(r.lastActivityAt),
    readOnly: r.readOnly,
    lastMessage:
      r.lastId && r.lastSenderId && r.lastCreatedAt
        ? toMessage(
            scope,
            {
              id: r.lastId,
              groupId: r.id,
              senderId: r.lastSenderId,
              senderName: r.lastSenderName ?? '',
              senderImage: r.lastSenderImage,
              body: r.lastBody ?? '',
              createdAt: r.lastCreatedAt,
            },
            files,
          )
        : null,
  }));
}
