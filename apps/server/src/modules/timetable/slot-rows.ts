import { type TimetableSlot, WEEKDAYS, type Weekday } from '@lyceum/shared/timetable';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';

/**
 * By day, from the school's first day of the week (Monday unless given), then by start time (then class name, so
 * equal times print the same way every time).
 */
export function byWeek(days: readonly Weekday[] = WEEKDAYS): (a: TimetableSlot, b: TimetableSlot) => number {
  const dayOrder = (d: Weekday) => days.indexOf(d);
  return (a, b) =>
    dayOrder(a.day) - dayOrder(b.day) ||
    a.startTime.localeCompare(b.startTime) ||
    a.className.localeCompare(b.className) ||
    a.id.localeCompare(b.id);
}

/**
 * A room as clashes, the room week and the room picker compare it: letter case and spacing aside, so "Room 1"
 * and "room  1" are one room (docs/product.md, "Periods and the weekly timetable"; roomKey is the same in JS).
 * A lesson's own key is stored as `timetable_slots.room_key` (the same expression, migration 0034), which is what
 * statements compare a given room's key with, so an index serves it.
 */
export const roomKeySql = (room: SQL) => sql`lower(regexp_replace(btrim(${room}), '\\s+', ' ', 'g'))`;

/** What each slot row carries for a grid: the names of its class, subject and teacher (`ts` joined as `c`, `s`, `u`). */
export const slotColumns = sql`ts.id, ts.class_id as "classId",
      ${classLabel('c')} as "className",
      ts.subject_id as "subjectId", s.name as subject,
      ts.teacher_id as "teacherId", u.name as "teacherName",
      ts.room, ts.day, to_char(ts.start_time, 'HH24:MI') as "startTime", to_char(ts.end_time, 'HH24:MI') as "endTime"`;
export const slotNames = sql`join classes c on c.school_id = ts.school_id and c.id = ts.class_id
      join subjects s on s.school_id = ts.school_id and s.id = ts.subject_id
      join users u on u.school_id = ts.school_id and u.id = ts.teacher_id`;

/**
 * Slots matching `where` (a condition on `ts`), with the names a grid prints, in week order (`days`: the school's,
 * weekdaysFrom its first day of the week). One statement.
 */
export async function loadSlots(
  tx: Tx,
  schoolId: string,
  where: SQL,
  days: readonly Weekday[] = WEEKDAYS,
): Promise<TimetableSlot[]> {
  const result = await tx.execute(sql`
    select ${slotColumns}
    from timetable_slots ts
      ${slotNames}
    where ts.school_id = ${schoolId} and ${where}`);
  return (result.rows as unknown as TimetableSlot[]).sort(byWeek(days));
}

/**
 * Tells the open grids of the school that a class's week changed. Addressed to every school role; the
 * stream's reader (readTimetableChange) sends it only to those who may read that class's week.
 */
export function publishTimetableChange(tx: Tx, schoolId: string, classIds: string[]): Promise<void> {
  return publishLiveEvents(
    tx,
    [...new Set(classIds)].map((id) => ({
      kind: 'timetable' as const,
      schoolId,
      id,
      roles: ['school_admin', 'principal', 'teacher', 'student', 'parent'],
    })),
  );
}
