import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAX_EMERGENCY_CONTACTS } from '@lyceum/shared/emergency-contacts';
import { oneOf } from './closed-sets.ts';
import { classes } from './academics.ts';
import { createdAt, schoolId, updatedAt } from './columns.ts';
import { schools, users } from './schools.ts';

/**
 * Role profiles of school users. Each row's `id` IS the `users.id` it extends, so a student, teacher or parent
 * is addressed by one id everywhere. Name, e-mail, phone, picture and active state live on `users`.
 */
const profileId = () => uuid('id').notNull();

/** A student (docs/product.md, "Students"): always in exactly one class; roll numbers unique within a class. */
export const students = pgTable(
  'students',
  {
    schoolId: schoolId().references(() => schools.id),
    id: profileId(),
    classId: uuid('class_id').notNull(),
    rollNumber: integer('roll_number').notNull(),
    academicYear: text('academic_year').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('students_class_roll_unique').on(t.schoolId, t.classId, t.rollNumber),
    foreignKey({ name: 'students_user_fk', columns: [t.schoolId, t.id], foreignColumns: [users.schoolId, users.id] }),
    foreignKey({
      name: 'students_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    check('students_roll_positive', sql`${t.rollNumber} > 0`),
  ],
);

/** A teacher (docs/product.md, "Teachers"). `isAdmin` marks a teacher promoted to school administrator (docs/product.md, "Promoting a teacher"). */
export const teachers = pgTable(
  'teachers',
  {
    schoolId: schoolId().references(() => schools.id),
    id: profileId(),
    qualification: text('qualification'),
    experience: integer('experience'),
    subjectIds: uuid('subject_ids').array().notNull().default(sql`'{}'::uuid[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ name: 'teachers_user_fk', columns: [t.schoolId, t.id], foreignColumns: [users.schoolId, users.id] }),
    check('teachers_experience_range', sql`${t.experience} is null or ${t.experience} >= 0`),
  ],
);

/** A parent (docs/product.md, "Parents"); `status` follows the user's active flag and starts active. */
export const parents = pgTable(
  'parents',
  {
    schoolId: schoolId().references(() => schools.id),
    id: profileId(),
    relationship: text('relationship'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('parents_status_check', t.status),
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ name: 'parents_user_fk', columns: [t.schoolId, t.id], foreignColumns: [users.schoolId, users.id] }),
  ],
);

export const studentParents = pgTable(
  'student_parents',
  {
    schoolId: schoolId().references(() => schools.id),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    relationship: text('relationship').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('student_parents_unique').on(t.schoolId, t.studentId, t.parentId),
    index('student_parents_parent_idx').on(t.schoolId, t.parentId),
    foreignKey({
      name: 'student_parents_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
    foreignKey({
      name: 'student_parents_parent_fk',
      columns: [t.schoolId, t.parentId],
      foreignColumns: [parents.schoolId, parents.id],
    }),
  ],
);

/**
 * A student's emergency contacts (docs/product.md, "Emergency contacts"), called in `position` order (1 first).
 * At most MAX_EMERGENCY_CONTACTS per student; a save replaces the whole list, so positions stay 1..n.
 */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    schoolId: schoolId().references(() => schools.id),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('emergency_contacts_student_position_unique').on(t.schoolId, t.studentId, t.position),
    foreignKey({
      name: 'emergency_contacts_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
    check(
      'emergency_contacts_position_range',
      sql`${t.position} between 1 and ${sql.raw(String(MAX_EMERGENCY_CONTACTS))}`,
    ),
  ],
);
