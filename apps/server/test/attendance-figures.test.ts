import { attendanceRate } from '@lyceum/shared/attendance';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateJson } from '../src/db/attendance-counts.ts';
import { addDays } from '../src/lib/school-day.ts';
import { createClass, createStudent } from './factories/people.ts';
import { createAcademicYear } from './factories/years.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';

/**
 * Every attendance figure is the one rate of docs/product.md, "Attendance": (present + late) / all records, a
 * whole percentage rounded half up. The same students, classes and days give the same figure on every screen
 * and in every CSV, and the below-threshold list decides on it.
 */
const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
let w: SchoolWorld;
let admin: Caller;

type Mark = boolean | 'late';

/** One sheet of `classId` (of a period, if given): each student's mark. */
async function mark(
  caller: Caller,
  classId: string,
  date: string,
  marks: [string, Mark][],
  periodId?: string,
): Promise<void> {
  const res = await caller({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: {
      classId,
      date,
      ...(periodId ? { periodId } : {}),
      records: marks.map(([studentId, m]) => ({ studentId, isPresent: m !== false, isLate: m === 'late' })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const csvRows = (body: string) => parse(body, { bom: true }) as string[][];

async function setThreshold(caller: Caller, threshold: number, byPeriod = false) {
  const res = await caller({
    method: 'PUT',
    url: '/api/v1/attendance/settings',
    payload: { threshold, alertLate: false, byPeriod },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  w = await schoolWorld({ clock: () => now });
  admin = await w.a.as('school_admin');
  // The fixed dates below stay after the school's first academic year.
  await createAcademicYear(w.t.app, await w.a.signIn('school_admin'), 2000);
  await createAcademicYear(w.t.app, await w.b.signIn('school_admin'), 2000);
});
afterAll(() => w.t.close());

describe('a rate of exactly x.5 %', () => {
  it('23 of 40 (57.5 %) is 58 % in the history, the rates, their CSV and the below-threshold list', async () => {
    const session = await w.a.signIn('school_admin');
    const delta = await createClass(w.t.app, session, { name: 'Delta', section: 'D' });
    const dan = (await createStudent(w.t.app, session, { classId: delta.id, name: 'Dan Delta' })).student.id;
    const dee = (await createStudent(w.t.app, session, { classId: delta.id, name: 'Dee Delta' })).student.id;
    // 40 school days: Dan present 20 and late 3, Dee present 23; both absent the last 17.
    const first = '2026-10-01';
    for (let i = 0; i < 40; i++) {
      const there = i < 23;
      await mark(admin, delta.id, addDays(first, i), [
        [dan, there ? (i < 3 ? 'late' : true) : false],
        [dee, there],
      ]);
    }
    const last = addDays(first, 39);

    for (const [id, present, late] of [
      [dan, 20, 3],
      [dee, 23, 0],
    ] as const) {
      const history = await admin({ method: 'GET', url: `/api/v1/attendance/students/${id}` });
      expect(history.json().rate).toEqual({ present, late, absent: 17, total: 40, rate: 58 });
    }

    const range = `from=${first}&to=${last}`;
    const rates = (await admin({ method: 'GET', url: `/api/v1/attendance/rates?${range}` })).json();
    const half = { present: 43, late: 3, absent: 34, total: 80, rate: 58 };
    expect(rates.school).toEqual(half);
    expect(rates.classes.find((c: { classId: string }) => c.classId === delta.id).rate).toEqual(half);
    const csv = csvRows((await admin({ method: 'GET', url: `/api/v1/attendance/rates/export?${range}` })).body);
    expect(csv.find((r) => r[0] === 'Delta D')).toEqual(['Delta D', '43', '3', '34', '80', '58']);
    expect(csv[1]?.slice(1)).toEqual(['43', '3', '34', '80', '58']);

    // 58 % is not under a threshold of 58; it is under 59.
    const below = (caller: Caller, path = '') =>
      caller({ method: 'GET', url: `/api/v1/attendance/below-threshold${path}?classId=${delta.id}` });
    await setThreshold(admin, 58);
    expect((await below(admin)).json()).toEqual({ threshold: 58, items: [] });
    expect(csvRows((await below(admin, '/export')).body)).toHaveLength(1);
    await setThreshold(admin, 59);
    const listed = (await below(admin)).json().items;
    expect(listed.map((s: { name: string; rate: { rate: number } }) => [s.name, s.rate.rate])).toEqual([
      ['Dan Delta', 58],
      ['Dee Delta', 58],
    ]);
    expect(csvRows((await below(admin, '/export')).body).slice(1)).toEqual([
      ['Dan Delta', 'Delta D', '20', '3', '17', '40', '58'],
      ['Dee Delta', 'Delta D', '23', '0', '17', '40', '58'],
    ]);
    await setThreshold(admin, 90);
  });

  it("PostgreSQL's rate equals attendanceRate for every count up to 200 records, every exact half up", async () => {
    const rows = (
      await w.t.app.deps.db.execute(sql`
        select t.present, t.absent, ${rateJson(sql`t`)} as rate
        from (select c as present, 0 as late, n - c as absent
          from generate_series(1, 200) n cross join lateral generate_series(0, n) c) t`)
    ).rows as { present: number; absent: number; rate: { rate: number } }[];
    expect(rows).toHaveLength(20300);
    const wrong = rows.filter((r) => r.rate.rate !== attendanceRate({ present: r.present, late: 0, absent: r.absent }));
    expect(wrong).toEqual([]);
    const of = (present: number, all: number) =>
      rows.find((r) => r.present === present && r.present + r.absent === all);
    expect([of(23, 40), of(29, 200), of(57, 200), of(113, 200), of(69, 120)].map((r) => r?.rate.rate)).toEqual([
      58, 15, 29, 57, 58,
    ]);
  });
});

describe('a school that marks per period', () => {
  it("the register's rates count every period record, as the history, rates, trend and below-threshold list do", async () => {
    const bAdmin = await w.b.as('school_admin');
    const session = await w.b.signIn('school_admin');
    await setThreshold(bAdmin, 90, true);
    const periods: string[] = [];
    for (const [name, startTime, endTime] of [
      ['P1', '08:00', '08:45'],
      ['P2', '09:00', '09:45'],
      ['P3', '10:00', '10:45'],
    ] as const) {
      const res = await bAdmin({
        method: 'POST',
        url: '/api/v1/timetable/periods',
        payload: { name, startTime, endTime },
      });
      expect(res.statusCode, res.body).toBe(201);
      periods.push(res.json().id);
    }
    const beta = await createClass(w.t.app, session, { name: 'Beta', section: 'B' });
    const bea = (await createStudent(w.t.app, session, { classId: beta.id, name: 'Bea One' })).student.id;
    const ben = (await createStudent(w.t.app, session, { classId: beta.id, name: 'Ben Two' })).student.id;
    // 16 November: P1 Bea absent, Ben late; P2 and P3 both present. 17 November: all three periods present.
    const [p1, p2, p3] = periods as [string, string, string];
    await mark(
      bAdmin,
      beta.id,
      '2026-11-16',
      [
        [bea, false],
        [ben, 'late'],
      ],
      p1,
    );
    for (const p of [p2, p3])
      await mark(
        bAdmin,
        beta.id,
        '2026-11-16',
        [
          [bea, true],
          [ben, true],
        ],
        p,
      );
    for (const p of [p1, p2, p3])
      await mark(
        bAdmin,
        beta.id,
        '2026-11-17',
        [
          [bea, true],
          [ben, true],
        ],
        p,
      );

    const beaRate = { present: 5, late: 0, absent: 1, total: 6, rate: 83 };
    const benRate = { present: 5, late: 1, absent: 0, total: 6, rate: 100 };
    const classRate = { present: 10, late: 1, absent: 1, total: 12, rate: 92 };

    const register = await bAdmin({
      method: 'GET',
      url: `/api/v1/attendance/classes/${beta.id}/register?month=2026-11`,
    });
    expect(register.statusCode, register.body).toBe(200);
    const body = register.json();
    // A day's cell still shows the day's worst mark; the rates count the six records each.
    expect(
      body.students.map((s: { name: string; marks: unknown; rate: unknown }) => [s.name, s.marks, s.rate]),
    ).toEqual([
      ['Bea One', { '2026-11-16': 'absent', '2026-11-17': 'present' }, beaRate],
      ['Ben Two', { '2026-11-16': 'late', '2026-11-17': 'present' }, benRate],
    ]);
    expect(body.rate).toEqual(classRate);
    const csv = csvRows(
      (await bAdmin({ method: 'GET', url: `/api/v1/attendance/classes/${beta.id}/register/export?month=2026-11` }))
        .body,
    );
    expect(csv.slice(1).map((r) => [r[1], r.at(-1)])).toEqual([
      ['Bea One', '83'],
      ['Ben Two', '100'],
    ]);

    // The same figures everywhere else.
    expect((await bAdmin({ method: 'GET', url: `/api/v1/attendance/students/${bea}` })).json().rate).toEqual(beaRate);
    const rates = (
      await bAdmin({ method: 'GET', url: '/api/v1/attendance/rates?from=2026-11-01&to=2026-11-30' })
    ).json();
    expect(rates.classes.find((c: { classId: string }) => c.classId === beta.id).rate).toEqual(classRate);
    const trend = (
      await bAdmin({
        method: 'GET',
        url: `/api/v1/attendance/trend?from=2026-11-01&to=2026-11-30&by=week&classId=${beta.id}`,
      })
    ).json();
    expect(trend.points).toEqual([{ start: '2026-11-16', rate: classRate }]);
    const below = (
      await bAdmin({ method: 'GET', url: `/api/v1/attendance/below-threshold?classId=${beta.id}` })
    ).json();
    expect(below.items.map((s: { name: string; rate: unknown }) => [s.name, s.rate])).toEqual([['Bea One', beaRate]]);
  });
});

describe('a class deactivated after its marks', () => {
  it("still counts in the school's rate: the dashboard's week, the trend and the rates agree, its row listed", async () => {
    const session = await w.a.signIn('school_admin');
    const gamma = await createClass(w.t.app, session, { name: 'Gamma', section: 'G' });
    const gus = (await createStudent(w.t.app, session, { classId: gamma.id, name: 'Gus Gamma' })).student.id;
    await mark(admin, gamma.id, '2026-11-24', [[gus, false]]);
    await mark(admin, gamma.id, '2026-11-25', [[gus, false]]);
    await mark(admin, w.a.classId, '2026-11-25', [[w.a.users.student.id, true]]);
    const withdrawn = await admin({
      method: 'DELETE',
      url: `/api/v1/classes/${gamma.id}/students/${gus}`,
      payload: {},
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const closed = await admin({ method: 'POST', url: `/api/v1/classes/${gamma.id}/deactivate`, payload: {} });
    expect(closed.json().isActive).toBe(false);

    const principal = await w.a.as('principal');
    const day = (await principal({ method: 'GET', url: '/api/v1/dashboard' })).json().day;
    expect(day.week).toEqual([
      { date: '2026-11-23', rate: null },
      { date: '2026-11-24', rate: 0 },
      { date: '2026-11-25', rate: 50 },
    ]);
    // Today's table lists the active classes only.
    expect(day.classes.map((c: { classId: string }) => c.classId)).not.toContain(gamma.id);
    const trend = (
      await principal({ method: 'GET', url: '/api/v1/attendance/trend?from=2026-11-23&to=2026-11-25' })
    ).json();
    expect(trend.points.map((p: { start: string; rate: { rate: number } }) => [p.start, p.rate.rate])).toEqual([
      ['2026-11-24', 0],
      ['2026-11-25', 50],
    ]);

    const rates = (
      await principal({ method: 'GET', url: '/api/v1/attendance/rates?from=2026-11-23&to=2026-11-25' })
    ).json() as {
      school: { present: number; late: number; absent: number; total: number; rate: number };
      classes: { classId: string; className: string; rate: { present: number; late: number; absent: number } }[];
    };
    expect(rates.school).toEqual({ present: 1, late: 0, absent: 2, total: 3, rate: 33 });
    expect(rates.classes.find((c) => c.classId === gamma.id)).toEqual({
      classId: gamma.id,
      className: 'Gamma G',
      rate: { present: 0, late: 0, absent: 2, total: 2, rate: 0 },
    });
    // The school's row is the sum of its class rows.
    const sum = (k: 'present' | 'late' | 'absent') => rates.classes.reduce((n, c) => n + c.rate[k], 0);
    expect([sum('present'), sum('late'), sum('absent')]).toEqual([1, 0, 2]);
    const csv = csvRows(
      (await principal({ method: 'GET', url: '/api/v1/attendance/rates/export?from=2026-11-23&to=2026-11-25' })).body,
    );
    expect(csv.find((r) => r[0] === 'Gamma G')).toEqual(['Gamma G', '0', '0', '2', '2', '0']);
    // Over a range without its marks, a deactivated class is not listed.
    const before = (
      await principal({ method: 'GET', url: '/api/v1/attendance/rates?from=2026-11-16&to=2026-11-22' })
    ).json();
    expect(before.classes.map((c: { classId: string }) => c.classId)).not.toContain(gamma.id);
    expect(before.classes.map((c: { classId: string }) => c.classId)).toContain(w.a.classId);
  });
});

describe('the below-threshold list', () => {
  it('orders equal rates by name as every list does (case as written last, Arabic as a dictionary), and so does its CSV', async () => {
    const session = await w.a.signIn('school_admin');
    const epsilon = await createClass(w.t.app, session, { name: 'Epsilon', section: 'E' });
    const names = ['ana Lee', 'Ana Lee', 'امل', 'آدم', 'أحمد', 'إبراهيم', 'Émile', 'Emile', 'Zoe'];
    const ids: string[] = [];
    for (const name of names)
      ids.push((await createStudent(w.t.app, session, { classId: epsilon.id, name })).student.id);
    await mark(
      admin,
      epsilon.id,
      '2026-11-12',
      ids.map((id) => [id, false]),
    );
    // docs/product.md, "Sorting by name"; the students list sorted by name gives the same order.
    const expected = ['Ana Lee', 'ana Lee', 'Emile', 'Émile', 'Zoe', 'إبراهيم', 'أحمد', 'آدم', 'امل'];
    const students = await admin({ method: 'GET', url: `/api/v1/students?classId=${epsilon.id}&sort=name` });
    expect(students.json().items.map((s: { name: string }) => s.name)).toEqual(expected);
    const below = await admin({ method: 'GET', url: `/api/v1/attendance/below-threshold?classId=${epsilon.id}` });
    expect(below.json().items.map((s: { name: string }) => s.name)).toEqual(expected);
    const ranged = await admin({
      method: 'GET',
      url: `/api/v1/attendance/below-threshold?classId=${epsilon.id}&from=2026-11-12&to=2026-11-12`,
    });
    expect(ranged.json().items.map((s: { name: string }) => s.name)).toEqual(expected);
    const csv = csvRows(
      (await admin({ method: 'GET', url: `/api/v1/attendance/below-threshold/export?classId=${epsilon.id}` })).body,
    );
    expect(csv.slice(1).map((r) => r[0])).toEqual(expected);
  });
});
