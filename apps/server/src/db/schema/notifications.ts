import type { NotificationTarget } from '@lyceum/shared/api';
import type { NotificationMessage } from '@lyceum/shared/notifications';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts } from './columns.ts';
import { companyStaff } from './identity.ts';
import { announcements } from './announcements.ts';
import { schools, users } from './schools.ts';

/**
 * A school's notifications: to one user, or to every user of some roles (docs/product.md, "Notifications").
 * Here rather than beside the schools, since it points at an announcement, whose table points at the users.
 */
export const notifications = pgTable(
  'notifications',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    /** One addressee… */
    userId: uuid('user_id'),
    /** …or every user of these roles in the school: one row, each reader's state in notification_reads. */
    roles: text('roles').array(),
    type: text('type', { enum: ['fee', 'attendance', 'assignment', 'announcement', 'other'] }).notNull(),
    /** English, as written; shown as is when `message` is null (text that is not ours, e.g. a decline reason). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Our own wording as message ids and parameters, rendered in each reader's language when listed. */
    message: jsonb('message').$type<NotificationMessage>(),
    /**
     * The announcement it tells of: withdrawing the announcement removes it from every bell (docs/product.md,
     * "Notifications").
     */
    announcementId: uuid('announcement_id'),
    /** What opening it leads to, set only by our own code; null for nothing to open (docs/product.md, "Notifications"). */
    target: jsonb('target').$type<NotificationTarget>(),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('notifications_type_check', t.type),
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'notifications_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
    foreignKey({
      name: 'notifications_announcement_fk',
      columns: [t.schoolId, t.announcementId],
      foreignColumns: [announcements.schoolId, announcements.id],
    }).onDelete('cascade'),
    index('notifications_announcement_idx')
      .on(t.schoolId, t.announcementId)
      .where(sql`${t.announcementId} is not null`),
    index('notifications_user_idx').on(t.schoolId, t.userId, t.createdAt),
    index('notifications_roles_idx').on(t.schoolId, t.createdAt).where(sql`${t.userId} is null`),
    check(
      'notifications_target_check',
      sql`(${t.userId} is not null and ${t.roles} is null) or (${t.userId} is null and cardinality(${t.roles}) > 0)`,
    ),
  ],
);

/** Each reader's state of a role-wide notification (a row appears when they read or delete it). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    notificationId: uuid('notification_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('notification_reads_unique').on(t.schoolId, t.notificationId, t.userId),
    index('notification_reads_user_idx').on(t.schoolId, t.userId),
    foreignKey({
      name: 'notification_reads_notification_fk',
      columns: [t.schoolId, t.notificationId],
      foreignColumns: [notifications.schoolId, notifications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_reads_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/**
 * Company staff's notifications (add-on requests, payments to confirm, sales leads, subscriptions ending):
 * platform-level, so outside the tenant tables. Addressed to company roles; `dedupe_key` makes a sweep that
 * runs again send nothing twice.
 */
export const companyNotifications = pgTable(
  'company_notifications',
  {
    id: id().primaryKey(),
    roles: text('roles').array().notNull(),
    type: text('type', { enum: ['fee', 'attendance', 'assignment', 'announcement', 'other'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    message: jsonb('message').$type<NotificationMessage>(),
    target: jsonb('target').$type<NotificationTarget>(),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('company_notifications_type_check', t.type),
    check('company_notifications_roles_check', sql`cardinality(${t.roles}) > 0`),
    uniqueIndex('company_notifications_dedupe_unique').on(t.dedupeKey),
    index('company_notifications_created_idx').on(t.createdAt),
  ],
);

export const companyNotificationReads = pgTable(
  'company_notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => companyNotifications.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => companyStaff.id),
    readAt: ts('read_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.staffId] })],
);
