import {
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceRate,
  type AttendanceRecord,
  attendanceRate,
} from '@lyceum/shared/attendance';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { invalid } from '../../lib/errors.ts';

/** A range read (rates, trend, below the threshold) refuses a start after its end rather than answer nothing. */
export function refuseBackwardRange(from: string | undefined, to: string | undefined): void {
  const message = ATTENDANCE_SETTINGS_MESSAGES.trendRange;
  if (from && to && from > to) throw invalid(message, { from: message });
}

/** The name of record `a`'s period (null when marked once a day), so a day's period records say which is which. */
const PERIOD_NAME = sql`(select p.name from periods p where p.school_id = a.school_id and p.id = a.period_id)`;

/**
 * Records matching `where` (conditions on `a`), joined to their class and student, in `order`. With `limit`, the
 * page is cut from attendance alone first (so `order` may then name only columns of `a`) and only its rows are
 * joined: under row-level security PostgreSQL underestimates every filter about a hundredfold and otherwise
 * joins a student's whole year, row by row, before sorting it for 30.
 */
export async function loadRecords(
  tx: Tx,
  schoolId: string,
  where: SQL,
  order: SQL,
  limit?: number,
): Promise<AttendanceRecord[]> {
  const source =
    limit === undefined
      ? sql`attendance a`
      : sql`(select * from attendance a where a.school_id = ${schoolId} and ${where} order by ${order} limit ${limit}) a`;
  const result = await tx.execute(sql`
    select a.id, a.class_id as "classId", ${classLabel('c')} as "className",
      a.student_id as "studentId", u.name as "studentName", to_char(a.date, 'YYYY-MM-DD') as date,
      a.period_id as "periodId", ${PERIOD_NAME} as "periodName", a.status, a.is_present as "isPresent", a.note,
      a.marked_by_name as "markedByName", ${isoTime(sql`a.marked_at`)} as time,
      ${isoTime(sql`a.submitted_at`)} as "submittedAt",
      a.academic_year as "academicYear"
    from ${source}
      join classes c on c.school_id = a.school_id and c.id = a.class_id
      join users u on u.school_id = a.school_id and u.id = a.student_id
    where a.school_id = ${schoolId} and ${limit === undefined ? where : sql`true`}
    order by ${order}`);
  return result.rows as unknown as AttendanceRecord[];
}

/** SQL of the counts an attendance rate is made of, over rows `a`. */
export const RATE_COLUMNS = sql`count(*) filter (where a.status = 'present')::int as present,
  count(*) filter (where a.status = 'late')::int as late,
  count(*) filter (where a.status = 'absent')::int as absent`;

export function rateOf(counts: { present: number; late: number; absent: number } | undefined): AttendanceRate {
  const c = {
    present: Number(counts?.present ?? 0),
    late: Number(counts?.late ?? 0),
    absent: Number(counts?.absent ?? 0),
  };
  return { ...c, total: c.present + c.late + c.absent, rate: attendanceRate(c) };
}

/** SQL of an AttendanceRecord object from attendance `a`, its class `c` and its student's user `u`. */
export const RECORD_JSON = sql`json_build_object('id', a.id, 'classId', a.class_id,
  'className', ${classLabel('c')}, 'studentId', a.student_id, 'studentName', u.name,
  'date', to_char(a.date, 'YYYY-MM-DD'), 'periodId', a.period_id, 'periodName', ${PERIOD_NAME}, 'status', a.status,
  'isPresent', a.is_present, 'note', a.note, 'markedByName', a.marked_by_name, 'time', ${isoTime(sql`a.marked_at`)},
  'submittedAt', ${isoTime(sql`a.submitted_at`)}, 'academicYear', a.academic_year)`;
