import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts } from './columns.ts';
import { companyStaff } from './identity.ts';
import { schools, users } from './schools.ts';

/** What a stored object is for; the object path layout depends on it (docs/product.md, "Files"). */
export const FILE_KINDS = ['profile_picture', 'attachment'] as const;

/** What both tables record of an object. */
const objectColumns = () => ({
  kind: text('kind', { enum: FILE_KINDS }).notNull(),
  objectPath: text('object_path').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
  deletedAt: ts('deleted_at'),
});

/**
 * Every object a school's users store, the unit of storage accounting: a school's use is the sum of `bytes`
 * over its rows that are not deleted. A row is written in the same transaction as the change that refers to
 * the object, so the count cannot drift from what the product shows.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    ownerUserId: uuid('owner_user_id').notNull(),
    ...objectColumns(),
  },
  (t) => [
    oneOf('stored_files_kind_check', t.kind),
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'stored_files_owner_fk',
      columns: [t.schoolId, t.ownerUserId],
      foreignColumns: [users.schoolId, users.id],
    }),
    uniqueIndex('stored_files_school_path_unique').on(t.schoolId, t.objectPath),
    index('stored_files_school_live_idx').on(t.schoolId, t.ownerUserId).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Objects of company staff, who belong to no school: kept out of the tenant tables (and out of every school's
 * storage use), readable only under company scope.
 */
export const companyFiles = pgTable(
  'company_files',
  {
    id: id().primaryKey(),
    ownerStaffId: uuid('owner_staff_id')
      .notNull()
      .references(() => companyStaff.id),
    ...objectColumns(),
  },
  (t) => [
    oneOf('company_files_kind_check', t.kind),
    uniqueIndex('company_files_path_unique').on(t.objectPath),
    index('company_files_owner_idx').on(t.ownerStaffId),
  ],
);
