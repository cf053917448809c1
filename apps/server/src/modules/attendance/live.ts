import type { AttendanceChanged } from '@lyceum/shared/attendance';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';

/**
 * What the stream sends a user for an `attendance` event: the class, if the user may read its marks
 * (staff: any; a teacher: theirs; a student: their own class; a parent: a child's class); else nothing.
 */
export async function readAttendanceChange(
  deps: Deps,
  actor: Actor,
  { id }: { id: string },
): Promise<AttendanceChanged | null> {
  if (actor.kind !== 'school') return null;
  const scope = readScope(actor, undefined, 'attendance');
  if (seesEveryone(scope)) return { classId: id };
  const me = scope.actor.profileId;
  const who =
    scope.actor.role === 'teacher'
      ? sql`exists (select 1 from class_teachers ct where ct.school_id = ${scope.schoolId} and ct.class_id = ${id} and ct.teacher_id = ${me})`
      : scope.actor.role === 'student'
        ? sql`exists (select 1 from attendance a where a.school_id = ${scope.schoolId} and a.class_id = ${id} and a.student_id = ${me})`
        : scope.actor.role === 'parent'
          ? sql`exists (select 1 from attendance a join student_parents sp on sp.school_id = a.school_id and sp.student_id = a.student_id
              where a.school_id = ${scope.schoolId} and a.class_id = ${id} and sp.parent_id = ${me})`
          : sql`false`;
  return inScope(deps.db, scope, async (tx) => {
    const [row] = await selectRows<{ ok: boolean }>(tx, sql`select ${who} as ok`);
    return row?.ok ? { classId: id } : null;
  });
}
