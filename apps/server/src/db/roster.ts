import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether student `s` (the alias of a `students` row, `s` unless told) is on their class's roster: they are
 * active. A withdrawn student (deactivated, their last class kept: docs/product.md, "Students in a class") is on
 * no roster, so they and their parents leave what the class's roster decides at once, as a moved student's do:
 * its group and its teachers' contacts ("Messages") and its announcements ("Announcements"). Those are read
 * through this rule, so they follow at once; the one thing stored per person, an announcement's notification,
 * is taken out of their bells by every change that takes someone off a roster (modules/announcements/reach.ts,
 * "Notifications"). It lives here, below
 * the modules, because both read it; `schoolId` is the school's id or an SQL column holding it.
 */
export const onRoster = (schoolId: string | SQL, s: SQL = sql`s`): SQL =>
  sql`exists (select 1 from users su where su.school_id = ${schoolId} and su.id = ${s}.id and su.is_active)`;
