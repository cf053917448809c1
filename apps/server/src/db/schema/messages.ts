import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONVERSATION_KINDS } from '@lyceum/shared/messages';
import { classes } from './academics.ts';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts } from './columns.ts';
import { schools, users } from './schools.ts';

/**
 * Every conversation of a school (docs/product.md, "Messages"): a one-to-one conversation (`direct`), a class's
 * group (`class`, one per class) or a group staff made (`group`). Members of direct and staff-made groups are
 * rows of `chat_group_members`; a class group's members are computed from the roster when read, so they can
 * never drift from it.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    name: text('name'),
    classId: uuid('class_id'),
    /** Direct conversations: the two user ids, sorted and joined, so a pair has one conversation. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** The last message's time (or the creation's): the conversation list's order. */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    /** A staff-made group its creator or a school admin deleted: gone from every list, its messages kept for reports. */
    archivedAt: ts('archived_at'),
  },
  (t) => [
    oneOf('chat_groups_kind_check', t.kind),
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('chat_groups_class_unique').on(t.schoolId, t.classId).where(sql`${t.kind} = 'class'`),
    uniqueIndex('chat_groups_direct_unique').on(t.schoolId, t.directKey).where(sql`${t.kind} = 'direct'`),
    index('chat_groups_activity_idx').on(t.schoolId, t.lastActivityAt),
    foreignKey({
      name: 'chat_groups_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
  ],
);

export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('chat_group_members_unique').on(t.schoolId, t.groupId, t.userId),
    index('chat_group_members_user_idx').on(t.schoolId, t.userId),
    foreignKey({
      name: 'chat_group_members_group_fk',
      columns: [t.schoolId, t.groupId],
      foreignColumns: [chatGroups.schoolId, chatGroups.id],
    }),
    foreignKey({
      name: 'chat_group_members_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/** What each member has read of a conversation, for every kind (class groups included): unread counts and "Seen". */
export const chatReads = pgTable(
  'chat_reads',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastReadAt: ts('last_read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('chat_reads_unique').on(t.schoolId, t.groupId, t.userId),
    foreignKey({
      name: 'chat_reads_group_fk',
      columns: [t.schoolId, t.groupId],
      foreignColumns: [chatGroups.schoolId, chatGroups.id],
    }),
    foreignKey({
      name: 'chat_reads_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

export const messages = pgTable(
  'messages',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    groupId: uuid('group_id').notNull(),
    senderId: uuid('sender_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('messages_group_time_idx').on(t.schoolId, t.groupId, t.createdAt, t.id),
    foreignKey({
      name: 'messages_group_fk',
      columns: [t.schoolId, t.groupId],
      foreignColumns: [chatGroups.schoolId, chatGroups.id],
    }),
    foreignKey({
      name: 'messages_sender_fk',
      columns: [t.schoolId, t.senderId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/** A member's report of a message to the school administrators; one per reporter and message. */
export const messageReports = pgTable(
  'message_reports',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    messageId: uuid('message_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('message_reports_unique').on(t.schoolId, t.messageId, t.reporterId),
    foreignKey({
      name: 'message_reports_message_fk',
      columns: [t.schoolId, t.messageId],
      foreignColumns: [messages.schoolId, messages.id],
    }),
    foreignKey({
      name: 'message_reports_reporter_fk',
      columns: [t.schoolId, t.reporterId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);
