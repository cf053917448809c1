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
 * SQL of the whole percentage `attendanceRate` gives for these counts (null when there are none), in integer
 * arithmetic as it counts (half up, exact: a float would take 23 of 40, 57.5 %, down to 57). `total` is
 * present + late + absent; bigint, so a school's years of records cannot overflow the product.
 */
export function ratePercent(present: SQL, late: SQL, total: SQL): SQL {
  return sql`((200 * (${present} + ${late})::bigint + ${total}) / nullif(2 * ${total}, 0))::int`;
}

/** SQL of an AttendanceRate object from the present, late and absent columns of `t` (null counts as 0). */
export function rateJson(t: SQL): SQL {
  const present = sql`coalesce(${t}.present, 0)::int`;
  const late = sql`coalesce(${t}.late, 0)::int`;
  const total = sql`(${present} + ${late} + coalesce(${t}.absent, 0)::int)`;
  return sql`json_build_object('present', ${present}, 'late', ${late}, 'absent', coalesce(${t}.absent, 0)::int,
    'total', ${total}, 'rate', ${ratePercent(present, late, total)})`;
}
