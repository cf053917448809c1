import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import {
  academicYearIn,
  dayRange,
  daysLeftIn,
  lastDayBefore,
  startOfDay,
  todayIn,
  weekOf,
  zonedTime,
} from '../src/lib/school-day.ts';
import { setActiveEndDate } from './company-helpers.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as } from './helpers.ts';

const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('lib/school-day', () => {
  it("gives today's date on the zone's own calendar, either side of its midnight", () => {
    // Auckland midnight (NZDT, UTC+13) on 10 March 2030 is 11:00 UTC the day before.
    expect(todayIn(AUCKLAND, at('2030-03-09T10:59:00Z'))).toBe('2030-03-09');
    expect(todayIn(AUCKLAND, at('2030-03-09T11:01:00Z'))).toBe('2030-03-10');
    // Los Angeles midnight (PST, UTC-8) on 10 March 2030 is 08:00 UTC.
    expect(todayIn(LOS_ANGELES, at('2030-03-10T07:59:00Z'))).toBe('2030-03-09');
    expect(todayIn(LOS_ANGELES, at('2030-03-10T08:01:00Z'))).toBe('2030-03-10');
    expect(todayIn('UTC', at('2030-03-10T23:59:59Z'))).toBe('2030-03-10');
  });

  it('turns a date into the instants it begins and ends, across daylight-saving changes', () => {
    expect(startOfDay('2030-03-10', AUCKLAND).toISOString()).toBe('2030-03-09T11:00:00.000Z');
    // 10 March 2030 is 23 hours long in Los Angeles: clocks go forward at 02:00.
    expect(dayRange('2030-03-10', LOS_ANGELES)).toEqual({
      from: at('2030-03-10T08:00:00Z'),
      to: at('2030-03-11T07:00:00Z'),
    });
    // Santiago skips midnight when summer time starts (7 September 2030): the day starts at 01:00.
    expect(startOfDay('2030-09-08', 'America/Santiago').toISOString()).toBe('2030-09-08T04:00:00.000Z');
    expect(startOfDay('2030-09-07', 'America/Santiago').toISOString()).toBe('2030-09-07T04:00:00.000Z');
  });

  it("finds the week around a date from the school's first day of the week", () => {
    // Wednesday 13 March 2030.
    expect(weekOf('2030-03-13', 'monday', 'UTC')).toMatchObject({ first: '2030-03-11', last: '2030-03-17' });
    expect(weekOf('2030-03-13', 'sunday', 'UTC')).toMatchObject({ first: '2030-03-10', last: '2030-03-16' });
    expect(weekOf('2030-03-13', 'saturday', 'UTC')).toMatchObject({ first: '2030-03-09', last: '2030-03-15' });
    expect(weekOf('2030-03-11', 'monday', AUCKLAND)).toMatchObject({
      first: '2030-03-11',
      from: at('2030-03-10T11:00:00Z'),
      to: at('2030-03-17T11:00:00Z'),
    });
  });

  it("counts days left on the school's calendar: 0 on the last day, negative after it", () => {
    const end = at('2030-03-20T12:00:00Z');
    expect(lastDayBefore(end, AUCKLAND)).toBe('2030-03-21');
    expect(lastDayBefore(end, LOS_ANGELES)).toBe('2030-03-20');
    expect(daysLeftIn(AUCKLAND, end, at('2030-03-20T11:30:00Z'))).toBe(0);
    expect(daysLeftIn(LOS_ANGELES, end, at('2030-03-20T11:30:00Z'))).toBe(0);
    expect(daysLeftIn(LOS_ANGELES, end, at('2030-03-21T11:30:00Z'))).toBe(-1);
    // An expiry exactly at a midnight covers the day before only.
    expect(daysLeftIn('UTC', at('2030-03-21T00:00:00Z'), at('2030-03-20T09:00:00Z'))).toBe(0);
    expect(academicYearIn(AUCKLAND, at('2030-12-31T11:01:00Z'))).toBe('2031-2032');
    expect(academicYearIn(LOS_ANGELES, at('2030-12-31T11:01:00Z'))).toBe('2030-2031');
  });

  it("writes an instant as the zone's wall clock with its offset, to the second", () => {
    const instant = at('2030-03-09T11:30:05.999Z');
    expect(zonedTime(instant, AUCKLAND)).toBe('2030-03-10T00:30:05+13:00');
    expect(zonedTime(instant, LOS_ANGELES)).toBe('2030-03-09T03:30:05-08:00');
    expect(zonedTime(instant, 'Pacific/Kiritimati')).toBe('2030-03-10T01:30:05+14:00');
    expect(zonedTime(instant, 'Pacific/Pago_Pago')).toBe('2030-03-09T00:30:05-11:00');
    expect(zonedTime(instant, 'Asia/Kolkata')).toBe('2030-03-09T17:00:05+05:30');
    expect(zonedTime(instant, 'Pacific/Chatham')).toBe('2030-03-10T01:15:05+13:45');
    expect(zonedTime(instant, 'UTC')).toBe('2030-03-09T11:30:05+00:00');
    // Either side of Los Angeles' clocks going forward (02:00 PST → 03:00 PDT on 10 March 2030).
    expect(zonedTime(at('2030-03-10T09:59:59Z'), LOS_ANGELES)).toBe('2030-03-10T01:59:59-08:00');
    expect(zonedTime(at('2030-03-10T10:00:00Z'), LOS_ANGELES)).toBe('2030-03-10T03:00:00-07:00');
  });
});

