import { type SQL, sql } from 'drizzle-orm';

/**
 * The present, late and absent counts summed over rows `a` of the attendance count tables
 * (attendance_class_days: per class and date; attendance_student_totals: per student and class), which
 * triggers on attendance keep exact (migration 0021_attendance-counts.sql). The attendance reads, the
 * dashboards and the student profile read them.
 */
export const SUM_OF_COUNTS = sql`coalesce(sum(a.present), 0)::int as present, coalesce(sum(a.late), 0)::int as late,
  coalesce(sum(a.absent), 0)::int as absent`;

/**
 * SQL of an AttendanceRate object from the present, late and absent columns of `t` (null counts as 0), rounded
 * as `attendanceRate` rounds (Math.round: half up, on the same double arithmetic), so both give the same rate.
 */
export function rateJson(t: SQL): SQL {
  const present = sql`coalesce(${t}.present, 0)::int`;
  const late = sql`coalesce(${t}.late, 0)::int`;
  const total = sql`(${present} + ${late} + coalesce(${t}.absent, 0)::int)`;
  const percent = sql`((${present} + ${late})::float8 / nullif(${total}, 0) * 100)`;
  return sql`json_build_object('present', ${present}, 'late', ${late}, 'absent', coalesce(${t}.absent, 0)::int,
    'total', ${total}, 'rate', (floor(${percent}) + (${percent} - floor(${percent}) >= 0.5)::int)::int)`;
}
