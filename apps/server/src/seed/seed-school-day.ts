import { type AttendanceStatus, statusOf } from '@lyceum/shared/attendance';
import type { Weekday } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import { currentAcademicYearId } from '../db/academic-years.ts';
import type { Tx } from '../db/client.ts';
import { periods, timetableSlots } from '../db/schema/index.ts';
import { selectRows } from '../db/select-rows.ts';
import { newId } from '../lib/ids.ts';
import { alertParents, schoolToday } from '../modules/attendance/index.ts';
import { byName } from '../lib/search.ts';

const PERIODS: [name: string, start: string, end: string, isBreak: boolean][] = [
  ['Period 1', '08:00', '08:45', false],
  ['Period 2', '08:50', '09:35', false],
  ['Period 3', '09:40', '10:25', false],
  ['Break', '10:25', '10:45', true],
  ['Period 4', '10:45', '11:30', false],
  ['Period 5', '11:35', '12:20', false],
];
const SCHOOL_DAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
/** At most this many school days of attendance, so seeding stays quick whatever the date. */
const MAX_DAYS = 40;

/** The term a date falls in: terms start on 1 September, 5 January and 20 April. */
function termStart(today: string): string {
  const year = Number(today.slice(0, 4));
  const starts = [`${year - 1}-09-01`, `${year}-01-05`, `${year}-04-20`, `${year}-09-01`];
  return starts.filter((s) => s <= today).at(-1) as string;
}

/** The term's weekdays up to today (today itself always, so the demo has a today), oldest first. */
function markedDays(today: string): string[] {
  const start = termStart(today);
  const days: string[] = [today];
  for (let d = new Date(`${today}T00:00:00Z`); days.length < MAX_DAYS; ) {
    d = new Date(d.getTime() - 86_400_000);
    const iso = d.toISOString().slice(0, 10);
    if (iso < start) break;
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(iso);
  }
  return days.reverse();
}

/** A fixed, realistic spread: about 93 % present, 4 % late, 3 % absent (the same every seed). */
function demoStatus(student: number, day: number): AttendanceStatus {
  const roll = (student * 7919 + day * 104_729) % 100;
  if (roll < 3) return statusOf(false);
  return statusOf(true, roll < 7);
}

/**
 * A demo school's day: its periods, a clash-free week for every class (each class has its own room and each
 * teacher teaches in one class, so no teacher or room is booked twice), and this term's attendance, with
 * the demo parent's child absent today and that parent alerted. Bulk inserts throughout.
 */
export async function seedDemoSchoolDay(tx: Tx, input: { schoolId: string; demoStudentId: string }): Promise<void> {
  const { schoolId, demoStudentId } = input;
  await tx.insert(periods).values(
    PERIODS.map(([name, startTime, endTime, isBreak]) => ({
      schoolId,
      id: newId(),
      name,
      startTime,
      endTime,
      isBreak,
    })),
  );
  const teaching = await selectRows<{ classId: string; teacherId: string; subjectIds: string[]; lead: boolean }>(
    tx,
    sql`select ct.class_id as "classId", ct.teacher_id as "teacherId", ct.subject_ids as "subjectIds",
      ct.is_class_teacher as lead
    from class_teachers ct join classes c on c.school_id = ct.school_id and c.id = ct.class_id
    where ct.school_id = ${schoolId} order by ${byName(sql`c.name`, sql`c.section`)}, c.id, ct.is_class_teacher desc, ct.teacher_id`,
  );
  const classIds = [...new Set(teaching.map((t) => t.classId))];
  const lessons = PERIODS.filter(([, , , isBreak]) => !isBreak);
  const slots = classIds.flatMap((classId, k) => {
    const pairs = teaching
      .filter((t) => t.classId === classId)
      .flatMap((t) => t.subjectIds.map((subjectId) => ({ teacherId: t.teacherId, subjectId })));
    return SCHOOL_DAYS.flatMap((day, d) =>
      lessons.map(([, startTime, endTime], p) => ({
        schoolId,
        id: newId(),
        classId,
        room: `Room ${k + 1}`,
        day,
        startTime,
        endTime,
        ...(pairs[(d + p) % pairs.length] as { teacherId: string; subjectId: string }),
        academicYearId: currentAcademicYearId(schoolId),
      })),
    );
  });
  if (slots.length) await tx.insert(timetableSlots).values(slots);

  const today = await schoolToday(tx, schoolId);
  const days = markedDays(today);
  const roster = await selectRows<{ id: string; name: string; classId: string; className: string; year: string }>(
    tx,
    sql`select s.id, u.name, s.class_id as "classId", trim(c.name || ' ' || c.section) as "className",
      c.academic_year as year
    from students s join users u on u.school_id = s.school_id and u.id = s.id
      join classes c on c.school_id = s.school_id and c.id = s.class_id
    where s.school_id = ${schoolId} and u.is_active order by ${byName(sql`c.name`, sql`c.section`)}, c.id, s.roll_number`,
  );
  const leads = new Map<string, string>();
  for (const t of teaching) if (t.lead) leads.set(t.classId, t.teacherId);
  const names = new Map(
    (
      await selectRows<{ id: string; name: string }>(
        tx,
        sql`select id, name from users where school_id = ${schoolId} and role = 'teacher'`,
      )
    ).map((u) => [u.id, u.name]),
  );
  const rows = days.flatMap((date, d) =>
    roster.map((s, i) => {
      const status = s.id === demoStudentId && date === today ? 'absent' : demoStatus(i, d);
      const by = leads.get(s.classId) ?? '';
      return {
        id: newId(),
        class_id: s.classId,
        student_id: s.id,
        date,
        status,
        is_present: status !== 'absent',
        by,
        by_name: names.get(by) ?? 'Demo teacher',
        // Today's register was just taken; earlier ones in the morning of their day.
        at: date === today ? new Date().toISOString() : `${date}T08:05:00Z`,
        year: s.year,
      };
    }),
  );
  // Chunks keep each statement's JSON parameter a reasonable size.
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.execute(sql`
      insert into attendance (school_id, id, class_id, student_id, date, status, is_present,
        marked_by_id, marked_by_name, marked_at, submitted_at, academic_year)
      select ${schoolId}, r.id, r.class_id, r.student_id, r.date, r.status, r.is_present,
        r.by, r.by_name, r.at, r.at, r.year
      from json_to_recordset(${JSON.stringify(rows.slice(i, i + 2000))}::json)
        as r(id uuid, class_id uuid, student_id uuid, date date, status text, is_present boolean,
          by uuid, by_name text, at timestamptz, year text)`);
  }
  const todays = rows.filter((r) => r.date === today);
  for (const classId of classIds) {
    const inClass = roster.filter((s) => s.classId === classId);
    await alertParents(tx, schoolId, {
      date: today,
      today,
      className: inClass[0]?.className ?? '',
      marks: inClass.map((s) => ({
        studentId: s.id,
        name: s.name,
        status: (todays.find((r) => r.student_id === s.id)?.status ?? 'present') as AttendanceStatus,
      })),
    });
  }
}
