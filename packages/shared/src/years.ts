import { z } from 'zod';
import { academicYearSchema } from './academics.ts';
import { isoDate } from './attendance.ts';
import { uuidSchema } from './auth.ts';
import { plainText } from './plain-text.ts';

/**
 * Contracts of academic years and the year-end promotion (docs/product.md, "Academic years and promotion").
 *
 *   GET    /api/v1/academic-years                     school admin, principal: every year (at most 50) with its terms and holidays
 *   POST   /api/v1/academic-years                     school admin
 *   PUT    /api/v1/academic-years/:id                 school admin: name, dates, terms and holidays at once
 *   POST   /api/v1/academic-years/:id/current         school admin: makes it the current year
 *   DELETE /api/v1/academic-years/:id                 school admin: a year nothing refers to
 *   GET    /api/v1/promotions                         school admin, principal: the recent promotions
 *   POST   /api/v1/promotions/preview                 school admin: what a promotion would do, writes nothing
 *   POST   /api/v1/promotions                         school admin: applies it, in one transaction
 *   POST   /api/v1/promotions/:id/undo                school admin: within 7 days, if it is the latest
 */

export const PROMOTION_UNDO_DAYS = 7;
/** What may happen to a student: `leave` (leaving the school) is for single students, never a whole class. */
export const PROMOTION_ACTIONS = ['promote', 'repeat', 'graduate', 'leave'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];
export const CLASS_PROMOTION_ACTIONS = ['promote', 'repeat', 'graduate'] as const;
export type ClassPromotionAction = (typeof CLASS_PROMOTION_ACTIONS)[number];
/** Per-student outcomes in one promotion: more than a school sets by hand, well inside the request size limit. */
export const MAX_PROMOTION_STUDENTS = 5000;
/**
 * Academic years one school may have, trial or paid (docs/product.md, "Years, terms and holidays"). A school adds
 * one a year, so 50 is half a century of them; the list of years is not paged, and this keeps it to at most
 * 50 × (20 terms + 60 holidays) rows however the years were made.
 */
export const MAX_ACADEMIC_YEARS = 50;
/**
 * How far from the school's today an academic year's dates may lie, in years, either way: far beyond any real
 * past or planned year, yet no `1900-1901` from which attendance would be accepted for every day since.
 */
export const ACADEMIC_YEAR_REACH_YEARS = 50;
/**
 * Promotions a school on a trial may apply or undo in 24 hours, together (docs/product.md, "The year-end
 * promotion"). A school promotes once a year and may undo and redo it a few times while it gets it right; without
 * a bound a free trial could apply and undo at the write rate, each time writing a row per student.
 */
export const TRIAL_PROMOTION_CHANGES_PER_DAY = 10;

