import {
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceRate,
  type AttendanceRecord,
  type AttendanceStatus,
} from '@lyceum/shared/attendance';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import type { Language } from '@lyceum/shared/locale';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvStatusIn, toCsv } from '../../lib/csv.ts';
import { timeZoneOf, zonedTime } from '../../lib/school-day.ts';
import { attendanceRates, classRegister, recentAttendance, studentAttendance } from './reads.ts';
import { belowThreshold } from './trend.ts';

/**
 * Every attendance table as CSV (docs/product.md, "Attendance settings, trend and exports"): the same rows
 * the page shows, read through the same services and rules. Column names are English here; the route turns
 * the header row into the caller's language (lib/csv.ts). The marks are written in that language here, as the
 * page shows them, and the submission time in the school's time zone, as the page shows it.
 */
const RECORD_COLUMNS = ['date', 'student', 'className', 'status', 'note', 'markedBy', 'submittedAt'] as const;
const RATE_COLUMNS = ['present', 'late', 'absent', 'total', 'rate (%)'] as const;

/**
 * Records as the page lists them: with a period column after the date when any record has a period (a school
 * marking per period has several records of one student a day, told apart only by it), as the page's table.
 */
function recordsCsv(items: AttendanceRecord[], language: Language, timeZone: string): string {
  const byPeriod = items.some((r) => r.periodName !== null);
  const [date, ...rest] = RECORD_COLUMNS;
  return toCsv(
    byPeriod ? [date, 'period', ...rest] : RECORD_COLUMNS,
    items.map((r) => [
      r.date,
      ...(byPeriod ? [r.periodName] : []),
      r.studentName,
      r.className,
      csvStatusIn(r.status, language),
      r.note,
      r.markedByName,
      zonedTime(new Date(r.submittedAt), timeZone),
    ]),
  );
}
const rateCells = (r: AttendanceRate) => [r.present, r.late, r.absent, r.total, r.rate];

export async function exportRecent(deps: Deps, actor: Actor, input: { language: Language }): Promise<string> {
  const { items } = await recentAttendance(deps, actor);
  return recordsCsv(items, input.language, timeZoneOf(actor));
}

export async function exportStudentHistory(
  deps: Deps,
  actor: Actor,
  input: { id: string; language: Language },
): Promise<string> {
  const { items } = await studentAttendance(deps, actor, { id: input.id });
  return recordsCsv(items, input.language, timeZoneOf(actor));
}

/** One row per student, one column per marked day, then the student's rate. */
export async function exportRegister(
  deps: Deps,
  actor: Actor,
  input: { id: string; month?: string | undefined; language: Language },
): Promise<string> {
  const register = await classRegister(deps, actor, { id: input.id, month: input.month });
  const mark = (status: AttendanceStatus | undefined) => (status ? csvStatusIn(status, input.language) : '');
  return toCsv(
    ['rollNumber', 'name', ...register.days, 'rate (%)'],
    register.students.map((s) => [s.rollNumber, s.name, ...register.days.map((d) => mark(s.marks[d])), s.rate.rate]),
  );
}

/** The school first (staff), then each class. */
export async function exportRates(
  deps: Deps,
  actor: Actor,
  input: { from?: string | undefined; to?: string | undefined; language: Language },
): Promise<string> {
  const rates = await attendanceRates(deps, actor, input);
  const rows = rates.classes.map((c) => [c.className, ...rateCells(c.rate)]);
  if (rates.school) {
    rows.unshift([translateTo(ATTENDANCE_SETTINGS_MESSAGES.wholeSchool, input.language), ...rateCells(rates.school)]);
  }
  return toCsv(['className', ...RATE_COLUMNS], rows);
}

export async function exportBelowThreshold(
  deps: Deps,
  actor: Actor,
  input: { classId?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<string> {
  const { items } = await belowThreshold(deps, actor, input);
  return toCsv(
    ['name', 'className', ...RATE_COLUMNS],
    items.map((s) => [s.name, s.className, ...rateCells(s.rate)]),
  );
}