describe("the school's day in requests: Pacific/Auckland and America/Los_Angeles", () => {
  let w: SchoolWorld;
  let now = new Date();
  beforeAll(async () => {
    w = await schoolWorld({ clock: () => now });
    const locale = { language: 'en', currency: 'USD', dateFormat: 'medium', weekStart: 'monday' } as const;
    for (const [school, timeZone] of [
      [w.a, AUCKLAND],
      [w.b, LOS_ANGELES],
    ] as const) {
      const admin = await school.as('school_admin');
      const res = await admin({ method: 'PUT', url: '/api/v1/school/locale', payload: { ...locale, timeZone } });
      expect(res.statusCode).toBe(200);
      // The last day this covers is 21 March in Auckland (01:00 NZDT) and 20 March in Los Angeles (05:00 PDT).
      await setActiveEndDate(w.t, school.id, at('2030-03-20T12:00:00Z'));
    }
  });
  afterAll(() => w.t.close());

  const daysLeft = async (school: SchoolWorld['a'], instant: string) => {
    now = at(instant);
    const admin = await school.as('school_admin');
    const dashboard = await admin({ method: 'GET', url: '/api/v1/dashboard' });
    const mine = await admin({ method: 'GET', url: '/api/v1/subscription' });
    expect(dashboard.statusCode).toBe(200);
    expect(mine.statusCode).toBe(200);
    expect(dashboard.json().subscription.daysLeft).toBe(mine.json().daysLeft);
    return mine.json().daysLeft as number;
  };

  it('shows the days left of the subscription as each school counts them, either side of each midnight', async () => {
    // [instant, Auckland, Los Angeles]
    const table: [string, number, number][] = [
      ['2030-03-09T10:59:00Z', 12, 11], // 23:59 on 9 March in Auckland; 02:59 on 9 March in Los Angeles
      ['2030-03-09T11:01:00Z', 11, 11], // 00:01 on 10 March in Auckland
      ['2030-03-10T07:59:00Z', 11, 11], // 23:59 on 9 March in Los Angeles
      ['2030-03-10T08:01:00Z', 11, 10], // 00:01 on 10 March in Los Angeles
      ['2030-03-20T10:59:00Z', 1, 0], // 23:59 on 20 March in Auckland; the last day in Los Angeles
      ['2030-03-20T11:01:00Z', 0, 0], // 00:01 on 21 March, Auckland's last day
    ];
    for (const [instant, auckland, losAngeles] of table) {
      expect(await daysLeft(w.a, instant), `Auckland at ${instant}`).toBe(auckland);
      expect(await daysLeft(w.b, instant), `Los Angeles at ${instant}`).toBe(losAngeles);
    }
  });

  it("writes the times of its CSV exports in each school's time zone, with the offset; company staff in UTC", async () => {
    // 00:30 on 10 March in Auckland (NZDT, UTC+13); 03:30 on 9 March in Los Angeles (PST, UTC-8).
    now = at('2030-03-09T11:30:05.250Z');
    const written: [SchoolWorld['a'], string, string][] = [
      [w.a, '2030-03-10', '2030-03-10T00:30:05+13:00'],
      [w.b, '2030-03-09', '2030-03-09T03:30:05-08:00'],
    ];
    for (const [school, date, time] of written) {
      const admin = await school.as('school_admin');
      const res = await admin({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: school.classId, records: [{ studentId: school.users.student.id, isPresent: true }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const url of [
        '/api/v1/attendance/recent/export',
        `/api/v1/attendance/students/${school.users.student.id}/export`,
      ]) {
        const csv = await admin({ method: 'GET', url });
        expect(csv.statusCode).toBe(200);
        const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
        expect(
          rows.map((r) => [r.date, r.submittedAt]),
          url,
        ).toEqual([[date, time]]);
      }
      // The last sign-in of the users list, the other export with a time.
      await withSystem(w.t.app.deps.db, (tx) =>
        tx.execute(
          sql`update users set last_login_at = ${now.toISOString()}::timestamptz where id = ${school.users.teacher.id}`,
        ),
      );
      const users = await admin({ method: 'GET', url: '/api/v1/users/export?role=teacher' });
      expect(parse(users.body, { bom: true, columns: true })).toMatchObject([{ lastLoginAt: time }]);
    }
    // Company staff keep the platform's day, UTC.
    const staff = await w.staff('company_admin');
    const users = await as(
      w.t.app,
      staff,
    )({ method: 'GET', url: `/api/v1/users/export?role=teacher&schoolId=${w.a.id}` });
    expect(users.statusCode).toBe(200);
    expect(parse(users.body, { bom: true, columns: true })).toMatchObject([
      { lastLoginAt: '2030-03-09T11:30:05+00:00' },
    ]);
  });

  it("puts a new class in the academic year of the school's today, either side of each New Year's midnight", async () => {
    // The subscriptions run past that New Year by the server's clock, which the subscription gate reads too.
    for (const school of [w.a, w.b]) await setActiveEndDate(w.t, school.id, at('2031-06-01T00:00:00Z'));
    const yearOfNewClass = async (school: SchoolWorld['a'], instant: string) => {
      now = at(instant);
      const res = await (await school.as('school_admin'))({
        method: 'POST',
        url: '/api/v1/classes',
        payload: { name: `Year ${instant}`, section: school === w.a ? 'NZ' : 'LA' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().academicYear as string;
    };
    // [instant, Auckland, Los Angeles]
    const table: [string, string, string][] = [
      ['2030-12-31T10:59:00Z', '2030-2031', '2030-2031'], // 23:59 on 31 December in Auckland
      ['2030-12-31T11:01:00Z', '2031-2032', '2030-2031'], // 00:01 on 1 January in Auckland
      ['2031-01-01T07:59:00Z', '2031-2032', '2030-2031'], // 23:59 on 31 December in Los Angeles
      ['2031-01-01T08:01:00Z', '2031-2032', '2031-2032'], // 00:01 on 1 January in Los Angeles
    ];
    for (const [instant, auckland, losAngeles] of table) {
      expect(await yearOfNewClass(w.a, instant), `Auckland at ${instant}`).toBe(auckland);
      expect(await yearOfNewClass(w.b, instant), `Los Angeles at ${instant}`).toBe(losAngeles);
    }
  });
});
