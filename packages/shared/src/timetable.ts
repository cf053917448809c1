import { z } from 'zod';
import { uuidSchema } from './auth.ts';
import type { WeekStart } from './locale-constants.ts';
import { plainText } from './plain-text.ts';

/**
 * Contracts of the timetable (docs/product.md, "School day: timetable and attendance").
 *
 *   GET    /api/v1/timetable/periods                 the school's periods and breaks, by start time
 *   POST   /api/v1/timetable/periods                 school admin, principal
 *   PATCH  /api/v1/timetable/periods/:id             school admin, principal
 *   DELETE /api/v1/timetable/periods/:id             school admin, principal
 *   POST   /api/v1/timetable/slots                   school admin, principal
 *   GET    /api/v1/timetable/slots/:id
 *   PATCH  /api/v1/timetable/slots/:id               school admin, principal
 *   DELETE /api/v1/timetable/slots/:id               school admin, principal
 *   DELETE /api/v1/timetable/slots?classId=&|teacherId=[&subjectId=]   school admin, principal: clear a week
 *   POST   /api/v1/timetable/classes/:id/assign-teacher   school admin, principal: many slots for one teacher
 *   GET    /api/v1/timetable/classes/:id             a class's week
 *   GET    /api/v1/timetable/teachers/:id            a teacher's week
 *   GET    /api/v1/timetable/students/:id            a student's week (their class)
 *   GET    /api/v1/timetable/rooms?room=             a room's week
 *   GET    /api/v1/timetable/children                a parent's children, each with their week
 *   GET    /api/v1/timetable/options                 the grid page's periods and pickers (what the caller may open)
 */

/** Monday to Sunday: the days a lesson may fall on, in the order of a school whose week starts on Monday. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The seven days from the school's first day of the week (docs/product.md, "The school's day": weeks start on
 * it): the order every week view and timetable grid shows them in. Monday, the default, gives WEEKDAYS.
 */
export function weekdaysFrom(weekStart: WeekStart): Weekday[] {
  const first = WEEKDAYS.indexOf(weekStart);
  return [...WEEKDAYS.slice(first), ...WEEKDAYS.slice(0, first)];
}

/**
 * A class and a teacher have at most this many lessons a week (docs/product.md, "Periods and the weekly
 * timetable"): a full school week is about 40 lessons; 100 leaves room for any real timetable and bounds what
 * one class's or teacher's week holds and costs to show.
 */
export const MAX_LESSONS_PER_WEEK = 100;
/** The shortest lesson: a 1-minute one is no lesson, and 5 minutes bounds how many fit in a day too. */
export const MIN_LESSON_MINUTES = 5;

export const TIMETABLE_MESSAGES = {
  slotExists: 'A slot already exists for this time',
  slotNotFound: 'Timetable slot not found',
  classFixed: 'A lesson cannot be moved to another class; delete it and add it to the other class',
  periodNotFound: 'Period not found',
  periodExists: 'A period already starts at this time',
  periodInUse: 'Attendance was taken in this period, so it cannot be deleted',
  periodInUseBreak: 'Attendance was taken in this period, so it cannot become a break',
  endAfterStart: 'End time must be after start time',
  lessonTooShort: `A lesson lasts at least ${MIN_LESSON_MINUTES} minutes`,
  classLessonsFull: `Lesson limit reached: a class can have at most ${MAX_LESSONS_PER_WEEK} lessons a week.`,
  teacherLessonsFull: `Lesson limit reached: a teacher can have at most ${MAX_LESSONS_PER_WEEK} lessons a week.`,
  timeFormat: 'Time must look like 08:30',
  periodNameRequired: 'Period name is required',
  breakNotBoolean: 'Break must be true or false',
  roomRequired: 'Room is required',
  roomNotText: 'Room must be text',
  dayInvalid: 'Day must be one of Monday to Sunday',
  slotsRequired: 'Add at least one slot',
  slotsTooMany: 'At most 100 slots at a time',
  teacherBusy: (teacher: string, cls: string, day: string, start: string, end: string) =>
    `${teacher} already teaches ${cls} on ${day} ${start}–${end}`,
  roomBusy: (room: string, cls: string, day: string, start: string, end: string) =>
    `Room ${room} is already used by ${cls} on ${day} ${start}–${end}`,
  classBusy: (cls: string, subject: string, day: string, start: string, end: string) =>
    `${cls} already has ${subject} on ${day} ${start}–${end}`,
  subjectNotInClass: 'The subject is not taught in this class',
  teacherNotAssigned: 'The teacher does not teach this subject in this class',
  skippedNotAssigned: 'Skipped: the teacher is not assigned this subject in this class',
  skippedExists: 'Skipped: a slot already exists for this time',
  clearWhose: 'Choose a class or a teacher',
} as const;

