import type { ClassSheet } from '@lyceum/shared/attendance';
import type { AcademicYear } from '@lyceum/shared/years';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { addLesson, writeCalendar, year2026 } from './factories/years.ts';

/**
 * The mark page's sheet says why the school does not teach on its date (a holiday, outside every term, a day its
 * week does not teach), by the dashboards' calendar, and never refuses the marks for it. School A's week starts
 * on Monday, B's on Saturday.
 */
let w: SchoolWorld;
const TUESDAY = '2026-11-24';
const SATURDAY = '2026-11-28';

let adminA: Caller;
let teacherA: Caller;
let teacherB: Caller;
let year: AcademicYear;

async function dayOff(caller: Caller, classId: string, date: string): Promise<ClassSheet['dayOff']> {
  const res = await caller({ method: 'GET', url: `/api/v1/attendance/classes/${classId}?date=${date}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ClassSheet).dayOff;
}

/** A's year holding the test's dates, written with these terms and holidays (they replace the old ones). */
const calendar = (terms: Parameters<typeof writeCalendar>[2], holidays: Parameters<typeof writeCalendar>[3] = []) =>
  writeCalendar(adminA, year, terms, holidays);

const WHOLE_YEAR = [{ startDate: '2026-09-01', endDate: '2027-08-31' }];

beforeAll(async () => {
  w = await schoolWorld({ clock: () => new Date('2026-12-15T12:00:00Z') });
  // Before anyone signs in: the session carries the school's week.
  await w.t.app.deps.db.execute(sql`update schools set week_start = 'saturday' where id = ${w.b.id}`);
  const adminSession = await w.a.signIn('school_admin');
  adminA = await w.a.as('school_admin');
  year = await year2026(w.t.app, adminSession);
  teacherA = await w.a.as('teacher');
  teacherB = await w.b.as('teacher');
});
afterAll(() => w.t.close());

describe("the class sheet's day off", () => {
  it('is none on a day the school teaches', async () => {
    await calendar(WHOLE_YEAR);
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toBeNull();
  });

  it("names the school's holiday, before any other reason, and only for its own school", async () => {
    await calendar(
      [{ startDate: '2026-09-01', endDate: '2026-11-20' }],
      [
        { name: 'Founders Day', startDate: TUESDAY, endDate: TUESDAY },
        { name: 'Autumn break', startDate: '2026-11-21', endDate: '2026-11-29' },
      ],
    );
    // Two holidays hold the day: the one starting first is named.
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toEqual({ reason: 'holiday', name: 'Autumn break' });
    expect(await dayOff(teacherB, w.b.classId, TUESDAY)).toBeNull();
  });

  it('says a day outside every term of a year with terms', async () => {
    await calendar([
      { startDate: '2026-09-01', endDate: '2026-11-20' },
      { startDate: '2026-11-30', endDate: '2027-08-31' },
    ]);
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toEqual({ reason: 'outside_terms' });
    // A year without terms is taught throughout.
    await calendar([]);
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toBeNull();
  });

  it("says a weekend by the school's week while it has no timetable, then by the days its timetable teaches", async () => {
    await calendar(WHOLE_YEAR);
    // A's week starts on Monday: Saturday is its sixth day. B's starts on Saturday.
    expect(await dayOff(teacherA, w.a.classId, SATURDAY)).toEqual({ reason: 'weekend' });
    expect(await dayOff(teacherB, w.b.classId, SATURDAY)).toBeNull();
    await addLesson(adminA, w.a, 'saturday');
    // With a timetable, the days with lessons are the school's: Saturday now, Tuesday no longer.
    expect(await dayOff(teacherA, w.a.classId, SATURDAY)).toBeNull();
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toEqual({ reason: 'weekend' });
  });

  it('does not stop the day being marked', async () => {
    await calendar(WHOLE_YEAR, [{ name: 'Founders Day', startDate: TUESDAY, endDate: TUESDAY }]);
    const res = await teacherA({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: w.a.classId,
        date: TUESDAY,
        records: [{ studentId: w.a.users.student.id, isPresent: true }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dayOff(teacherA, w.a.classId, TUESDAY)).toEqual({ reason: 'holiday', name: 'Founders Day' });
  });

  it("is not read for another school's class, nor by a student", async () => {
    const b = await w.b.as('school_admin');
    const other = await b({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}?date=${TUESDAY}` });
    expect(other.statusCode).toBe(404);
    const student = await w.a.as('student');
    const res = await student({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}?date=${TUESDAY}` });
    expect(res.statusCode).toBe(403);
    const bad = await teacherA({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}?date=2026-13-01` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ date: 'Date must look like 2026-09-01' });
  });
});
