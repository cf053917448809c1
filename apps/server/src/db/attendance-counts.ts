import { sql } from 'drizzle-orm';

/**
 * The present, late and absent counts summed over rows `a` of the attendance count tables
 * (attendance_class_days: per class and date; attendance_student_totals: per student and class), which
 * triggers on attendance keep exact (migration 0021_attendance-counts.sql). The attendance reads and the
 * dashboards both read them.
 */
export const SUM_OF_COUNTS = sql`coalesce(sum(a.present), 0)::int as present, coalesce(sum(a.late), 0)::int as late,
  coalesce(sum(a.absent), 0)::int as absent`;