/*
 * Every field of these requests says what is wrong in its own words when it is missing, null or of the wrong
 * type too (zod's `{ error }`), never zod's "Invalid input: expected string, received undefined"; ids say
 * `Invalid id` as everywhere.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `HH:MM`, 24-hour. */
export const timeOfDay = z
  .string({ error: TIMETABLE_MESSAGES.timeFormat })
  .trim()
  .regex(TIME, TIMETABLE_MESSAGES.timeFormat);

/**
 * The end after the start, judged only when both are well-formed times (a malformed one has its own message;
 * "9:00" is not "after" anything). The web forms use it too.
 */
export const endAfterStart = <T extends { startTime?: string | undefined; endTime?: string | undefined }>(v: T) =>
  v.startTime === undefined ||
  v.endTime === undefined ||
  !TIME.test(v.startTime) ||
  !TIME.test(v.endTime) ||
  v.endTime > v.startTime;
export const endAfterStartIssue = { error: TIMETABLE_MESSAGES.endAfterStart, path: ['endTime'] };

/** Minutes from midnight of a well-formed `HH:MM`. */
export const minuteOfDay = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * A lesson lasts at least MIN_LESSON_MINUTES, judged only when the end is after the start (otherwise
 * endAfterStart speaks). Lessons only: a period of the bell schedule may be shorter.
 */
export const lessonLongEnough = <T extends { startTime?: string | undefined; endTime?: string | undefined }>(v: T) =>
  v.startTime === undefined ||
  v.endTime === undefined ||
  !TIME.test(v.startTime) ||
  !TIME.test(v.endTime) ||
  v.endTime <= v.startTime ||
  minuteOfDay(v.endTime) - minuteOfDay(v.startTime) >= MIN_LESSON_MINUTES;
export const lessonLongEnoughIssue = { error: TIMETABLE_MESSAGES.lessonTooShort, path: ['endTime'] };

export const Period = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isBreak: z.boolean(),
});
export type Period = z.infer<typeof Period>;
export const PeriodListResponse = z.object({ items: z.array(Period) });
export type PeriodListResponse = z.infer<typeof PeriodListResponse>;

const isBreak = z.boolean({ error: TIMETABLE_MESSAGES.breakNotBoolean });
const periodName = z
  .string({ error: TIMETABLE_MESSAGES.periodNameRequired })
  .trim()
  .min(1, TIMETABLE_MESSAGES.periodNameRequired)
  .max(40, 'Period name is too long')
  .refine(...plainText('Period name'));

export const CreatePeriodRequest = z
  .object({ name: periodName, startTime: timeOfDay, endTime: timeOfDay, isBreak: isBreak.default(false) })
  .refine(endAfterStart, endAfterStartIssue);
export type CreatePeriodRequest = z.input<typeof CreatePeriodRequest>;

