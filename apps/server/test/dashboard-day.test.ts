import type { DashboardWithDay } from '@lyceum/shared/day';
import type { ChildResponse } from '@lyceum/shared/people';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as } from './helpers.ts';
import { createClass, createStudent } from './factories/people.ts';
import { createAcademicYear } from './factories/years.ts';

/**
 * The day on every role's dashboard and on My Children: today's lessons, marks and rates, on the school's
 * calendar. School A is in Auckland (UTC+13 in November), so its today runs a day ahead of UTC's near midnight.
 */
let w: SchoolWorld;
let now = new Date('2026-11-23T23:30:00Z'); // Tuesday 24 November, 12:30 in Auckland; still Monday in UTC
let admin: Caller;
let principal: Caller;
let teacher: Caller;
let student: Caller;
let parent: Caller;

const TUESDAY = '2026-11-24';
const MONDAY = '2026-11-23';

async function dashboard(caller: Caller): Promise<DashboardWithDay> {
  const res = await caller({ method: 'GET', url: '/api/v1/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const slot = (day: string, startTime: string, endTime: string) => ({
  classId: w.a.classId,
  subjectId: w.a.subjectId,
  teacherId: w.a.users.teacher.id,
  room: 'R1',
  day,
  startTime,
  endTime,
});

beforeAll(async () => {
  w = await schoolWorld({ clock: () => now });
  // Before anyone signs in: the session carries the school's locale.
  await w.t.app.deps.db.execute(sql`update schools set time_zone = 'Pacific/Auckland' where id = ${w.a.id}`);
  admin = await w.a.as('school_admin');
  // The fixed dates below stay after the school's first academic year whatever the day the suite runs.
  await createAcademicYear(w.t.app, await w.a.signIn('school_admin'), 2000);
  principal = await w.a.as('principal');
  teacher = await w.a.as('teacher');
  student = await w.a.as('student');
  parent = await w.a.as('parent');
  for (const s of [
    slot('tuesday', '10:00', '10:45'),
    slot('tuesday', '08:30', '09:15'),
    slot('monday', '08:30', '09:15'),
  ]) {
    const res = await admin({ method: 'POST', url: '/api/v1/timetable/slots', payload: s });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => w.t.close());

describe('before the class is marked', () => {
  it("a teacher sees the school's today's lessons, in order, and the class still to mark", async () => {
    const { day } = await dashboard(teacher);
    expect(day).toMatchObject({ date: TUESDAY, weekday: 'tuesday', classes: [], children: [], week: [] });
    expect(day?.lessons.map((l) => [l.startTime, l.endTime, l.marked])).toEqual([
      ['08:30', '09:15', false],
      ['10:00', '10:45', false],
    ]);
    expect(day?.lessons[0]).toMatchObject({ classId: w.a.classId, room: 'R1' });
    expect(day?.toMark.map((c) => c.classId)).toEqual([w.a.classId]);
  });

  it('the principal sees every class unmarked and an empty week', async () => {
    const { day } = await dashboard(principal);
    expect(day?.classes).toEqual([
      expect.objectContaining({ classId: w.a.classId, students: 1, marked: false, rate: null }),
    ]);
    expect(day?.week).toEqual([
      { date: MONDAY, rate: null },
      { date: TUESDAY, rate: null },
    ]);
    expect(day?.lessons).toEqual([]);
  });
});

describe('after marking', () => {
  beforeAll(async () => {
    const me = w.a.users.student.id;
    const submit = (date: string, isPresent: boolean) =>
      teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date, records: [{ studentId: me, isPresent }] },
      });
    expect((await submit(MONDAY, true)).statusCode).toBe(200);
    expect((await submit(TUESDAY, false)).statusCode).toBe(200);
  });

  it("the teacher's lessons are marked and nothing is left to mark", async () => {
    const { day } = await dashboard(teacher);
    expect(day?.lessons.every((l) => l.marked)).toBe(true);
    expect(day?.toMark).toEqual([]);
  });

  it("the principal and the school admin see today's rate by class and the week's trend", async () => {
    for (const caller of [principal, admin]) {
      const { day } = await dashboard(caller);
      expect(day?.classes).toEqual([
        expect.objectContaining({ classId: w.a.classId, marked: true, present: 0, late: 0, absent: 1, rate: 0 }),
      ]);
      expect(day?.week).toEqual([
        { date: MONDAY, rate: 100 },
        { date: TUESDAY, rate: 0 },
      ]);
    }
  });

  it("a student sees their class's lessons today and their own rate", async () => {
    const { day } = await dashboard(student);
    expect(day?.lessons.map((l) => l.startTime)).toEqual(['08:30', '10:00']);
    expect(day).toMatchObject({ rate: 50, toMark: [], classes: [], children: [] });
  });

  it("a parent sees each child's status, lessons and rate, and My Children says the same", async () => {
    const { day } = await dashboard(parent);
    expect(day?.children).toEqual([
      expect.objectContaining({ studentId: w.a.users.student.id, status: 'absent', rate: 50 }),
    ]);
    expect(day?.children[0]?.lessons.map((l) => l.startTime)).toEqual(['08:30', '10:00']);
    expect(day).toMatchObject({ lessons: [], classes: [], rate: null });

    const res = await parent({ method: 'GET', url: '/api/v1/children' });
    expect(res.statusCode, res.body).toBe(200);
    const [child] = res.json().items as ChildResponse[];
    expect(child).toMatchObject({ todayAttendance: 'absent', attendanceRate: 50 });
    expect(child?.todayLessons.map((l) => l.startTime)).toEqual(['08:30', '10:00']);
  });
});

