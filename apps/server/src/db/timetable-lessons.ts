import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.ts';
import type { Tx } from './client.ts';
import { selectRows } from './select-rows.ts';
import { byName } from '../lib/search.ts';

/** Timetable writes of one school run one at a time, so two clashing slots cannot both pass the checks. */
export const lockTimetable = (tx: Tx, schoolId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`timetable:${schoolId}`}, 0))`);

/** The lessons a change would leave behind: of this class, this teacher and/or these subjects (all given must hold). */
export interface LessonsOf {
  classId?: string;
  teacherId?: string;
  subjectIds?: string[];
}

/** What is still in the timetable: the first subject by name with its lessons, and all the lessons. */
export interface LessonsLeft {
  subject: string;
  n: number;
  total: number;
}

/**
 * The one refuse-first rule of the timetable (docs/product.md, "Classes and subjects" and "Periods and the weekly
 * timetable"): a change after which a lesson would break the teacher-assignment rule (its subject gone from the
 * class or deactivated, its teacher off the class, off that subject there or deactivated, its class deactivated)
 * is refused (409, `message` counting what is left, under `field` when a form field caused it) while the timetable
 * still has such a lesson. A week never shows a lesson that can no longer happen, and no lesson is deleted without
 * the school deleting it. It takes the timetable's turn first, so a lesson added meanwhile is counted.
 */
export async function refuseWhileLessons(
  tx: Tx,
  schoolId: string,
  of: LessonsOf,
  message: (left: LessonsLeft) => string,
  field?: string,
): Promise<void> {
  if (of.subjectIds?.length === 0) return;
  await lockTimetable(tx, schoolId);
  const where: SQL[] = [sql`ts.school_id = ${schoolId}`];
  if (of.classId !== undefined) where.push(sql`ts.class_id = ${of.classId}`);
  if (of.teacherId !== undefined) where.push(sql`ts.teacher_id = ${of.teacherId}`);
  if (of.subjectIds !== undefined) where.push(sql`ts.subject_id in ${of.subjectIds}`);
  const [left] = await selectRows<LessonsLeft>(
    tx,
    sql`select s.name as subject, count(*)::int as n, (sum(count(*)) over ())::int as total
      from timetable_slots ts join subjects s on s.school_id = ts.school_id and s.id = ts.subject_id
      where ${sql.join(where, sql` and `)}
      group by s.id, s.name order by ${byName(sql`s.name`)}, s.id limit 1`,
  );
  if (!left) return;
  const text = message({ subject: left.subject, n: Number(left.n), total: Number(left.total) });
  throw new AppError('conflict', text, field ? { [field]: text } : undefined);
}
