import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  type AssignTimetableTeacherRequest,
  type AssignTimetableTeacherResponse,
  type ClearSlotsQuery,
  type ClearSlotsResponse,
  type CreateSlotRequest,
  lessonLongEnough,
  MAX_LESSONS_PER_WEEK,
  roomKey,
  TIMETABLE_MESSAGES,
  type TimetableSlot,
  type UpdateSlotRequest,
  type Weekday,
} from '@lyceum/shared/timetable';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { classLabel } from '../../db/class-label.ts';
import { currentAcademicYearId } from '../../db/academic-years.ts';
import { audit, auditAll } from '../../db/audit.ts';
import { lockTimetable } from '../../db/timetable-lessons.ts';
import type { Tx } from '../../db/client.ts';
import { classes, classSubjects, classTeachers, subjects, timetableSlots, users } from '../../db/schema/index.ts';
import { inScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { selectRows } from '../../db/select-rows.ts';
import { byWeek, loadSlots, publishTimetableChange, roomKeySql, slotColumns, slotNames } from './slot-rows.ts';

interface Placement {
  classId: string;
  subjectId: string;
  teacherId: string;
  room: string;
  day: Weekday;
  startTime: string;
  endTime: string;
}

const dayName = (d: Weekday) => d.charAt(0).toUpperCase() + d.slice(1);

async function findClassName(tx: Tx, schoolId: string, classId: string): Promise<string> {
  const [row] = await tx
    .select({ name: classLabel('classes') })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, classId), eq(classes.isActive, true)));
  if (!row) throw notFound(PEOPLE_MESSAGES.classNotFound);
  return row.name;
}

async function findTeacherName(tx: Tx, schoolId: string, teacherId: string): Promise<string> {
  const [row] = await tx
    .select({ name: users.name })
    .from(users)
    .where(
      and(eq(users.schoolId, schoolId), eq(users.id, teacherId), eq(users.role, 'teacher'), eq(users.isActive, true)),
    );
  if (!row) throw notFound(PEOPLE_MESSAGES.teacherNotFound);
  return row.name;
}

/** The subjects this teacher is assigned in this class (docs/product.md, "Classes and subjects"), or null if not on it. */
async function assignedSubjects(tx: Tx, schoolId: string, classId: string, teacherId: string) {
  const [row] = await tx
    .select({ subjectIds: classTeachers.subjectIds })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.schoolId, schoolId),
        eq(classTeachers.classId, classId),
        eq(classTeachers.teacherId, teacherId),
      ),
    );
  return new Set(row?.subjectIds ?? []);
}

async function isClassSubject(tx: Tx, schoolId: string, classId: string, subjectId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: classSubjects.id })
    .from(classSubjects)
    .where(
      and(
        eq(classSubjects.schoolId, schoolId),
        eq(classSubjects.classId, classId),
        eq(classSubjects.subjectId, subjectId),
      ),
    );
  return Boolean(row);
}

/**
 * A deactivated subject is not taught any more: no lesson is put into a week with it (docs/product.md, "Classes
 * and subjects"), as it cannot be deactivated while it has one. Answers the names of those of the school.
 */
async function activeSubjectNames(tx: Tx, schoolId: string, subjectIds: string[]): Promise<Map<string, string>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: subjects.id, name: subjects.name, isActive: subjects.isActive })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, subjectIds)));
  if (rows.some((r) => !r.isActive)) {
    throw new AppError('not_found', PEOPLE_MESSAGES.subjectNotFound, { subjectId: PEOPLE_MESSAGES.subjectNotFound });
  }
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The subject must be taught in the class and the teacher assigned it there; a newly named one must be active. */
async function checkTeaching(tx: Tx, schoolId: string, p: Placement, newSubject: boolean): Promise<void> {
  await findClassName(tx, schoolId, p.classId);
  await findTeacherName(tx, schoolId, p.teacherId);
  if (!(await isClassSubject(tx, schoolId, p.classId, p.subjectId))) {
    throw new AppError('rule', TIMETABLE_MESSAGES.subjectNotInClass, {
      subjectId: TIMETABLE_MESSAGES.subjectNotInClass,
    });
  }
  if (newSubject) await activeSubjectNames(tx, schoolId, [p.subjectId]);
  if (!(await assignedSubjects(tx, schoolId, p.classId, p.teacherId)).has(p.subjectId)) {
    throw new AppError('rule', TIMETABLE_MESSAGES.teacherNotAssigned, {
      teacherId: TIMETABLE_MESSAGES.teacherNotAssigned,
    });
  }
}