describe("the school's day boundary", () => {
  it("turns at midnight in the school's zone, not in UTC", async () => {
    now = new Date('2026-11-24T10:59:00Z'); // 23:59 on Tuesday in Auckland
    expect((await dashboard(parent)).day?.children[0]?.status).toBe('absent');
    now = new Date('2026-11-24T11:00:00Z'); // midnight: Wednesday, no lessons, nothing marked yet
    const { day } = await dashboard(parent);
    expect(day).toMatchObject({ date: '2026-11-25', weekday: 'wednesday' });
    expect(day?.children[0]).toMatchObject({ status: null, lessons: [], rate: 50 });
    const child = (await parent({ method: 'GET', url: '/api/v1/children' })).json().items[0] as ChildResponse;
    expect(child).toMatchObject({ todayAttendance: null, todayLessons: [], attendanceRate: 50 });
    const teacherDay = (await dashboard(teacher)).day;
    expect(teacherDay).toMatchObject({ lessons: [], toMark: [] });
    now = new Date('2026-11-23T23:30:00Z');
  });
});

describe('who sees what', () => {
  it('My Children is for parents only', async () => {
    for (const caller of [teacher, student, principal]) {
      expect((await caller({ method: 'GET', url: '/api/v1/children' })).statusCode).toBe(403);
    }
  });

  it("another school's principal sees only their own classes, none of this school's marks", async () => {
    const { day } = await dashboard(await w.b.as('principal'));
    expect(day?.classes.map((c) => c.classId)).toEqual([w.b.classId]);
    expect(day?.classes[0]).toMatchObject({ marked: false, rate: null });
    const otherParent = await dashboard(await w.b.as('parent'));
    expect(otherParent.day?.children.map((c) => c.studentId)).toEqual([w.b.users.student.id]);
    expect(otherParent.day?.children[0]).toMatchObject({ status: null, rate: null });
    const otherTeacher = await dashboard(await w.b.as('teacher'));
    // Only their own class, which B's timetable does not hold: to mark on a school day (dashboard-no-timetable).
    expect(otherTeacher.day?.lessons).toEqual([]);
    expect(otherTeacher.day?.toMark.map((c) => c.classId)).toEqual([w.b.classId]);
  });

  it('company staff have no school day', async () => {
    const res = await as(w.t.app, await w.staff('company_admin'))({ method: 'GET', url: '/api/v1/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().day).toBeNull();
  });
});

describe("a class's today counts the students on its roster now", () => {
  it("each once by the day's status: leavers' marks are not among them, and the unmarked are shown as such", async () => {
    const session = await w.a.signIn('school_admin');
    const cls = await createClass(w.t.app, session);
    const elsewhere = await createClass(w.t.app, session);
    const [s1, s2, s3] = await Promise.all(
      [1, 2, 3].map(async () => (await createStudent(w.t.app, session, { classId: cls.id })).student.id),
    );
    const period = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Dashboard P1', startTime: '11:00', endTime: '11:45' },
    });
    expect(period.statusCode, period.body).toBe(201);
    const mark = async (periodId: string | undefined, marks: [string, boolean | 'late'][]) => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: {
          classId: cls.id,
          date: TUESDAY,
          ...(periodId ? { periodId } : {}),
          records: marks.map(([studentId, p]) => ({ studentId, isPresent: p !== false, isLate: p === 'late' })),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The day's sheet, then a period's: s1 and s2 are absent in one of two (absent for the day), s3 late in one.
    await mark(undefined, [
      [s1 as string, true],
      [s2 as string, false],
      [s3 as string, 'late'],
    ]);
    await mark(period.json().id, [
      [s1 as string, false],
      [s2 as string, true],
      [s3 as string, true],
    ]);
    const cardOf = async (classId: string) =>
      (await dashboard(principal)).day?.classes.find((c) => c.classId === classId);
    expect(await cardOf(cls.id)).toMatchObject({
      students: 3,
      marked: true,
      present: 0,
      late: 1,
      absent: 2,
      unmarked: 0,
      rate: 67,
    });

    // s2 leaves after the marks, a new student joins: 3 students, 1 late, 1 absent, 1 not marked.
    const moved = await admin({
      method: 'POST',
      url: `/api/v1/students/${s2}/move`,
      payload: { classId: elsewhere.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await createStudent(w.t.app, session, { classId: cls.id });
    // Rate of its students' records today: s1 present + absent, s3 late + present, so 3 of 4.
    expect(await cardOf(cls.id)).toEqual({
      classId: cls.id,
      className: expect.any(String),
      students: 3,
      marked: true,
      present: 0,
      late: 1,
      absent: 1,
      unmarked: 1,
      rate: 75,
    });
    // The class s2 joined was not marked: its student is not marked either.
    expect(await cardOf(elsewhere.id)).toMatchObject({
      students: 1,
      marked: false,
      absent: 0,
      unmarked: 1,
      rate: null,
    });

    // A withdrawn student leaves the figures too.
    const out = await admin({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/students/${s3}` });
    expect(out.statusCode, out.body).toBe(200);
    expect(await cardOf(cls.id)).toMatchObject({ students: 2, present: 0, late: 0, absent: 1, unmarked: 1, rate: 50 });
    // The school's week still counts every record of the day, the leavers' too (the world's class: 1 absent).
    const week = (await dashboard(principal)).day?.week.find((d) => d.date === TUESDAY);
    expect(week).toEqual({ date: TUESDAY, rate: 57 });
  });
});

describe('a school that marks per period', () => {
  it("a lesson is marked by its own period's sheet, and the class stays to mark, at its next period, until each is", async () => {
    // School B keeps UTC: its today is Monday 23 November.
    const bAdmin = await w.b.as('school_admin');
    const bTeacher = await w.b.as('teacher');
    const settings = await bAdmin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      payload: { threshold: 90, alertLate: false, byPeriod: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const period = async (name: string, startTime: string, endTime: string, isBreak = false) => {
      const res = await bAdmin({
        method: 'POST',
        url: '/api/v1/timetable/periods',
        payload: { name, startTime, endTime, isBreak },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const first = await period('Period 1', '08:00', '08:45');
    await period('Break', '08:45', '09:00', true);
    const second = await period('Period 2', '09:00', '09:45');
    for (const [startTime, endTime] of [
      ['09:00', '09:45'],
      ['08:00', '08:45'],
    ] as const) {
      const res = await bAdmin({
        method: 'POST',
        url: '/api/v1/timetable/slots',
        payload: {
          classId: w.b.classId,
          subjectId: w.b.subjectId,
          teacherId: w.b.users.teacher.id,
          room: 'B1',
          day: 'monday',
          startTime,
          endTime,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const mark = async (periodId: string) => {
      const res = await bTeacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.b.classId, periodId, records: [{ studentId: w.b.users.student.id, isPresent: true }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const seen = async () => {
      const { day } = await dashboard(bTeacher);
      return { marked: day?.lessons.map((l) => [l.startTime, l.marked]), toMark: day?.toMark };
    };

    expect(await seen()).toEqual({
      marked: [
        ['08:00', false],
        ['09:00', false],
      ],
      toMark: [{ classId: w.b.classId, className: expect.any(String), periodId: first }],
    });
    await mark(first);
    // The first period's sheet marks its own lesson only.
    expect(await seen()).toEqual({
      marked: [
        ['08:00', true],
        ['09:00', false],
      ],
      toMark: [{ classId: w.b.classId, className: expect.any(String), periodId: second }],
    });
    await mark(second);
    expect(await seen()).toEqual({
      marked: [
        ['08:00', true],
        ['09:00', true],
      ],
      toMark: [],
    });
    // School A marks once a day: its classes to mark carry no period.
    const { day } = await dashboard(teacher);
    expect(day?.toMark.every((c) => c.periodId === null)).toBe(true);
  });
});