export const YEAR_MESSAGES = {
  yearNotFound: 'Academic year not found',
  yearExists: 'An academic year with this name already exists',
  yearOverlaps: (name: string) => `The dates overlap the academic year ${name}`,
  endAfterStart: 'End date must be after start date',
  termName: 'Term name is required',
  holidayName: 'Holiday name is required',
  nameTooLong: 'Name is too long',
  termOutside: 'Each term must lie inside the academic year',
  holidayOutside: 'Each holiday must lie inside the academic year',
  termsOverlap: 'Terms cannot overlap',
  tooMany: 'At most 20 terms and 60 holidays',
  tooManyYears: `Academic year limit reached: a school can have at most ${MAX_ACADEMIC_YEARS} academic years.`,
  outOfReach: `An academic year must lie within ${ACADEMIC_YEAR_REACH_YEARS} years of today`,
  currentCannotBeDeleted: 'The current academic year cannot be deleted',
  yearInUse: 'This academic year has records, so it cannot be deleted',
  actionInvalid: 'Choose promote, repeat or graduate',
  studentActionInvalid: 'Choose promote, repeat, graduate or leave',
  targetRequired: 'Choose the class to promote into',
  targetIsSource: 'A class cannot be promoted into itself',
  sameYear: 'Choose a different academic year to promote into',
  classNotInYear: 'This class is not in the academic year being promoted',
  classTwice: 'This class is listed twice',
  classMissing: (name: string) => `Choose where ${name} goes`,
  studentTwice: 'This student is listed twice',
  studentNotInYear: 'This student is not in a class of the academic year being promoted',
  studentNotInClass: 'This student is not in this class',
  tooManyStudents: 'At most 5000 students can be given their own outcome',
  nothingToPromote: 'There are no students to promote in this academic year',
  alreadyPromoted: (year: string) => `These students have already been promoted to ${year}`,
  classInTargetYear: (name: string, year: string) => `${year} already has a class ${name}: choose that class instead`,
  renameMakesTwins: (year: string, name: string) =>
    `Renaming would give ${year} two classes shown as ${name}: rename one of them first`,
  undoMakesTwins: (year: string, name: string) =>
    `Undoing would give ${year} two classes shown as ${name}: rename one of them first`,
  promotionNotFound: 'Promotion not found',
  undoTooLate: 'A promotion can be undone only within 7 days',
  undoNotLatest: 'A later promotion was made, so this one cannot be undone',
  alreadyUndone: 'This promotion has already been undone',
  studentsChanged: 'Some students changed class after this promotion, so it cannot be undone',
  /** Who changed (the first few names, docs/product.md "The year-end promotion"), on the refusal's `students`. */
  studentsChangedNames: (names: string) => `Changed since the promotion: ${names}`,
  studentsChangedMore: (names: string, more: number) => `Changed since the promotion: ${names} and ${more} more`,
  trialChangesPerDay: `A trial school can apply or undo at most ${TRIAL_PROMOTION_CHANGES_PER_DAY} promotions a day. Try again tomorrow, or choose a plan.`,
} as const;

const name60 = (required: string, what: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(60, YEAR_MESSAGES.nameTooLong)
    .refine(...plainText(what));

const endAfterStart = (v: { startDate: string; endDate: string }) => v.endDate > v.startDate;
const endAfterStartIssue = { error: YEAR_MESSAGES.endAfterStart, path: ['endDate'] };

export const TermInput = z
  .object({ name: name60(YEAR_MESSAGES.termName, 'Term name'), startDate: isoDate, endDate: isoDate })
  .refine(endAfterStart, endAfterStartIssue);
export const HolidayInput = z
  .object({ name: name60(YEAR_MESSAGES.holidayName, 'Holiday name'), startDate: isoDate, endDate: isoDate })
  .refine((v) => v.endDate >= v.startDate, endAfterStartIssue);

type Dated = { startDate: string; endDate: string };

/**
 * A term or holiday outside its year is refused on the date that is out (docs/product.md, "Years, terms and
 * holidays"): its end when only the end is past the year's, its start when only the start is before it, both
 * when both are, so the form marks the field to correct rather than a start that is right.
 */
function outsideYear(year: Dated, item: Dated, at: (string | number)[], message: string, ctx: z.RefinementCtx): void {
  const out = (date: string) => date < year.startDate || date > year.endDate;
  for (const key of ['startDate', 'endDate'] as const) {
    if (out(item[key])) ctx.addIssue({ code: 'custom', message, path: [...at, key] });
  }
}

/** A year, its terms and its holidays, written together; terms and holidays replace the old ones. */
export const AcademicYearRequest = z
  .object({
    name: academicYearSchema,
    startDate: isoDate,
    endDate: isoDate,
    terms: z.array(TermInput).max(20, YEAR_MESSAGES.tooMany).default([]),
    holidays: z.array(HolidayInput).max(60, YEAR_MESSAGES.tooMany).default([]),
  })
  .refine(endAfterStart, endAfterStartIssue)
  .superRefine((v, ctx) => {
    v.terms.forEach((t, i) => {
      outsideYear(v, t, ['terms', i], YEAR_MESSAGES.termOutside, ctx);
    });
    const sorted = [...v.terms].map((t, i) => ({ ...t, i })).sort((a, b) => a.startDate.localeCompare(b.startDate));
    for (let k = 1; k < sorted.length; k++) {
      const [prev, cur] = [sorted[k - 1], sorted[k]];
      if (prev && cur && cur.startDate <= prev.endDate) {
        ctx.addIssue({ code: 'custom', message: YEAR_MESSAGES.termsOverlap, path: ['terms', cur.i, 'startDate'] });
      }
    }
    v.holidays.forEach((h, i) => {
      outsideYear(v, h, ['holidays', i], YEAR_MESSAGES.holidayOutside, ctx);
    });
  });
export type AcademicYearRequest = z.input<typeof AcademicYearRequest>;

const DatedName = z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });
export const AcademicYear = DatedName.extend({
  isCurrent: z.boolean(),
  terms: z.array(DatedName),
  holidays: z.array(DatedName),
});
export type AcademicYear = z.infer<typeof AcademicYear>;
export const AcademicYearListResponse = z.object({ items: z.array(AcademicYear) });
export type AcademicYearListResponse = z.infer<typeof AcademicYearListResponse>;

