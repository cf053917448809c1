import { type SQL, sql } from 'drizzle-orm';
import { onRoster } from '../../db/roster.ts';
import { classes, parents, students, teachers } from '../../db/schema/index.ts';
import { type SchoolScope, seesEveryone } from '../../db/school-scope.ts';

/**
 * Who sees whom (issue 4 item 9), as SQL conditions added to every query of a list or a single row:
 * administrators, principals and company readers see the whole school; a teacher the classes they teach or
 * lead, their students and those students' parents; a parent their children; a student themself.
 * `undefined` means no restriction. A teacher's students are those on the roster of their classes: a child
 * withdrawn, graduated or deactivated keeps the class as their last, but their profile, their parents and their
 * emergency contacts leave the class's teachers, as a moved child's do (docs/security.md, "Children who left a
 * class"); the attendance the class recorded stays readable (modules/attendance/whose.ts).
 */
const taughtClasses = (scope: SchoolScope) =>
  sql`(select ct.class_id from class_teachers ct where ct.school_id = ${scope.schoolId} and ct.teacher_id = ${scope.actor.profileId})`;

export function visibleStudents(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope)) return undefined;
  const me = scope.actor.profileId;
  switch (scope.actor.role) {
    case 'teacher':
      return sql`${students.classId} in ${taughtClasses(scope)} and ${onRoster(scope.schoolId, sql`${students}`)}`;
    case 'parent':
      return sql`${students.id} in (select sp.student_id from student_parents sp where sp.school_id = ${scope.schoolId} and sp.parent_id = ${me})`;
    case 'student':
      return sql`${students.id} = ${me}`;
    default:
      return sql`false`;
  }
}

/**
 * The attendance counts (rows `a` of attendance_student_totals) of a student whose profile the caller reads: a
 * teacher counts only the classes they teach or lead, as their attendance history of the student does
 * (docs/product.md, "Attendance"); everyone else who may read the profile, every class. `undefined` means all.
 */
export function visibleAttendanceCounts(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope) || scope.actor.role !== 'teacher') return undefined;
  return sql`a.class_id in ${taughtClasses(scope)}`;
}

export function visibleParents(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope)) return undefined;
  const me = scope.actor.profileId;
  switch (scope.actor.role) {
    case 'teacher':
      return sql`${parents.id} in (select sp.parent_id from student_parents sp
        join students s on s.school_id = sp.school_id and s.id = sp.student_id
        where sp.school_id = ${scope.schoolId} and s.class_id in ${taughtClasses(scope)} and ${onRoster(scope.schoolId)})`;
    case 'parent':
      return sql`${parents.id} = ${me}`;
    default:
      return sql`false`;
  }
}

export function visibleTeachers(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope)) return undefined;
  return scope.actor.role === 'teacher' ? sql`${teachers.id} = ${scope.actor.profileId}` : sql`false`;
}

export function visibleClasses(scope: SchoolScope): SQL | undefined {
  if (seesEveryone(scope)) return undefined;
  return scope.actor.role === 'teacher' ? sql`${classes.id} in ${taughtClasses(scope)}` : sql`false`;
}
