import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts, updatedAt } from './columns.ts';
import { schools, users } from './schools.ts';

/**
 * A school's announcement (docs/product.md, "Announcements"). `audience` holds roles or 'all'; `class_ids`,
 * when not empty, narrows it to people of those classes. `body` is HTML already cut to the safe subset.
 */
export const announcements = pgTable(
  'announcements',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').array().notNull(),
    classIds: uuid('class_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    pinned: boolean('pinned').notNull().default(false),
    expiresAt: ts('expires_at'),
    /**
     * When its title, message or files last changed after publishing (the card's `Edited`); null while never
     * edited. Not `updated_at`, which pinning and archiving move too.
     */
    editedAt: ts('edited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('announcements_status_check', t.status),
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('announcements_school_created_idx').on(t.schoolId, t.createdAt),
    foreignKey({
      name: 'announcements_author_fk',
      columns: [t.schoolId, t.authorId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/** Who has read an announcement, and when (first read only). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    announcementId: uuid('announcement_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('announcement_reads_unique').on(t.schoolId, t.announcementId, t.userId),
    foreignKey({
      name: 'announcement_reads_announcement_fk',
      columns: [t.schoolId, t.announcementId],
      foreignColumns: [announcements.schoolId, announcements.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'announcement_reads_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);
