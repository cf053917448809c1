import type { DashboardWithDay } from '@lyceum/shared/day';
import type { AcademicYear } from '@lyceum/shared/years';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { assignTeacher, createClass } from './factories/people.ts';
import { addLesson, writeCalendar, year2026 } from './factories/years.ts';

/**
 * A school that takes attendance without a timetable: the class a teacher leads is still to mark on a day the
 * school teaches (not a holiday, inside a term, one of the first five days of its week while it has no timetable;
 * once it has one, a weekday with lessons), until it has a mark today. School A's week starts on Monday, B's on
 * Saturday. Times are noon UTC, the schools' zone's midday.
 */
let w: SchoolWorld;
let now = new Date('2026-11-24T12:00:00Z'); // Tuesday
const TUESDAY = '2026-11-24';
const SATURDAY = new Date('2026-11-28T12:00:00Z');

let adminA: Caller;
let teacherA: Caller;
let teacherB: Caller;
let year: AcademicYear;

async function toMark(caller: Caller): Promise<DashboardWithDay['day']> {
  const res = await caller({ method: 'GET', url: '/api/v1/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DashboardWithDay).day;
}

/** A's year holding the test's dates, written with these terms and holidays (they replace the old ones). */
const calendar = (terms: Parameters<typeof writeCalendar>[2], holidays: Parameters<typeof writeCalendar>[3] = []) =>
  writeCalendar(adminA, year, terms, holidays);

beforeAll(async () => {
  w = await schoolWorld({ clock: () => now });
  // Before anyone signs in: the session carries the school's week.
  await w.t.app.deps.db.execute(sql`update schools set week_start = 'saturday' where id = ${w.b.id}`);
  const adminSession = await w.a.signIn('school_admin');
  adminA = await w.a.as('school_admin');
  year = await year2026(w.t.app, adminSession);
  await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }]);
  teacherA = await w.a.as('teacher');
  teacherB = await w.b.as('teacher');
});
afterAll(() => w.t.close());

describe('a class the timetable does not hold', () => {
  it('is still to mark for its class teacher on a school day, with no period', async () => {
    const day = await toMark(teacherA);
    expect(day).toMatchObject({ date: TUESDAY, lessons: [] });
    expect(day?.toMark).toEqual([{ classId: w.a.classId, className: expect.any(String), periodId: null }]);
  });

  it('is not to mark for a teacher who teaches it without leading it', async () => {
    const other = await createClass(w.t.app, await w.a.signIn('school_admin'), { subjectIds: [w.a.subjectId] });
    await assignTeacher(w.t.app, await w.a.signIn('school_admin'), other.id, {
      teacherId: w.a.users.teacher.id,
      subjectIds: [w.a.subjectId],
    });
    expect((await toMark(teacherA))?.toMark.map((c) => c.classId)).toEqual([w.a.classId]);
  });

  it('is not to mark on a holiday, nor between terms', async () => {
    await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }], [{ startDate: TUESDAY, endDate: TUESDAY }]);
    expect((await toMark(teacherA))?.toMark).toEqual([]);
    await calendar([
      { startDate: '2026-09-01', endDate: '2026-11-20' },
      { startDate: '2026-11-30', endDate: '2027-08-31' },
    ]);
    expect((await toMark(teacherA))?.toMark).toEqual([]);
    await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }]);
    expect((await toMark(teacherA))?.toMark.map((c) => c.classId)).toEqual([w.a.classId]);
  });

  it("is not to mark after the first five days of the school's week, which starts on its own first day", async () => {
    now = SATURDAY;
    try {
      // A's week starts on Monday: Saturday is its sixth day. B's starts on Saturday.
      expect((await toMark(teacherA))?.toMark).toEqual([]);
      expect((await toMark(teacherB))?.toMark.map((c) => c.classId)).toEqual([w.b.classId]);
    } finally {
      now = new Date('2026-11-24T12:00:00Z');
    }
  });

  it('leaves the list once it has a mark today', async () => {
    const res = await teacherA({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, records: [{ studentId: w.a.users.student.id, isPresent: true }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await toMark(teacherA))?.toMark).toEqual([]);
    // The other school's class is its own teacher's still.
    expect((await toMark(teacherB))?.toMark.map((c) => c.classId)).toEqual([w.b.classId]);
  });
});

describe('once the school has a timetable', () => {
  it('a class without lessons follows the days the school has lessons; a class with lessons, its own', async () => {
    const slot = {
      classId: w.b.classId,
      subjectId: w.b.subjectId,
      teacherId: w.b.users.teacher.id,
      room: 'R1',
      startTime: '09:00',
      endTime: '09:45',
    };
    const adminB = await w.b.as('school_admin');
    // Another class of B has a lesson on Monday: B now teaches on Mondays only, as far as its timetable says.
    const other = await createClass(w.t.app, await w.b.signIn('school_admin'), { subjectIds: [w.b.subjectId] });
    await assignTeacher(w.t.app, await w.b.signIn('school_admin'), other.id, {
      teacherId: w.b.users.teacher.id,
      subjectIds: [w.b.subjectId],
    });
    const monday = await adminB({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...slot, classId: other.id, day: 'monday' },
    });
    expect(monday.statusCode, monday.body).toBe(201);
    // Tuesday: no lesson anywhere in B.
    expect((await toMark(teacherB))?.toMark).toEqual([]);
    const tuesday = await adminB({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: { ...slot, classId: other.id, day: 'tuesday' },
    });
    expect(tuesday.statusCode, tuesday.body).toBe(201);
    // B teaches on Tuesdays now: its class without lessons is to mark; the other, with a lesson its teacher
    // gives, is to mark by that lesson.
    expect((await toMark(teacherB))?.toMark.map((c) => c.classId).sort()).toEqual([w.b.classId, other.id].sort());
    // Once B's class has a lesson on another day, it follows its own lessons: none today, nothing to mark.
    const own = await adminB({ method: 'POST', url: '/api/v1/timetable/slots', payload: { ...slot, day: 'friday' } });
    expect(own.statusCode, own.body).toBe(201);
    expect((await toMark(teacherB))?.toMark.map((c) => c.classId)).toEqual([other.id]);
  });
});

describe('a day the school does not teach', () => {
  it('has no lessons and nothing to mark on a holiday or between terms, for the teacher, the student and the parent', async () => {
    await addLesson(adminA, w.a, 'tuesday');
    // A Tuesday no earlier test has marked.
    now = new Date('2026-12-01T12:00:00Z');
    const day = '2026-12-01';
    const studentA = await w.a.as('student');
    const parentA = await w.a.as('parent');
    const lessons = async () => ({
      teacher: (await toMark(teacherA))?.lessons.length,
      toMark: (await toMark(teacherA))?.toMark.length,
      student: (await toMark(studentA))?.lessons.length,
      parent: (await toMark(parentA))?.children.map((c) => c.lessons.length),
    });
    const open = { teacher: 1, toMark: 1, student: 1, parent: [1] };
    const closed = { teacher: 0, toMark: 0, student: 0, parent: [0] };

    await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }]);
    expect(await lessons()).toEqual(open);
    await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }], [{ startDate: day, endDate: day }]);
    expect(await lessons()).toEqual(closed);
    await calendar([
      { startDate: '2026-09-01', endDate: '2026-11-30' },
      { startDate: '2026-12-02', endDate: '2027-08-31' },
    ]);
    expect(await lessons()).toEqual(closed);
    await calendar([{ startDate: '2026-09-01', endDate: '2027-08-31' }]);
    expect(await lessons()).toEqual(open);
    now = new Date(`${TUESDAY}T12:00:00Z`);
  });
});
