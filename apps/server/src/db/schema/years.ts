import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { PROMOTION_ACTIONS } from '@lyceum/shared/years';
import { classes } from './academics.ts';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts, updatedAt } from './columns.ts';
import { students } from './people.ts';
import { schools, users } from './schools.ts';

/**
 * A school's academic years (docs/product.md, "Academic years and promotion"). Exactly one is current, held by
 * the partial unique index; a trigger on `schools` gives every new school its first one.
 */
export const academicYears = pgTable(
  'academic_years',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('academic_years_name_unique').on(t.schoolId, t.name),
    uniqueIndex('academic_years_one_current').on(t.schoolId).where(sql`${t.isCurrent}`),
    check('academic_years_date_order', sql`${t.endDate} > ${t.startDate}`),
  ],
);

const yearPart = (table: string) =>
  pgTable(
    table,
    {
      schoolId: schoolId().references(() => schools.id),
      id: id(),
      academicYearId: uuid('academic_year_id').notNull(),
      name: text('name').notNull(),
      startDate: date('start_date', { mode: 'string' }).notNull(),
      endDate: date('end_date', { mode: 'string' }).notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.schoolId, t.id] }),
      index(`${table}_year_idx`).on(t.schoolId, t.academicYearId, t.startDate),
      check(`${table}_date_order`, sql`${t.endDate} >= ${t.startDate}`),
      foreignKey({
        name: `${table}_year_fk`,
        columns: [t.schoolId, t.academicYearId],
        foreignColumns: [academicYears.schoolId, academicYears.id],
      }).onDelete('cascade'),
    ],
  );

/** Terms of a year: inside it, not overlapping one another (checked by the service). */
export const academicTerms = yearPart('academic_terms');
/** Holidays of a year: inside it; they may overlap terms and one another. */
export const academicHolidays = yearPart('academic_holidays');

/** One applied year-end promotion; undone promotions keep their row with `undone_at`. */
export const promotions = pgTable(
  'promotions',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    fromYearId: uuid('from_year_id').notNull(),
    toYearId: uuid('to_year_id').notNull(),
    appliedById: uuid('applied_by_id').notNull(),
    appliedByName: text('applied_by_name').notNull(),
    appliedAt: ts('applied_at').notNull(),
    totals: jsonb('totals').notNull(),
    /** Classes the promotion moved into the target year, with the year each had: undo gives it back. */
    relabelledClasses: jsonb('relabelled_classes')
      .$type<{ classId: string; academicYear: string }[]>()
      .notNull()
      .default([]),
    undoneAt: ts('undone_at'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('promotions_applied_idx').on(t.schoolId, t.appliedAt),
    foreignKey({
      name: 'promotions_from_year_fk',
      columns: [t.schoolId, t.fromYearId],
      foreignColumns: [academicYears.schoolId, academicYears.id],
    }),
    foreignKey({
      name: 'promotions_to_year_fk',
      columns: [t.schoolId, t.toYearId],
      foreignColumns: [academicYears.schoolId, academicYears.id],
    }),
    foreignKey({
      name: 'promotions_applied_by_fk',
      columns: [t.schoolId, t.appliedById],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/** What a promotion did to one student, so undo can put them back exactly. */
export const promotionMoves = pgTable(
  'promotion_moves',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    promotionId: uuid('promotion_id').notNull(),
    studentId: uuid('student_id').notNull(),
    action: text('action', { enum: PROMOTION_ACTIONS }).notNull(),
    fromClassId: uuid('from_class_id').notNull(),
    fromRoll: integer('from_roll').notNull(),
    fromAcademicYear: text('from_academic_year').notNull(),
    wasActive: boolean('was_active').notNull(),
    toClassId: uuid('to_class_id').notNull(),
    toRoll: integer('to_roll').notNull(),
  },
  (t) => [
    oneOf('promotion_moves_action_check', t.action),
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('promotion_moves_student_unique').on(t.schoolId, t.promotionId, t.studentId),
    foreignKey({
      name: 'promotion_moves_promotion_fk',
      columns: [t.schoolId, t.promotionId],
      foreignColumns: [promotions.schoolId, promotions.id],
    }),
    foreignKey({
      name: 'promotion_moves_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
    foreignKey({
      name: 'promotion_moves_from_class_fk',
      columns: [t.schoolId, t.fromClassId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    foreignKey({
      name: 'promotion_moves_to_class_fk',
      columns: [t.schoolId, t.toClassId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
  ],
);
