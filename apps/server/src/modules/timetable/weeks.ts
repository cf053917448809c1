import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  type ChildrenTimetableResponse,
  TIMETABLE_MESSAGES,
  type TimetableChanged,
  type TimetableSlot,
  type TimetableWeek,
  type Weekday,
  weekdaysFrom,
} from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { inScope, readScope, type SchoolScope, seesEveryone } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { loadSlots, roomKeySql } from './slot-rows.ts';
import { byName } from '../../lib/search.ts';

/**
 * Whose weeks a caller reads: administrators and principals every class's; a teacher the classes they teach
 * or lead and their own lessons; a student their class's; a parent their children's classes'.
 */
export function readableClasses(scope: SchoolScope) {
  const me = scope.actor.profileId;
  const school = scope.schoolId;
  switch (scope.actor.role) {
    case 'teacher':
      return sql`(select ct.class_id from class_teachers ct where ct.school_id = ${school} and ct.teacher_id = ${me}
        union select t.class_id from timetable_slots t where t.school_id = ${school} and t.teacher_id = ${me})`;
    case 'student':
      return sql`(select s.class_id from students s where s.school_id = ${school} and s.id = ${me})`;
    case 'parent':
      return sql`(select s.class_id from student_parents sp join students s on s.school_id = sp.school_id and s.id = sp.student_id
        where sp.school_id = ${school} and sp.parent_id = ${me})`;
    default:
      return sql`(select null::uuid where false)`;
  }
}

/** A week view's days, from the school's first day of the week (docs/product.md, "The school's day"). */
const daysOf = (actor: Actor): Weekday[] => weekdaysFrom(actor.school?.locale.weekStart ?? 'monday');

async function canReadClass(tx: Tx, scope: SchoolScope, classId: string): Promise<boolean> {
  const result =
    await tx.execute(sql`select 1 from classes c where c.school_id = ${scope.schoolId} and c.id = ${classId}
    ${seesEveryone(scope) ? sql`` : sql`and c.id in ${readableClasses(scope)}`}`);
  return result.rows.length > 0;
}

export function classWeek(deps: Deps, actor: Actor, { id }: { id: string }): Promise<TimetableWeek> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    if (!(await canReadClass(tx, scope, id))) throw notFound(PEOPLE_MESSAGES.classNotFound);
    return { items: await loadSlots(tx, scope.schoolId, sql`ts.class_id = ${id}`, daysOf(actor)) };
  });
}

/** A teacher's own week; administrators and principals read any teacher's. */
export function teacherWeek(deps: Deps, actor: Actor, { id }: { id: string }): Promise<TimetableWeek> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    const mayRead = seesEveryone(scope) || (actor.role === 'teacher' && actor.profileId === id);
    const found = await selectRows<{ one: number }>(
      tx,
      sql`select 1 as one from users u where u.school_id = ${scope.schoolId} and u.id = ${id} and u.role = 'teacher'`,
    );
    if (!mayRead || found.length === 0) throw notFound(PEOPLE_MESSAGES.teacherNotFound);
    return { items: await loadSlots(tx, scope.schoolId, sql`ts.teacher_id = ${id}`, daysOf(actor)) };
  });
}

/** A room's week, for staff and teachers planning a change; any spelling of the room finds it (roomKeySql, room_key). */
export function roomWeek(deps: Deps, actor: Actor, { room }: { room: string }): Promise<TimetableWeek> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => ({
    items: await loadSlots(tx, scope.schoolId, sql`ts.room_key = ${roomKeySql(sql`${room}`)}`, daysOf(actor)),
  }));
}

/** A student's week is their class's: the student themself, their parents, their teachers and staff read it. */
export function studentWeek(deps: Deps, actor: Actor, { id }: { id: string }): Promise<TimetableWeek> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    const me = actor.profileId;
    const visible = seesEveryone(scope)
      ? sql``
      : actor.role === 'student'
        ? sql`and s.id = ${me}`
        : actor.role === 'parent'
          ? sql`and s.id in (select sp.student_id from student_parents sp where sp.school_id = ${scope.schoolId} and sp.parent_id = ${me})`
          : sql`and s.class_id in ${readableClasses(scope)}`;
    const found = await selectRows<{ classId: string }>(
      tx,
      sql`select s.class_id as "classId" from students s where s.school_id = ${scope.schoolId} and s.id = ${id} ${visible}`,
    );
    const classId = found[0]?.classId;
    if (!classId) throw notFound(PEOPLE_MESSAGES.studentNotFound);
    return { items: await loadSlots(tx, scope.schoolId, sql`ts.class_id = ${classId}`, daysOf(actor)) };
  });
}

/** A parent's children, each with their class's week; one statement for the slots whatever the number of children. */
export function childrenWeeks(deps: Deps, actor: Actor): Promise<ChildrenTimetableResponse> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    const kids = await selectRows<{ studentId: string; name: string; classId: string }>(
      tx,
      sql`
      select s.id as "studentId", u.name, s.class_id as "classId"
      from student_parents sp
        join students s on s.school_id = sp.school_id and s.id = sp.student_id
        join users u on u.school_id = s.school_id and u.id = s.id
      where sp.school_id = ${scope.schoolId} and sp.parent_id = ${actor.profileId} and u.is_active
      order by ${byName(sql`u.name`)}, s.id`,
    );
    const classIds = [...new Set(kids.map((k) => k.classId))];
    const slots = classIds.length
      ? await loadSlots(tx, scope.schoolId, sql`ts.class_id in ${classIds}`, daysOf(actor))
      : ([] as TimetableSlot[]);
    return {
      children: kids.map((k) => ({ ...k, items: slots.filter((s) => s.classId === k.classId) })),
    };
  });
}

export function getSlot(deps: Deps, actor: Actor, { id }: { id: string }): Promise<TimetableSlot> {
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => {
    const [slot] = await loadSlots(tx, scope.schoolId, sql`ts.id = ${id}`);
    if (!slot || !(await canReadClass(tx, scope, slot.classId))) throw notFound(TIMETABLE_MESSAGES.slotNotFound);
    return slot;
  });
}

/** The live stream's reader of a `timetable` event (the id is the class): sent only to who may read that week. */
export async function readTimetableChange(
  deps: Deps,
  actor: Actor,
  { id }: { id: string },
): Promise<TimetableChanged | null> {
  if (actor.kind !== 'school') return null;
  const scope = readScope(actor, undefined, 'timetable');
  return inScope(deps.db, scope, async (tx) => ((await canReadClass(tx, scope, id)) ? { classId: id } : null));
}