export const UpdatePeriodRequest = z
  .object({
    name: periodName.optional(),
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
    isBreak: isBreak.optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type UpdatePeriodRequest = z.input<typeof UpdatePeriodRequest>;

/** A slot as shown in every week view, with the names a grid prints. */
export const TimetableSlot = z.object({
  id: z.string(),
  classId: z.string(),
  className: z.string(),
  subjectId: z.string(),
  subject: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  room: z.string(),
  day: z.enum(WEEKDAYS),
  startTime: z.string(),
  endTime: z.string(),
});
export type TimetableSlot = z.infer<typeof TimetableSlot>;

/** A week: slots Monday to Sunday, then by start time. */
export const TimetableWeek = z.object({ items: z.array(TimetableSlot) });
export type TimetableWeek = z.infer<typeof TimetableWeek>;

export const ChildTimetable = z.object({
  studentId: z.string(),
  name: z.string(),
  classId: z.string(),
  items: z.array(TimetableSlot),
});
export const ChildrenTimetableResponse = z.object({ children: z.array(ChildTimetable) });
export type ChildrenTimetableResponse = z.infer<typeof ChildrenTimetableResponse>;

/**
 * Two spellings of one room are one room: letter case and spacing do not count ("Room 1", "room  1"). The
 * server compares rooms the same way in SQL (slot-rows.ts, roomKeySql).
 */
export const roomKey = (room: string) => room.trim().replace(/\s+/g, ' ').toLowerCase();

/** A room's name; `missing` is what a missing, null or non-text room is told. */
const roomName = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .max(40, 'Room is too long')
    .refine(...plainText('Room'));
/** Optional in a lesson (left out or blank: no room). */
const room = roomName(TIMETABLE_MESSAGES.roomNotText);
const day = z.enum(WEEKDAYS, { error: TIMETABLE_MESSAGES.dayInvalid });

export const CreateSlotRequest = z
  .object({
    classId: uuidSchema,
    subjectId: uuidSchema,
    teacherId: uuidSchema,
    room: room.default(''),
    day,
    startTime: timeOfDay,
    endTime: timeOfDay,
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine(lessonLongEnough, lessonLongEnoughIssue);
export type CreateSlotRequest = z.input<typeof CreateSlotRequest>;

/** A lesson stays in its class: `classId`, if sent, must be the slot's own (another answers `classFixed`). */
export const UpdateSlotRequest = z
  .object({
    classId: uuidSchema.optional(),
    subjectId: uuidSchema.optional(),
    teacherId: uuidSchema.optional(),
    room: room.optional(),
    day: day.optional(),
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine(lessonLongEnough, lessonLongEnoughIssue);
export type UpdateSlotRequest = z.input<typeof UpdateSlotRequest>;

/** Put one teacher into a class's timetable in one go; what cannot be placed is skipped and said. */
export const AssignTimetableTeacherRequest = z.object({
  teacherId: uuidSchema,
  slots: z
    .array(
      z
        .object({
          subjectId: uuidSchema,
          room: room.default(''),
          day,
          startTime: timeOfDay,
          endTime: timeOfDay,
        })
        .refine(endAfterStart, endAfterStartIssue)
        .refine(lessonLongEnough, lessonLongEnoughIssue),
      { error: TIMETABLE_MESSAGES.slotsRequired },
    )
    .min(1, TIMETABLE_MESSAGES.slotsRequired)
    .max(100, TIMETABLE_MESSAGES.slotsTooMany),
});
export type AssignTimetableTeacherRequest = z.input<typeof AssignTimetableTeacherRequest>;

export const SkippedSlot = z.object({
  subjectId: z.string(),
  day: z.enum(WEEKDAYS),
  startTime: z.string(),
  endTime: z.string(),
  reason: z.enum(['subject_not_assigned', 'slot_exists', 'clash']),
  message: z.string(),
});
export const AssignTimetableTeacherResponse = z.object({
  created: z.array(TimetableSlot),
  skipped: z.array(SkippedSlot),
});
export type AssignTimetableTeacherResponse = z.infer<typeof AssignTimetableTeacherResponse>;

/**
 * Clearing a week (docs/product.md, "Periods and the weekly timetable"): every lesson of one class or of one
 * teacher, or of one teacher in one class (what unassigning them from it waits for), optionally of one subject
 * only. At least a class or a teacher: neither would clear the school.
 */
export const ClearSlotsQuery = z
  .object({ classId: uuidSchema.optional(), teacherId: uuidSchema.optional(), subjectId: uuidSchema.optional() })
  // A misspelt parameter (`subjectid`) is refused rather than ignored: ignored, it would widen what is deleted.
  .strict()
  .refine((q) => q.classId !== undefined || q.teacherId !== undefined, {
    error: TIMETABLE_MESSAGES.clearWhose,
    path: ['classId'],
  });
export type ClearSlotsQuery = z.input<typeof ClearSlotsQuery>;
/** How many lessons went. */
export const ClearSlotsResponse = z.object({ deleted: z.number().int() });
export type ClearSlotsResponse = z.infer<typeof ClearSlotsResponse>;

export const RoomQuery = z.object({
  room: roomName(TIMETABLE_MESSAGES.roomRequired).pipe(z.string().min(1, TIMETABLE_MESSAGES.roomRequired)),
});

/** What a live `timetable` event carries: the class whose week changed (the grid refetches it). */
export const TimetableChanged = z.object({ classId: z.string() });
export type TimetableChanged = z.infer<typeof TimetableChanged>;

/** An entry of a picker: an id and the words to show. */
export const TimetableOption = z.object({ id: z.string(), name: z.string() });
export type TimetableOption = z.infer<typeof TimetableOption>;

/**
 * What the timetable page needs besides a week, in one answer: the school's periods (the grid's rows) and
 * the pickers the caller may use. School admins and principals get every active class, teacher and subject,
 * the rooms in use and who teaches what where (to offer only lessons the teacher-assignment rule allows);
 * a teacher their classes, themself and the rooms; students and parents only the periods.
 */
export const TimetableOptionsResponse = z.object({
  periods: z.array(Period),
  classes: z.array(TimetableOption),
  teachers: z.array(TimetableOption),
  subjects: z.array(TimetableOption),
  rooms: z.array(z.string()),
  assignments: z.array(z.object({ classId: z.string(), teacherId: z.string(), subjectIds: z.array(z.string()) })),
  /** Each class's subjects (staff only): a lesson of a class is in one of them. */
  classSubjects: z.array(z.object({ classId: z.string(), subjectIds: z.array(z.string()) })),
});
export type TimetableOptionsResponse = z.infer<typeof TimetableOptionsResponse>;
