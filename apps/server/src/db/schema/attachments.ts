import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { announcements } from './announcements.ts';
import { id, schoolId } from './columns.ts';
import { storedFiles } from './files.ts';
import { messages } from './messages.ts';
import { schools } from './schools.ts';

/**
 * A file attached to an announcement or a message (docs/product.md, "Attachments"). It is a stored file (the
 * same id: bytes, type, owner and storage accounting live in `stored_files`) with the name it is shown under
 * and its parent. Both parents empty means uploaded and not sent yet: only its uploader may attach it, and
 * the sweep removes it after a day.
 */
export const attachments = pgTable(
  'attachments',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    /** The uploaded name, sanitised: shown, and offered as the download's file name. */
    name: text('name').notNull(),
    announcementId: uuid('announcement_id'),
    messageId: uuid('message_id'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    check('attachments_one_parent', sql`${t.announcementId} is null or ${t.messageId} is null`),
    foreignKey({
      name: 'attachments_file_fk',
      columns: [t.schoolId, t.id],
      foreignColumns: [storedFiles.schoolId, storedFiles.id],
    }),
    foreignKey({
      name: 'attachments_announcement_fk',
      columns: [t.schoolId, t.announcementId],
      foreignColumns: [announcements.schoolId, announcements.id],
    }),
    foreignKey({
      name: 'attachments_message_fk',
      columns: [t.schoolId, t.messageId],
      foreignColumns: [messages.schoolId, messages.id],
    }),
    index('attachments_announcement_idx').on(t.schoolId, t.announcementId).where(sql`${t.announcementId} is not null`),
    index('attachments_message_idx').on(t.schoolId, t.messageId).where(sql`${t.messageId} is not null`),
  ],
);
