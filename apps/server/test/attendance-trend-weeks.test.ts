import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAcademicYear } from './factories/years.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';

/**
 * The weekly trend's default range (docs/product.md, "Attendance settings, trend and exports"): this week and
 * the 11 before it, from the school's first day of the week, so its oldest week is counted whole.
 */
const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
let w: SchoolWorld;
/** School a's week starts on Monday (the default), school b's on Sunday. */
let mondayAdmin: Caller;
let sundayAdmin: Caller;

async function mark(caller: Caller, classId: string, studentId: string, date: string, isPresent: boolean) {
  const res = await caller({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: { classId, date, records: [{ studentId, isPresent }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  w = await schoolWorld({ clock: () => now });
  // Before anyone signs in: the session carries the school's locale.
  await w.t.app.deps.db.execute(sql`update schools set week_start = 'sunday' where id = ${w.b.id}`);
  mondayAdmin = await w.a.as('school_admin');
  sundayAdmin = await w.b.as('school_admin');
  for (const [school, admin] of [
    [w.a, mondayAdmin],
    [w.b, sundayAdmin],
  ] as const) {
    // The dates below stay after the school's first academic year whatever the day the suite runs.
    await createAcademicYear(w.t.app, await school.signIn('school_admin'), 2000);
    const kid = school.users.student.id;
    // The week before the oldest one shown (Friday), then its Tuesday and Thursday, absent.
    await mark(admin, school.classId, kid, '2026-09-04', true);
    await mark(admin, school.classId, kid, '2026-09-08', false);
    await mark(admin, school.classId, kid, '2026-09-10', false);
    await mark(admin, school.classId, kid, '2026-11-24', true);
  }
});
afterAll(() => w.t.close());

describe('the default weekly trend', () => {
  it("starts on the first day of the week 11 weeks before this one; every point is a whole week from the school's first day", async () => {
    const cases = [
      [mondayAdmin, w.a.classId, '2026-09-07', 1],
      [sundayAdmin, w.b.classId, '2026-09-06', 0],
    ] as const;
    for (const [admin, classId, from, weekday] of cases) {
      const res = await admin({ method: 'GET', url: `/api/v1/attendance/trend?by=week&classId=${classId}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { from: string; to: string; points: { start: string; rate: { total: number } }[] };
      expect({ from: body.from, to: body.to }).toEqual({ from, to: '2026-11-25' });
      // The oldest week holds both its marks, and nothing of the week before it.
      expect(body.points.map((p) => [p.start, p.rate.total])).toEqual([
        [from, 2],
        [weekday === 1 ? '2026-11-23' : '2026-11-22', 1],
      ]);
      expect(body.points.every((p) => new Date(`${p.start}T00:00:00Z`).getUTCDay() === weekday)).toBe(true);
    }
  });

  it('an explicit start is kept as given', async () => {
    const res = await mondayAdmin({
      method: 'GET',
      url: `/api/v1/attendance/trend?by=week&classId=${w.a.classId}&from=2026-09-03&to=2026-09-30`,
    });
    expect(res.json()).toMatchObject({ from: '2026-09-03', to: '2026-09-30' });
    expect(res.json().points.map((p: { start: string }) => p.start)).toEqual(['2026-08-31', '2026-09-07']);
  });
});
