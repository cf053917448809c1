import {
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceRate,
  type AttendanceRecord,
  attendanceRate,
} from '@lyceum/shared/attendance';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';

/** A range read (rates, trend, below the threshold) refuses a start after its end rather than answer nothing. */
export function refuseBackwardRange(from: string | undefined, to: string | undefined): void {
  const message = ATTENDANCE_SETTINGS_MESSAGES.trendRange;
  if (from && to && from > to) throw invalid(message, { from: message });
}

interface RecordRow extends Omit<AttendanceRecord, 'time' | 'submittedAt'> {
  time: Date | string;
  submittedAt: Date | string;
}

/** Attendance rows `a` matching `where`, with class and student names, in the order and count `tail` gives. */
export async function loadRecords(
  tx: Tx,
  schoolId: string,
  where: SQL,
  tail: SQL = sql``,
): Promise<AttendanceRecord[]> {
  const result = await tx.execute(sql`
    select a.id, a.class_id as "classId", trim(c.name || ' ' || c.section) as "className",
      a.student_id as "studentId", u.name as "studentName", to_char(a.date, 'YYYY-MM-DD') as date,
      a.period_id as "periodId", a.status, a.is_present as "isPresent", a.note,
      a.marked_by_name as "markedByName", a.marked_at as time, a.submitted_at as "submittedAt",
      a.academic_year as "academicYear"
    from attendance a
      join classes c on c.school_id = a.school_id and c.id = a.class_id
      join users u on u.school_id = a.school_id and u.id = a.student_id
    where a.school_id = ${schoolId} and ${where}
    ${tail}`);
  return (result.rows as unknown as RecordRow[]).map((r) => ({
    ...r,
    time: new Date(r.time).toISOString(),
    submittedAt: new Date(r.submittedAt).toISOString(),
  }));
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
