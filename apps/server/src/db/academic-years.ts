import { type SQL, sql } from 'drizzle-orm';

/**
 * The academic year a school-day record belongs to, as an SQL expression for an insert: the year containing
 * `date`, else (no date, or none contains it) the school's current year. The rule lives in the database
 * function `lyceum_academic_year_for` (migration 0012), which the insert triggers use too.
 */
export function academicYearIdFor(schoolId: string, date: string | null): SQL<string> {
  return sql<string>`lyceum_academic_year_for(${schoolId}::uuid, ${date}::date)`;
}

/** The school's current year, for records without a date (timetable slots). */
export const currentAcademicYearId = (schoolId: string): SQL<string> => academicYearIdFor(schoolId, null);
