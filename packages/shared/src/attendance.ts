import { z } from 'zod';
import { uuidSchema } from './auth.ts';
import { hasPlausibleYear } from './dates.ts';
import { wholePercent } from './percent.ts';
import { plainText } from './plain-text.ts';

/**
 * Contracts of attendance (docs/product.md, "School day: timetable and attendance").
 *
 *   POST /api/v1/attendance                          submit a whole class for a date (and period); Idempotency-Key
 *   GET  /api/v1/attendance/recent                   the 30 newest records the caller may see
 *   GET  /api/v1/attendance/classes/:id?date=&periodId=   a class's sheet for a date (the mark page)
 *   GET  /api/v1/attendance/classes/:id/register?month=   a class × month register
 *   GET  /api/v1/attendance/students/:id             a student's last 30 records and rate
 *   GET  /api/v1/attendance/rates?from=&to=          rate of the school and of each class the caller sees
 */

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** One submission marks at most this many students (a class is never bigger). */
export const MAX_MARKS_PER_SUBMISSION = 500;

/** The live list holds this many records; parents see this many of their children's. */
export const RECENT_ATTENDANCE_LIMIT = 30;

/** What a parent's absence alert says: stored as message ids and parameters, read in the parent's language. */
export const ATTENDANCE_ALERT_MESSAGES = {
  absentTitle: (name: string) => `Absent today: ${name}`,
  /** The title of an alert for a day other than the school's today (a past sheet marked or corrected later). */
  absentOnTitle: (name: string, date: string) => `Absent on ${date}: ${name}`,
  absentBody: (name: string, date: string, className: string) => `${name} was marked absent on ${date} (${className}).`,
  correctedTitle: (name: string) => `Attendance corrected: ${name}`,
  correctedBody: (name: string, status: string, date: string, className: string) =>
    `${name} is now marked ${status} on ${date} (${className}).`,
  present: 'present',
  late: 'late',
  absent: 'absent',
} as const;

export const ATTENDANCE_MESSAGES = {
  failed: 'Failed to submit attendance',
  missingStudents: (n: number) => `${n} enrolled student${n === 1 ? ' is' : 's are'} not marked`,
  notEnrolled: 'This student is not enrolled in the class',
  duplicateStudent: 'This student is marked twice',
  dateFormat: 'Date must look like 2026-09-01',
  monthFormat: 'Month must look like 2026-09',
  futureDate: 'Attendance cannot be submitted for a future date',
  beforeFirstYear: 'Attendance cannot be submitted for a date before the first academic year',
  breakPeriod: 'Attendance is not taken in a break',
  tooManyMarks: `A class can have at most ${MAX_MARKS_PER_SUBMISSION} students marked at once`,
  lateFlag: 'Late must be true or false',
  presentFlag: 'Present must be true or false',
  noteText: 'Note must be text',
  markShape: 'Each mark must name a student and whether they are present',
  recordsList: 'Records must be a list of marks',
  sheetShape: 'Attendance must name a class and list its marks',
} as const;

/** The status a mark is stored with: absent when not present, late when present but late. */
export function statusOf(isPresent: boolean, isLate = false): AttendanceStatus {
  if (!isPresent) return 'absent';
  return isLate ? 'late' : 'present';
}

/**
 * (present + late) / all, as a whole percentage rounded half up; null when there is nothing to count
 * (docs/product.md, "Attendance"). Counted in whole numbers (`wholePercent`): in floating point 23 / 40 × 100 is
 * 57.49999…, which Math.round would take down to 57. The SQL of the reads (records.ts, ratePercent) counts the
 * same way, so every screen, export and the threshold agree.
 */
export function attendanceRate(counts: { present: number; late: number; absent: number }): number | null {
  const all = counts.present + counts.late + counts.absent;
  if (all === 0) return null;
  return wholePercent(counts.present + counts.late, all);
}

export const isoDate = z
  .string({ error: ATTENDANCE_MESSAGES.dateFormat })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, ATTENDANCE_MESSAGES.dateFormat)
  .refine(
    (v) =>
      hasPlausibleYear(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: ATTENDANCE_MESSAGES.dateFormat,
    },
  );

// Every part of a submission has its own message, never zod's English default (docs/product.md, "Attendance").
export const AttendanceMark = z.object(
  {
    studentId: uuidSchema,
    isPresent: z.boolean({ error: ATTENDANCE_MESSAGES.presentFlag }),
    /** Only meaningful when present. */
    isLate: z.boolean({ error: ATTENDANCE_MESSAGES.lateFlag }).default(false),
    /** null is no note, as every record read back says it: a record is sent again as it was read. */
    note: z
      .string({ error: ATTENDANCE_MESSAGES.noteText })
      .trim()
      .max(200, 'Note is too long')
      .refine(...plainText('Note'))
      .nullish(),
  },
  { error: ATTENDANCE_MESSAGES.markShape },
);

