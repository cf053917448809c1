import { z } from 'zod';
import { DashboardResponse } from './api.ts';
import { ATTENDANCE_STATUSES } from './attendance.ts';
import { WEEKDAYS } from './timetable.ts';

/**
 * The day on the dashboards and on My Children (docs/product.md, "Dashboards that show the day"): today's
 * lessons, today's attendance and rates, on the school's calendar. Kept apart from api.ts so the shell,
 * which reads api.ts, does not carry the school-day schemas.
 */

/** One of today's lessons. `marked`: the class has attendance for today (any period). */
export const DayLesson = z.object({
  slotId: z.string(),
  classId: z.string(),
  className: z.string(),
  subject: z.string(),
  teacherName: z.string(),
  room: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  marked: z.boolean(),
});
export type DayLesson = z.infer<typeof DayLesson>;

/**
 * A class on the principal's dashboard: its active students and today's marks. present, late, absent and
 * unmarked count the students on the class's roster now, each once by the day's status (the worst of their
 * marks), so they add up to `students`.
 */
export const ClassToday = z.object({
  classId: z.string(),
  className: z.string(),
  students: z.number().int(),
  /** The class has marks today (its sheet was taken), whoever they are of. */
  marked: z.boolean(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  /** Its students with no mark today in this class (all of them when the class is not marked). */
  unmarked: z.number().int(),
  /** Whole percent of today's records of its students, null when none of them is marked. */
  rate: z.number().int().nullable(),
});
export type ClassToday = z.infer<typeof ClassToday>;

/** One day of the week's trend: the school's rate that day, null when nothing was marked. */
export const DayRate = z.object({ date: z.string(), rate: z.number().int().nullable() });
export type DayRate = z.infer<typeof DayRate>;

/** A parent's child today: their status (the day's worst mark), their class's lessons and their rate. */
export const ChildToday = z.object({
  studentId: z.string(),
  name: z.string(),
  className: z.string(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  lessons: z.array(DayLesson),
  rate: z.number().int().nullable(),
});
export type ChildToday = z.infer<typeof ChildToday>;

/** Every role's day; the parts that are not the caller's role's are empty. */
export const DashboardDay = z.object({
  date: z.string(),
  weekday: z.enum(WEEKDAYS),
  /** Teacher: the lessons they teach today; student: their class's. */
  lessons: z.array(DayLesson),
  /** Teacher: the classes they mark that have lessons today and no attendance yet. */
  toMark: z.array(
    // The period of the class's first lesson still to mark, when the school marks per period (else null).
    z.object({ classId: z.string(), className: z.string(), periodId: z.string().nullable() }),
  ),
  /** Principal and school admin: every active class. */
  classes: z.array(ClassToday),
  /** Principal and school admin: the school's rate each day of this week up to today. */
  week: z.array(DayRate),
  /** Student: their own rate over all their records. */
  rate: z.number().int().nullable(),
  /** Parent: each child. */
  children: z.array(ChildToday),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

/** GET /dashboard: the figures, and for school users their day (null for company staff). */
export const DashboardWithDay = DashboardResponse.extend({ day: DashboardDay.nullable() });
export type DashboardWithDay = z.infer<typeof DashboardWithDay>;
