import type { AttendanceRecord } from '@lyceum/shared/attendance';
import type { TimetableSlot } from '@lyceum/shared/timetable';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/seed.ts';
import { as, createTestApp, login, type TestApp } from './helpers.ts';

/** The demo schools' day: a clash-free week for every class, this term's attendance, the demo child absent today. */
let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  // CPU time of this process (PGlite runs in it), not wall time: a busy machine stretches the clock only.
  const started = process.cpuUsage();
  await seedDemo(t.app.deps.db);
  const used = process.cpuUsage(started);
  seedMs = Math.round((used.user + used.system) / 1000);
});
afterAll(() => t.close());

describe('demo school day', () => {
  it('every demo class has a week, and no class, teacher or room is booked twice at once', async () => {
    const { rows } = await t.app.deps.db.execute(sql`
      select count(*)::int as n from timetable_slots a join timetable_slots b
        on a.school_id = b.school_id and a.id < b.id and a.day = b.day
        and a.start_time < b.end_time and b.start_time < a.end_time
        and (a.class_id = b.class_id or a.teacher_id = b.teacher_id or a.room = b.room)`);
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
    const { rows: perClass } = await t.app.deps.db.execute(sql`
      select c.id, count(ts.id)::int as n from classes c left join timetable_slots ts
        on ts.school_id = c.school_id and ts.class_id = c.id group by c.id`);
    expect(perClass.length).toBe(8);
    expect((perClass as { n: number }[]).every((r) => Number(r.n) > 0)).toBe(true);
  });

  for (const domain of ['demo.lyceum.test', 'riverside.lyceum.test']) {
    it(`${domain}: the demo parent's child is absent today, the parent was alerted, the term has a realistic mix`, async () => {
      const parent = await login(t.app, `parent@${domain}`, 'parent', DEMO_PASSWORD);
      const recent = (await as(t.app, parent)({ method: 'GET', url: '/api/v1/attendance/recent' })).json()
        .items as AttendanceRecord[];
      const today = recent
        .map((r) => r.date)
        .sort()
        .at(-1);
      expect(recent.some((r) => r.date === today && r.status === 'absent')).toBe(true);
      const bell = (await as(t.app, parent)({ method: 'GET', url: '/api/v1/notifications' })).json().items;
      expect(bell.some((n: { type: string; title: string }) => n.type === 'attendance')).toBe(true);
      const week = (await as(t.app, parent)({ method: 'GET', url: '/api/v1/timetable/children' })).json().children;
      expect((week[0]?.items as TimetableSlot[]).length).toBe(25);

      const principal = await login(t.app, `principal@${domain}`, 'principal', DEMO_PASSWORD);
      const rates = (await as(t.app, principal)({ method: 'GET', url: '/api/v1/attendance/rates' })).json();
      expect(rates.school.total).toBeGreaterThan(120);
      expect(rates.school.absent).toBeGreaterThan(0);
      expect(rates.school.late).toBeGreaterThan(0);
      expect(rates.school.rate).toBeGreaterThan(85);
      expect(rates.school.rate).toBeLessThan(100);
    });
  }

  it('the welcome is in each reader’s language, as their other notifications (es, ar)', async () => {
    const parent = await login(t.app, 'parent@demo.lyceum.test', 'parent', DEMO_PASSWORD);
    const call = as(t.app, parent);
    const welcome = async () =>
      ((await call({ method: 'GET', url: '/api/v1/notifications' })).json().items as { title: string; body: string }[])
        .filter((n) => n.title.includes('Demo School'))
        .map((n) => [n.title, n.body]);
    expect(await welcome()).toEqual([
      ['Welcome to Demo School', 'This is a demo school. Everything you change stays in this machine’s ./data folder.'],
    ]);
    try {
      for (const [language, expected] of [
        [
          'es',
          [['Le damos la bienvenida a Demo School', expect.stringMatching(/^Esta es una escuela de demostración\./)]],
        ],
        // The path is isolated, else right to left its `./` is drawn after it (`data/.`).
        [
          'ar',
          [
            [
              'مرحبًا بك في \u2068Demo School\u2069',
              'هذه مدرسة تجريبية. كل ما تغيّره يبقى في المجلد \u2068./data\u2069 على هذا الجهاز.',
            ],
          ],
        ],
      ] as const) {
        const put = await call({ method: 'PUT', url: '/api/v1/profile/language', payload: { language } });
        expect(put.statusCode, put.body).toBeLessThan(300);
        expect(await welcome()).toEqual(expected);
      }
    } finally {
      await call({ method: 'PUT', url: '/api/v1/profile/language', payload: { language: null } });
    }
  });

  it('seeding stays quick', () => {
    console.info(`demo seed with the school day: ${seedMs} ms of CPU`);
    expect(seedMs).toBeLessThan(30_000);
  });
});