export const SubmitAttendanceRequest = z.object(
  {
    classId: uuidSchema,
    /** Omitted: the school's today, in its time zone. */
    date: isoDate.optional(),
    /** Omitted or null: the day's one sheet (a school that marks per day), as a sheet read back says it. */
    periodId: uuidSchema.nullish(),
    records: z
      .array(AttendanceMark, { error: ATTENDANCE_MESSAGES.recordsList })
      .min(1, 'Mark at least one student')
      .max(MAX_MARKS_PER_SUBMISSION, ATTENDANCE_MESSAGES.tooManyMarks),
  },
  { error: ATTENDANCE_MESSAGES.sheetShape },
);
export type SubmitAttendanceRequest = z.input<typeof SubmitAttendanceRequest>;

export const AttendanceRecord = z.object({
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  date: z.string(),
  periodId: z.string().nullable(),
  /** The period's name when marked per period, so a day's several records say which lesson each is. */
  periodName: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES),
  isPresent: z.boolean(),
  note: z.string().nullable(),
  markedByName: z.string(),
  time: z.string(),
  submittedAt: z.string(),
  academicYear: z.string(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const SubmitAttendanceResponse = z.object({
  classId: z.string(),
  date: z.string(),
  periodId: z.string().nullable(),
  submittedAt: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  records: z.array(AttendanceRecord),
});
export type SubmitAttendanceResponse = z.infer<typeof SubmitAttendanceResponse>;

export const AttendanceList = z.object({ items: z.array(AttendanceRecord) });
export type AttendanceList = z.infer<typeof AttendanceList>;

export const AttendanceRate = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  total: z.number().int(),
  /** Whole percent, null with no records. */
  rate: z.number().int().nullable(),
});
export type AttendanceRate = z.infer<typeof AttendanceRate>;

export const ClassSheetQuery = z.object({ date: isoDate.optional(), periodId: uuidSchema.optional() });
/**
 * Why the school does not teach on a day, by its calendar and week (docs/product.md, "Dashboards that show the
 * day"), or null on a day it teaches: the mark page says so without refusing marks.
 */
export const SchoolDayOff = z
  .discriminatedUnion('reason', [
    z.object({ reason: z.literal('holiday'), name: z.string() }),
    z.object({ reason: z.literal('outside_terms') }),
    z.object({ reason: z.literal('weekend') }),
  ])
  .nullable();
export type SchoolDayOff = z.infer<typeof SchoolDayOff>;
/** The mark page: every enrolled student with today's mark if there is one, and whether the school teaches that day. */
export const ClassSheet = z.object({
  classId: z.string(),
  className: z.string(),
  date: z.string(),
  periodId: z.string().nullable(),
  dayOff: SchoolDayOff,
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      rollNumber: z.number().int(),
      record: AttendanceRecord.nullable(),
    }),
  ),
});
export type ClassSheet = z.infer<typeof ClassSheet>;

export const RegisterQuery = z.object({
  /** Omitted: the school's current month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, ATTENDANCE_MESSAGES.monthFormat)
    .refine(hasPlausibleYear, ATTENDANCE_MESSAGES.monthFormat)
    .optional(),
});
/** A class × month register: one row per student, the status of each marked day (period-less marks). */
export const ClassRegister = z.object({
  classId: z.string(),
  className: z.string(),
  month: z.string(),
  days: z.array(z.string()),
  students: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      /** Their roll number in this class; null for a student who has left it (their new class's is not theirs here). */
      rollNumber: z.number().int().nullable(),
      marks: z.record(z.string(), z.enum(ATTENDANCE_STATUSES)),
      rate: AttendanceRate,
    }),
  ),
  rate: AttendanceRate,
});
export type ClassRegister = z.infer<typeof ClassRegister>;

/**
 * A student's history, with the day an absence or late alert is about (`date`): that day's records are added to
 * the newest 30 when they are older, in their place, so the alert's day is always there to mark.
 */
export const StudentHistoryQuery = z.object({ date: isoDate.optional() });
export const StudentAttendance = z.object({
  studentId: z.string(),
  name: z.string(),
  items: z.array(AttendanceRecord),
  rate: AttendanceRate,
});
export type StudentAttendance = z.infer<typeof StudentAttendance>;

