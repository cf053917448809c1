import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, schoolId, updatedAt } from './columns.ts';
import { schools, users } from './schools.ts';

/** Subjects a school teaches; names unique per school, case-insensitive. */
export const subjects = pgTable(
  'subjects',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    name: text('name').notNull(),
    code: text('code'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('subjects_school_name_unique').on(t.schoolId, sql`lower(${t.name})`),
  ],
);

/** A class (docs/product.md, "Classes and subjects"). The class teacher lives in `class_teachers` (one flagged row per class). */
export const classes = pgTable(
  'classes',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    name: text('name').notNull(),
    section: text('section').notNull().default(''),
    academicYear: text('academic_year').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The shown name as twins compare it (db/class-label.ts): stored, so that the comparison every class label
     * makes is a plain equality an index serves under row-level security too. An index on the expression itself
     * is not used there: regexp_replace and lower are not leakproof, so the policy's test must come first and
     * the school's classes were scanned with a regexp each, for every labelled row.
     */
    shownKey: text('shown_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(btrim(name || ' ' || section), '\\s+', ' ', 'g'))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('classes_school_name_unique').on(
      t.schoolId,
      t.academicYear,
      sql`lower(${t.name})`,
      sql`lower(${t.section})`,
    ),
    index('classes_school_name_idx').on(t.schoolId, t.name, t.section),
    // Every class label asks whether the school has a twin of the same shown name (db/class-label.ts): one
    // index probe per labelled row.
    index('classes_shown_key_idx').on(t.schoolId, t.shownKey),
  ],
);

export const classSubjects = pgTable(
  'class_subjects',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('class_subjects_unique').on(t.schoolId, t.classId, t.subjectId),
    index('class_subjects_subject_idx').on(t.schoolId, t.subjectId),
    foreignKey({
      name: 'class_subjects_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    foreignKey({
      name: 'class_subjects_subject_fk',
      columns: [t.schoolId, t.subjectId],
      foreignColumns: [subjects.schoolId, subjects.id],
    }),
  ],
);

/**
 * Teacher ↔ class with the subjects they teach there (ids of `subjects`, checked by the service against the
 * class's subjects). At most one class teacher per class, held by the partial unique index.
 */
export const classTeachers = pgTable(
  'class_teachers',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    classId: uuid('class_id').notNull(),
    teacherId: uuid('teacher_id').notNull(),
    subjectIds: uuid('subject_ids').array().notNull().default(sql`'{}'::uuid[]`),
    isClassTeacher: boolean('is_class_teacher').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('class_teachers_unique').on(t.schoolId, t.classId, t.teacherId),
    uniqueIndex('class_teachers_one_class_teacher').on(t.schoolId, t.classId).where(sql`${t.isClassTeacher}`),
    index('class_teachers_teacher_idx').on(t.schoolId, t.teacherId),
    foreignKey({
      name: 'class_teachers_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    foreignKey({
      name: 'class_teachers_teacher_fk',
      columns: [t.schoolId, t.teacherId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);