/**
 * For each of `wanted` (by position), the stored lessons that take its class, its teacher or its room at an
 * overlapping time on its day (touching ends do not overlap), `exceptId` aside (a lesson being moved): what a
 * clash is judged from. One statement for the whole list, however long: a lesson's room is compared by its stored
 * key (room_key), which an index serves.
 */
async function overlappingEach(
  tx: Tx,
  schoolId: string,
  wanted: Placement[],
  exceptId: string | null,
): Promise<TimetableSlot[][]> {
  const found = wanted.map((): TimetableSlot[] => []);
  if (wanted.length === 0) return found;
  const rows = sql.join(
    wanted.map(
      (p, i) =>
        sql`(${i}::int, ${p.day}::text, ${p.startTime}::time, ${p.endTime}::time, ${p.classId}::uuid, ${p.teacherId}::uuid, ${roomKeySql(sql`${p.room}::text`)})`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select w.i, ${slotColumns}
    from (values ${rows}) w(i, day, start_time, end_time, class_id, teacher_id, room_key)
      join timetable_slots ts on ts.school_id = ${schoolId} and ts.day = w.day
        and ts.start_time < w.end_time and ts.end_time > w.start_time
        and (ts.class_id = w.class_id or ts.teacher_id = w.teacher_id or (w.room_key <> '' and ts.room_key = w.room_key))
      ${slotNames}
    ${exceptId ? sql`where ts.id <> ${exceptId}` : sql``}`);
  for (const { i, ...slot } of result.rows as unknown as (TimetableSlot & { i: number })[]) {
    found[Number(i)]?.push(slot);
  }
  for (const list of found) list.sort(byWeek());
  return found;
}

/** Whether `s` takes the class, the teacher or the room of `p` at an overlapping time (what overlappingEach finds). */
const meets = (s: TimetableSlot, p: Placement) =>
  s.day === p.day &&
  s.startTime < p.endTime &&
  s.endTime > p.startTime &&
  (s.classId === p.classId || s.teacherId === p.teacherId || (p.room !== '' && roomKey(s.room) === roomKey(p.room)));

/**
 * Why `p` cannot go into the week, or null, given the lessons that overlap it (in week order): the same class,
 * day, start and end already exist; or the class, the teacher or the room is busy at an overlapping time (the
 * message names the other lesson).
 */
function clashAmong(p: Placement, overlapping: TimetableSlot[]): AppError | null {
  const same = overlapping.find(
    (s) => s.classId === p.classId && s.startTime === p.startTime && s.endTime === p.endTime,
  );
  if (same)
    return new AppError('conflict', TIMETABLE_MESSAGES.slotExists, { startTime: TIMETABLE_MESSAGES.slotExists });
  const when = (s: TimetableSlot) => [dayName(s.day), s.startTime, s.endTime] as const;
  const cls = overlapping.find((s) => s.classId === p.classId);
  if (cls) {
    const m = TIMETABLE_MESSAGES.classBusy(cls.className, cls.subject, ...when(cls));
    return new AppError('conflict', m, { startTime: m });
  }
  const teacher = overlapping.find((s) => s.teacherId === p.teacherId);
  if (teacher) {
    const m = TIMETABLE_MESSAGES.teacherBusy(teacher.teacherName, teacher.className, ...when(teacher));
    return new AppError('conflict', m, { teacherId: m });
  }
  const room = overlapping.find((s) => p.room !== '' && roomKey(s.room) === roomKey(p.room));
  if (room) {
    const m = TIMETABLE_MESSAGES.roomBusy(room.room, room.className, ...when(room));
    return new AppError('conflict', m, { room: m });
  }
  return null;
}

/** Why `p` cannot go into the week, or null (clashAmong). */
async function clashOf(tx: Tx, schoolId: string, p: Placement, exceptId: string | null): Promise<AppError | null> {
  const [overlapping] = await overlappingEach(tx, schoolId, [p], exceptId);
  return clashAmong(p, overlapping ?? []);
}

/**
 * At most MAX_LESSONS_PER_WEEK lessons a week for a class and for a teacher (docs/product.md, "Periods and the
 * weekly timetable"), counting `adding` more for each (a moved lesson adds to its new teacher only). Counted in
 * one statement under the timetable's turn, so writes at the edge count one after the other; refused with
 * nothing written.
 */
async function refuseTooManyLessons(
  tx: Tx,
  schoolId: string,
  week: { classId: string | null; teacherId: string | null },
  adding: number,
): Promise<void> {
  if (adding === 0) return;
  const [row] = await selectRows<{ cls: number; teacher: number }>(
    tx,
    sql`select count(*) filter (where ts.class_id = ${week.classId})::int as cls,
        count(*) filter (where ts.teacher_id = ${week.teacherId})::int as teacher
      from timetable_slots ts
      where ts.school_id = ${schoolId} and (ts.class_id = ${week.classId} or ts.teacher_id = ${week.teacherId})`,
  );
  if (week.classId !== null && Number(row?.cls ?? 0) + adding > MAX_LESSONS_PER_WEEK) {
    throw new AppError('rule', TIMETABLE_MESSAGES.classLessonsFull);
  }
  if (week.teacherId !== null && Number(row?.teacher ?? 0) + adding > MAX_LESSONS_PER_WEEK) {
    throw new AppError('rule', TIMETABLE_MESSAGES.teacherLessonsFull, {
      teacherId: TIMETABLE_MESSAGES.teacherLessonsFull,
    });
  }
}

/** The unique index is the last word on "same class, day, start and end" (a race the lock does not cover cannot happen, but a direct write could). */
async function slotUnique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'timetable_slots_class_time_unique') {
      throw new AppError('conflict', TIMETABLE_MESSAGES.slotExists, { startTime: TIMETABLE_MESSAGES.slotExists });
    }
    throw err;
  }
}

async function findSlot(tx: Tx, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(timetableSlots)
    .where(and(eq(timetableSlots.schoolId, schoolId), eq(timetableSlots.id, id)));
  if (!row) throw notFound(TIMETABLE_MESSAGES.slotNotFound);
  return row;
}

async function slotView(tx: Tx, schoolId: string, id: string): Promise<TimetableSlot> {
  const [slot] = await loadSlots(tx, schoolId, sql`ts.id = ${id}`);
  if (!slot) throw notFound(TIMETABLE_MESSAGES.slotNotFound);
  return slot;
}

/** Stores the lessons (ids chosen), audited one entry each, and answers them as stored, in the order given. */
async function insertSlots(
  tx: Tx,
  scope: SchoolScope,
  lessons: (Placement & { id: string })[],
): Promise<TimetableSlot[]> {
  if (lessons.length === 0) return [];
  const placements = lessons.map(
    ({ id, classId, subjectId, teacherId, room, day, startTime, endTime }) =>
      [id, { classId, subjectId, teacherId, room, day, startTime, endTime }] as const,
  );
  await tx.insert(timetableSlots).values(
    placements.map(([id, p]) => ({
      schoolId: scope.schoolId,
      id,
      ...p,
      academicYearId: currentAcademicYearId(scope.schoolId),
    })),
  );
  const ids = placements.map(([id]) => id);
  const byId = new Map((await loadSlots(tx, scope.schoolId, sql`ts.id in ${ids}`)).map((s) => [s.id, s]));
  await auditAll(
    tx,
    scope.actor,
    placements.map(([id, p]) => ({
      schoolId: scope.schoolId,
      action: 'timetable_slot.created',
      entity: 'timetable_slot',
      entityId: id,
      after: p,
    })),
  );
  return ids.map((id) => {
    const slot = byId.get(id);
    if (!slot) throw notFound(TIMETABLE_MESSAGES.slotNotFound);
    return slot;
  });
}

async function insertSlot(tx: Tx, scope: SchoolScope, p: Placement): Promise<TimetableSlot> {
  const [made] = await insertSlots(tx, scope, [{ ...p, id: newId() }]);
  if (!made) throw notFound(TIMETABLE_MESSAGES.slotNotFound);
  return made;
}

export function createSlot(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateSlotRequest>,
): Promise<TimetableSlot> {
  const scope = writeScope(actor, undefined);
  return slotUnique(() =>
    inScope(deps.db, scope, async (tx) => {
      await lockTimetable(tx, scope.schoolId);
      await checkTeaching(tx, scope.schoolId, input, true);
      const clash = await clashOf(tx, scope.schoolId, input, null);
      if (clash) throw clash;
      await refuseTooManyLessons(tx, scope.schoolId, input, 1);
      const made = await insertSlot(tx, scope, input);
      await publishTimetableChange(tx, scope.schoolId, [made.classId]);
      return made;
    }),
  );
}

export function updateSlot(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof UpdateSlotRequest>,
): Promise<TimetableSlot> {
  const scope = writeScope(actor, undefined);
  return slotUnique(() =>
    inScope(deps.db, scope, async (tx) => {
      await lockTimetable(tx, scope.schoolId);
      const row = await findSlot(tx, scope.schoolId, id);
      // A lesson is not moved between classes (docs/product.md, "Periods and the weekly timetable").
      if (input.classId !== undefined && input.classId !== row.classId) {
        throw new AppError('validation', TIMETABLE_MESSAGES.classFixed, { classId: TIMETABLE_MESSAGES.classFixed });
      }
      const before: Placement = {
        classId: row.classId,
        subjectId: row.subjectId,
        teacherId: row.teacherId,
        room: row.room,
        day: row.day,
        startTime: row.startTime.slice(0, 5),
        endTime: row.endTime.slice(0, 5),
      };
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const next: Placement = { ...before, ...changes };
      if (next.endTime <= next.startTime) throw invalidField('endTime', TIMETABLE_MESSAGES.endAfterStart);
      // A new time is a new lesson length; a lesson kept from before the minimum keeps its own until then.
      if ((input.startTime !== undefined || input.endTime !== undefined) && !lessonLongEnough(next)) {
        throw invalidField('endTime', TIMETABLE_MESSAGES.lessonTooShort);
      }
      await checkTeaching(tx, scope.schoolId, next, next.subjectId !== before.subjectId);
      const clash = await clashOf(tx, scope.schoolId, next, id);
      if (clash) throw clash;
      // The class never changes; another teacher gets one lesson more.
      if (next.teacherId !== before.teacherId) {
        await refuseTooManyLessons(tx, scope.schoolId, { classId: null, teacherId: next.teacherId }, 1);
      }
      await tx
        .update(timetableSlots)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(timetableSlots.schoolId, scope.schoolId), eq(timetableSlots.id, id)));
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'timetable_slot.updated',
        entity: 'timetable_slot',
        entityId: id,
        before,
        after: next,
      });
      await publishTimetableChange(tx, scope.schoolId, [next.classId]);
      return slotView(tx, scope.schoolId, id);
    }),
  );
}

export function deleteSlot(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const before = await slotView(tx, scope.schoolId, id);
    await tx.delete(timetableSlots).where(and(eq(timetableSlots.schoolId, scope.schoolId), eq(timetableSlots.id, id)));
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'timetable_slot.deleted',
      entity: 'timetable_slot',
      entityId: id,
      before,
    });
    await publishTimetableChange(tx, scope.schoolId, [before.classId]);
  });
}

/**
 * One of the school's classes, teachers or subjects, active or not (another school's, or unknown: 404). A
 * teacher is anyone with a teacher record, a promoted one too: their lessons stay until deleted.
 */
async function refuseUnknown(tx: Tx, schoolId: string, q: z.output<typeof ClearSlotsQuery>): Promise<void> {
  const exists = async (table: string, id: string) =>
    (await tx.execute(sql`select 1 from ${sql.identifier(table)} where school_id = ${schoolId} and id = ${id}`)).rows
      .length > 0;
  if (q.classId !== undefined && !(await exists('classes', q.classId))) throw notFound(PEOPLE_MESSAGES.classNotFound);
  if (q.teacherId !== undefined && !(await exists('teachers', q.teacherId))) {
    throw notFound(PEOPLE_MESSAGES.teacherNotFound);
  }
  if (q.subjectId !== undefined && !(await exists('subjects', q.subjectId))) {
    throw notFound(PEOPLE_MESSAGES.subjectNotFound);
  }
}

/**
 * Clears a class's or a teacher's week, or a teacher's lessons in one class, or one subject of any of these, in
 * one go (docs/product.md, "Periods and the weekly timetable"): the way to "delete them first" when a change is refused while lessons would be left
 * behind. All of them or none, under the timetable's turn, so a lesson added meanwhile goes too or waits.
 */
export function clearSlots(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof ClearSlotsQuery>,
): Promise<ClearSlotsResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    await lockTimetable(tx, scope.schoolId);
    await refuseUnknown(tx, scope.schoolId, query);
    const where = [eq(timetableSlots.schoolId, scope.schoolId)];
    if (query.classId !== undefined) where.push(eq(timetableSlots.classId, query.classId));
    if (query.teacherId !== undefined) where.push(eq(timetableSlots.teacherId, query.teacherId));
    if (query.subjectId !== undefined) where.push(eq(timetableSlots.subjectId, query.subjectId));
    const gone = await tx
      .delete(timetableSlots)
      .where(and(...where))
      .returning({
        id: timetableSlots.id,
        classId: timetableSlots.classId,
        subjectId: timetableSlots.subjectId,
        teacherId: timetableSlots.teacherId,
        room: timetableSlots.room,
        day: timetableSlots.day,
        startTime: timetableSlots.startTime,
        endTime: timetableSlots.endTime,
      });
    if (gone.length > 0) {
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'timetable_slots.cleared',
        entity: 'timetable_slot',
        entityId: query.classId ?? query.teacherId ?? null,
        before: { of: query, slots: gone },
      });
      await publishTimetableChange(
        tx,
        scope.schoolId,
        gone.map((s) => s.classId),
      );
    }
    return { deleted: gone.length };
  });
}

/** For a route's bad body: another school's (or an unknown) class answers 404 before the body is judged. */
export async function findWritableClass(deps: Deps, actor: Actor, { id }: { id: string }): Promise<undefined> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, (tx) => findClassName(tx, scope.schoolId, id));
  return undefined;
}

/**
 * Puts one teacher into a class's week (docs/product.md, "School day: timetable and attendance"): a slot whose
 * subject the teacher is not assigned in the class is skipped, so is one whose class, day, start and end
 * already exist, and so is one that would clash (with a stored lesson or one made earlier in the list); the
 * answer lists what was made and what was skipped, why. The list is judged by the single-lesson rules
 * (clashAmong), in order, but read and written in a fixed number of statements whatever its length: one read
 * of the lessons it overlaps, one insert, one read of what was made, one audit insert. The timetable's turn
 * is held meanwhile, so it must stay short.
 */
export function assignTeacherToTimetable(
  deps: Deps,
  actor: Actor,
  { id: classId, ...input }: { id: string } & z.output<typeof AssignTimetableTeacherRequest>,
): Promise<AssignTimetableTeacherResponse> {
  const scope = writeScope(actor, undefined);
  return slotUnique(() =>
    inScope(deps.db, scope, async (tx) => {
      await lockTimetable(tx, scope.schoolId);
      const className = await findClassName(tx, scope.schoolId, classId);
      const teacherName = await findTeacherName(tx, scope.schoolId, input.teacherId);
      const subjectNames = await activeSubjectNames(tx, scope.schoolId, [
        ...new Set(input.slots.map((l) => l.subjectId)),
      ]);
      const assigned = await assignedSubjects(tx, scope.schoolId, classId, input.teacherId);
      const wanted = input.slots.map((l): Placement => ({ ...l, classId, teacherId: input.teacherId }));
      const placeable = wanted.filter((p) => assigned.has(p.subjectId));
      const stored = await overlappingEach(tx, scope.schoolId, placeable, null);
      const skipped: AssignTimetableTeacherResponse['skipped'] = [];
      const made: TimetableSlot[] = [];
      let k = 0;
      for (const p of wanted) {
        const where = { subjectId: p.subjectId, day: p.day, startTime: p.startTime, endTime: p.endTime };
        if (!assigned.has(p.subjectId)) {
          skipped.push({ ...where, reason: 'subject_not_assigned', message: TIMETABLE_MESSAGES.skippedNotAssigned });
          continue;
        }
        // The lessons this one overlaps: stored ones, and those of the list already made, as the one-lesson path
        // would have found them stored.
        const overlapping = [...(stored[k++] ?? []), ...made.filter((s) => meets(s, p))].sort(byWeek());
        const clash = clashAmong(p, overlapping);
        if (clash) {
          const exists = clash.message === TIMETABLE_MESSAGES.slotExists;
          skipped.push({
            ...where,
            reason: exists ? 'slot_exists' : 'clash',
            message: exists ? TIMETABLE_MESSAGES.skippedExists : clash.message,
          });
          continue;
        }
        made.push({
          ...p,
          id: newId(),
          className,
          subject: subjectNames.get(p.subjectId) ?? '',
          teacherName,
        });
      }
      await refuseTooManyLessons(tx, scope.schoolId, { classId, teacherId: input.teacherId }, made.length);
      const created = await insertSlots(tx, scope, made);
      if (created.length > 0) await publishTimetableChange(tx, scope.schoolId, [classId]);
      return { created, skipped };
    }),
  );
}