export const RatesQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export const AttendanceRates = z.object({
  /** The whole school: staff only (null for others). */
  school: AttendanceRate.nullable(),
  classes: z.array(z.object({ classId: z.string(), className: z.string(), rate: AttendanceRate })),
});
export type AttendanceRates = z.infer<typeof AttendanceRates>;

/*
 * Settings, options, trend, below-threshold and live events (docs/product.md, "Attendance settings, trend and exports").
 *
 *   GET  /api/v1/attendance/settings                 the school's attendance settings (staff)
 *   PUT  /api/v1/attendance/settings                 school admin sets them
 *   GET  /api/v1/attendance/options                  small pickers: classes, periods, children, today, settings
 *   GET  /api/v1/attendance/trend?from=&to=&by=&classId=   rate per day or week, of a class or the caller's classes
 *   GET  /api/v1/attendance/below-threshold?classId=&from=&to=   students whose rate is under the threshold
 *   GET  …/export                                    each table above as CSV, headers in the caller's language
 */

export const DEFAULT_ATTENDANCE_THRESHOLD = 90;

export const ATTENDANCE_SETTINGS_MESSAGES = {
  threshold: 'Threshold must be a whole number from 0 to 100',
  alertLate: 'Alert on late must be true or false',
  byPeriod: 'Attendance per period must be true or false',
  lateTitle: (name: string) => `Late today: ${name}`,
  lateOnTitle: (name: string, date: string) => `Late on ${date}: ${name}`,
  lateBody: (name: string, date: string, className: string) => `${name} was marked late on ${date} (${className}).`,
  trendRange: 'The start date must not be after the end date',
  trendTooLong: 'Choose at most 400 days',
  trendStep: 'Choose day or week',
  wholeSchool: 'Whole school',
} as const;

export const AttendanceSettings = z.object({
  /** Students whose rate is below this whole percentage are listed (default 90). */
  threshold: z
    .number({ error: ATTENDANCE_SETTINGS_MESSAGES.threshold })
    .int(ATTENDANCE_SETTINGS_MESSAGES.threshold)
    .min(0, ATTENDANCE_SETTINGS_MESSAGES.threshold)
    .max(100, ATTENDANCE_SETTINGS_MESSAGES.threshold),
  /** Late marks alert parents like absences (default off). */
  alertLate: z.boolean({ error: ATTENDANCE_SETTINGS_MESSAGES.alertLate }),
  /** The mark page asks for a period (default off: one mark per day). */
  byPeriod: z.boolean({ error: ATTENDANCE_SETTINGS_MESSAGES.byPeriod }),
});
export type AttendanceSettings = z.infer<typeof AttendanceSettings>;

const Option = z.object({ id: z.string(), label: z.string() });
/** What the attendance pages pick from: small lists of ids and labels. */
export const AttendanceOptions = z.object({
  today: z.string(),
  settings: AttendanceSettings,
  /** Classes the caller marks and reads whole (staff: every active class; teacher: theirs; others: none). */
  classes: z.array(Option),
  /** Periods that are not breaks, by start time. */
  periods: z.array(Option),
  /** Students whose history the caller reads from a picker (parent: their children; student: themself). */
  students: z.array(Option),
});
export type AttendanceOptions = z.infer<typeof AttendanceOptions>;

export const TREND_STEPS = ['day', 'week'] as const;
export const TrendQuery = z.object({
  /** Omitted: 30 days up to `to` (by week: the 12 weeks up to `to`'s, from the school's first day of the week). */
  from: isoDate.optional(),
  /** Omitted: the school's today. */
  to: isoDate.optional(),
  by: z.enum(TREND_STEPS, { error: ATTENDANCE_SETTINGS_MESSAGES.trendStep }).default('day'),
  /** Omitted: the school (staff) or the teacher's classes. */
  classId: uuidSchema.optional(),
});
export const AttendanceTrend = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(TREND_STEPS),
  classId: z.string().nullable(),
  /** One point per day (or week, from its Monday) that has records, oldest first. */
  points: z.array(z.object({ start: z.string(), rate: AttendanceRate })),
});
export type AttendanceTrend = z.infer<typeof AttendanceTrend>;

export const BelowThresholdQuery = z.object({
  classId: uuidSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const BelowThreshold = z.object({
  threshold: z.number().int(),
  items: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      classId: z.string(),
      className: z.string(),
      rate: AttendanceRate,
    }),
  ),
});
export type BelowThreshold = z.infer<typeof BelowThreshold>;

/** The `attendance` live event: a class's marks changed; open lists, registers and dashboards refetch. */
export const AttendanceChanged = z.object({ classId: z.string() });
export type AttendanceChanged = z.infer<typeof AttendanceChanged>;
