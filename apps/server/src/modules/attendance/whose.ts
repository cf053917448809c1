import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { type SchoolScope, seesEveryone } from '../../db/school-scope.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Whose attendance a caller reads and marks: administrators and principals every class; a teacher the
 * classes they teach or lead; a student themself; a parent their children.
 */
export function taughtClasses(scope: SchoolScope): SQL {
  return sql`(select ct.class_id from class_teachers ct where ct.school_id = ${scope.schoolId} and ct.teacher_id = ${scope.actor.profileId})`;
}

/** A condition on attendance rows `a`, or undefined for the whole school. */
export function visibleRecords(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope)) return undefined;
  const me = scope.actor.profileId;
  switch (scope.actor.role) {
    case 'teacher':
      return sql`a.class_id in ${taughtClasses(scope)}`;
    case 'student':
      return sql`a.student_id = ${me}`;
    case 'parent':
      return sql`a.student_id in (select sp.student_id from student_parents sp where sp.school_id = ${scope.schoolId} and sp.parent_id = ${me})`;
    default:
      return sql`false`;
  }
}

/**
 * SQL selecting the school's class (id, name, academicYear), whoever asks: for an answer shared by every reader
 * whose access was decided apart (the answers cache, reads.ts).
 */
export function schoolClassSql(schoolId: string, classId: string): SQL {
  return sql`
    select c.id, ${classLabel('c')} as name, c.academic_year as "academicYear"
    from classes c where c.school_id = ${schoolId} and c.id = ${classId}`;
}

/** SQL selecting the class (id, name, academicYear) if the caller may mark and read it whole, else no row. */
export function staffClassSql(scope: SchoolScope, classId: string, activeOnly = false): SQL {
  return sql`${schoolClassSql(scope.schoolId, classId)}
      ${activeOnly ? sql`and c.is_active` : sql``}
      ${seesEveryone(scope) ? sql`` : scope.actor.role === 'teacher' ? sql`and c.id in ${taughtClasses(scope)}` : sql`and false`}`;
}

/** The class if the caller may mark and read it whole, else `Class not found` (another's class is not shown to exist). */
export async function classForStaff(
  tx: Tx,
  scope: SchoolScope,
  classId: string,
  activeOnly = false,
): Promise<{ id: string; name: string; academicYear: string }> {
  const result = await selectRows<{ id: string; name: string; academicYear: string }>(
    tx,
    staffClassSql(scope, classId, activeOnly),
  );
  const row = result[0];
  if (!row) throw notFound(PEOPLE_MESSAGES.classNotFound);
  return row;
}

/**
 * SQL selecting the student (id, name) if the caller may read their attendance, else no row. A teacher reads a
 * student of a class they teach or lead, and one who has records in such a class and moved on since (the
 * register keeps their row; the history then shows only those classes' records, see visibleRecords).
 */
export function readableStudentSql(scope: SchoolScope, studentId: string): SQL {
  const me = scope.actor.profileId;
  const who = seesEveryone(scope)
    ? sql``
    : scope.actor.role === 'teacher'
      ? sql`and (s.class_id in ${taughtClasses(scope)} or exists (select 1 from attendance_student_totals t
          where t.school_id = s.school_id and t.student_id = s.id and t.class_id in ${taughtClasses(scope)}
            and t.present + t.late + t.absent > 0))`
      : scope.actor.role === 'student'
        ? sql`and s.id = ${me}`
        : scope.actor.role === 'parent'
          ? sql`and s.id in (select sp.student_id from student_parents sp where sp.school_id = ${scope.schoolId} and sp.parent_id = ${me})`
          : sql`and false`;
  return sql`${schoolStudentSql(scope.schoolId, studentId)} ${who}`;
}

/** SQL selecting the school's student (id, name), whoever asks: as schoolClassSql, for a shared answer. */
export function schoolStudentSql(schoolId: string, studentId: string): SQL {
  return sql`
    select s.id, u.name from students s join users u on u.school_id = s.school_id and u.id = s.id
    where s.school_id = ${schoolId} and s.id = ${studentId}`;
}
