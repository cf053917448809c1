import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WEEKDAYS } from '@lyceum/shared/timetable';
import { ATTENDANCE_STATUSES } from '@lyceum/shared/attendance';
import { classes, subjects } from './academics.ts';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, schoolId, ts, updatedAt } from './columns.ts';
import { students } from './people.ts';
import { schools, users } from './schools.ts';
import { academicYears } from './years.ts';

/** The school's bell schedule: named periods and breaks (docs/product.md, "School day: timetable and attendance"). */
export const periods = pgTable(
  'periods',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    name: text('name').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isBreak: boolean('is_break').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('periods_school_start_unique').on(t.schoolId, t.startTime),
    check('periods_time_order', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** One weekly lesson: a class's subject with its teacher in a room, on a day, from start to end. */
export const timetableSlots = pgTable(
  'timetable_slots',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    classId: uuid('class_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    teacherId: uuid('teacher_id').notNull(),
    room: text('room').notNull().default(''),
    /**
     * The room as clashes and the room week compare it (roomKeySql in modules/timetable/slot-rows.ts), stored so
     * that the comparison is a plain equality an index serves, under row-level security too (see 0034).
     */
    roomKey: text('room_key').notNull().generatedAlwaysAs(sql`lower(regexp_replace(btrim(room), '\\s+', ' ', 'g'))`),
    day: text('day', { enum: WEEKDAYS }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** Filled by a trigger from the school's current year when the insert leaves it out (see 0012). */
    academicYearId: uuid('academic_year_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('timetable_slots_day_check', t.day),
    check('timetable_slots_time_order', sql`${t.endTime} > ${t.startTime}`),
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('timetable_slots_class_time_unique').on(t.schoolId, t.classId, t.day, t.startTime, t.endTime),
    index('timetable_slots_teacher_idx').on(t.schoolId, t.teacherId, t.day),
    index('timetable_slots_room_idx').on(t.schoolId, t.room, t.day),
    index('timetable_slots_room_key_idx').on(t.schoolId, t.roomKey, t.day),
    foreignKey({
      name: 'timetable_slots_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    foreignKey({
      name: 'timetable_slots_subject_fk',
      columns: [t.schoolId, t.subjectId],
      foreignColumns: [subjects.schoolId, subjects.id],
    }),
    foreignKey({
      name: 'timetable_slots_teacher_fk',
      columns: [t.schoolId, t.teacherId],
      foreignColumns: [users.schoolId, users.id],
    }),
    foreignKey({
      name: 'timetable_slots_year_fk',
      columns: [t.schoolId, t.academicYearId],
      foreignColumns: [academicYears.schoolId, academicYears.id],
    }),
  ],
);

/**
 * One student's attendance on one date (and period, when the school marks per period). One row per
 * (school, class, student, date, period) with "no period" counted as one value, so resubmitting updates it.
 * The status follows the present flag: absent exactly when not present.
 */
export const attendance = pgTable(
  'attendance',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    classId: uuid('class_id').notNull(),
    studentId: uuid('student_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id'),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    isPresent: boolean('is_present').notNull(),
    note: text('note'),
    markedById: uuid('marked_by_id').notNull(),
    markedByName: text('marked_by_name').notNull(),
    /** When the mark was last set (the teacher's "time"). */
    markedAt: ts('marked_at').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    academicYear: text('academic_year').notNull(),
    /** Filled by a trigger with the year containing the date (else the current one) when left out (see 0012). */
    academicYearId: uuid('academic_year_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('attendance_status_check', t.status),
    check('attendance_status_follows_present', sql`(${t.status} = 'absent') = (not ${t.isPresent})`),
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique('attendance_one_per_student_date')
      .on(t.schoolId, t.classId, t.studentId, t.date, t.periodId)
      .nullsNotDistinct(),
    // Both also INCLUDE the mark (and the class one the student): migrations 0020 and 0023. The student's one
    // ends with the history's whole order, so "the newest 30" stops after 30 entries instead of sorting a year.
    index('attendance_class_date_idx').on(t.schoolId, t.classId, t.date),
    index('attendance_student_date_idx').on(t.schoolId, t.studentId, t.date, t.submittedAt, t.id),
    index('attendance_recent_idx').on(t.schoolId, t.submittedAt),
    foreignKey({
      name: 'attendance_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
    foreignKey({
      name: 'attendance_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
    foreignKey({
      name: 'attendance_period_fk',
      columns: [t.schoolId, t.periodId],
      foreignColumns: [periods.schoolId, periods.id],
    }),
    foreignKey({
      name: 'attendance_year_fk',
      columns: [t.schoolId, t.academicYearId],
      foreignColumns: [academicYears.schoolId, academicYears.id],
    }),
  ],
);

/**
 * Attendance records counted per class and date (every period together), kept exact by statement-level
 * triggers on attendance in the writing statement itself (migration 0021_attendance-counts.sql), so the day's and the week's
 * figures read one row per class and day instead of one per record. A row whose counts fell to zero means
 * "not marked".
 */
export const attendanceClassDays = pgTable(
  'attendance_class_days',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id().default(sql`gen_random_uuid()`),
    classId: uuid('class_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    present: integer('present').notNull().default(0),
    late: integer('late').notNull().default(0),
    absent: integer('absent').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique('attendance_class_days_class_date').on(t.schoolId, t.classId, t.date),
    index('attendance_class_days_date_idx').on(t.schoolId, t.date),
    foreignKey({
      name: 'attendance_class_days_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
  ],
);

/**
 * Attendance records counted per student and the class they were marked in, over every date (a teacher reads
 * only their classes' part), kept like attendance_class_days.
 */
export const attendanceStudentTotals = pgTable(
  'attendance_student_totals',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id().default(sql`gen_random_uuid()`),
    studentId: uuid('student_id').notNull(),
    classId: uuid('class_id').notNull(),
    present: integer('present').notNull().default(0),
    late: integer('late').notNull().default(0),
    absent: integer('absent').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique('attendance_student_totals_student_class').on(t.schoolId, t.studentId, t.classId),
    foreignKey({
      name: 'attendance_student_totals_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
    foreignKey({
      name: 'attendance_student_totals_class_fk',
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
    }),
  ],
);

/**
 * A submission's answer kept under its Idempotency-Key, so a retried request gets the first answer back; each
 * user's newest `ATTENDANCE_KEYS_KEPT` only (modules/attendance/submit.ts).
 */
export const attendanceSubmissions = pgTable(
  'attendance_submissions',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    userId: uuid('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was asked under the key, as a hash of the body read: the same key with another body is refused. */
    request: text('request'),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('attendance_submissions_key_unique').on(t.schoolId, t.userId, t.idempotencyKey),
    foreignKey({
      name: 'attendance_submissions_user_fk',
      columns: [t.schoolId, t.userId],
      foreignColumns: [users.schoolId, users.id],
    }),
  ],
);

/** The absence notifications sent for a student on a date: one set per day, revised rather than repeated. */
export const absenceAlerts = pgTable(
  'absence_alerts',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    studentId: uuid('student_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notificationIds: uuid('notification_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('absence_alerts_student_date_unique').on(t.schoolId, t.studentId, t.date),
    foreignKey({
      name: 'absence_alerts_student_fk',
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
    }),
  ],
);