const classAction = z.enum(CLASS_PROMOTION_ACTIONS, { error: YEAR_MESSAGES.actionInvalid });
const studentAction = z.enum(PROMOTION_ACTIONS, { error: YEAR_MESSAGES.studentActionInvalid });

/**
 * Where each class of the source year goes (`promote` needs the class to promote into; `repeat` stays in the
 * same class unless one is named), and per-student exceptions to it, each naming the class the student is in
 * (so an exception set on a class's roster cannot land on a student who has moved since).
 */
export const PromotionRequest = z.object({
  fromYearId: uuidSchema,
  toYearId: uuidSchema,
  classes: z
    .array(z.object({ classId: uuidSchema, action: classAction, toClassId: uuidSchema.nullish() }))
    .min(1, YEAR_MESSAGES.nothingToPromote)
    .max(500),
  students: z
    .array(
      z.object({ studentId: uuidSchema, classId: uuidSchema, action: studentAction, toClassId: uuidSchema.nullish() }),
    )
    .max(MAX_PROMOTION_STUDENTS, YEAR_MESSAGES.tooManyStudents)
    .default([]),
});
export type PromotionRequest = z.input<typeof PromotionRequest>;

export const PromotionClassCount = z.object({
  classId: z.string(),
  name: z.string(),
  academicYear: z.string(),
  /** Active students before and after. */
  before: z.number(),
  after: z.number(),
});
/** `left`: students leaving the school (promotions made before it existed read 0). */
export const PromotionTotals = z.object({
  promoted: z.number(),
  repeating: z.number(),
  graduated: z.number(),
  left: z.number(),
});
export type PromotionTotals = z.infer<typeof PromotionTotals>;

export const PromotionPreview = z.object({
  totals: PromotionTotals,
  classes: z.array(PromotionClassCount),
});
export type PromotionPreview = z.infer<typeof PromotionPreview>;

export const Promotion = z.object({
  id: z.string(),
  fromYear: z.string(),
  toYear: z.string(),
  appliedAt: z.string(),
  appliedByName: z.string(),
  totals: PromotionTotals,
  undoneAt: z.string().nullable(),
  /** Until when undo is allowed; null once it no longer is (undone, too old or not the latest). */
  undoUntil: z.string().nullable(),
});
export type Promotion = z.infer<typeof Promotion>;
export const PromotionListResponse = z.object({ items: z.array(Promotion) });
export type PromotionListResponse = z.infer<typeof PromotionListResponse>;

/** The default year for a school whose today is `today`: 1 September to 31 August, with three terms. */
export function defaultAcademicYear(today: string): {
  name: string;
  startDate: string;
  endDate: string;
  terms: { name: string; startDate: string; endDate: string }[];
} {
  const y = Number(today.slice(0, 4)) - (today.slice(5, 7) < '09' ? 1 : 0);
  return {
    name: `${y}-${y + 1}`,
    startDate: `${y}-09-01`,
    endDate: `${y + 1}-08-31`,
    terms: [
      { name: 'Term 1', startDate: `${y}-09-01`, endDate: `${y + 1}-01-04` },
      { name: 'Term 2', startDate: `${y + 1}-01-05`, endDate: `${y + 1}-04-19` },
      { name: 'Term 3', startDate: `${y + 1}-04-20`, endDate: `${y + 1}-08-31` },
    ],
  };
}
