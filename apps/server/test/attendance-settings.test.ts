import { Notification } from '@lyceum/shared/api';
import { ATTENDANCE_SETTINGS_MESSAGES } from '@lyceum/shared/attendance';
import { formatCalendarDay } from '@lyceum/shared/date-format';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../src/lib/school-day.ts';
import { createClass, createStudent } from './factories/people.ts';
import { createAcademicYear } from './factories/years.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { errorOf } from './helpers.ts';
import { listenUrl, openStream } from './sse-client.ts';

/**
 * Attendance settings (threshold, late alerts, per-period marks), the pickers' options, the trend, the
 * below-threshold list, the CSV exports and the live `attendance` event.
 */
let w: SchoolWorld;
let admin: Caller;
let teacher: Caller;
let kids: { id: string; name: string }[];
let otherClassId: string;
let today: string;

const S = ATTENDANCE_SETTINGS_MESSAGES;

async function parentAlerts() {
  const r = await w.t.app.deps.db.execute(
    sql`select title, read_at from notifications where user_id = ${w.a.users.parent.id} and type = 'attendance' order by created_at`,
  );
  return r.rows as { title: string; read_at: Date | null }[];
}

/** Submits the class: the first kid as given, the others present. */
async function submit(first: boolean | 'late', date = today) {
  const res = await teacher({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: {
      classId: w.a.classId,
      date,
      records: kids.map((k, i) => ({
        studentId: k.id,
        isPresent: i === 0 ? first !== false : true,
        isLate: i === 0 && first === 'late',
      })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  teacher = await w.a.as('teacher');
  const adminSession = await w.a.signIn('school_admin');
  // Dates a few days back stay after the school's first academic year even early in September.
  await createAcademicYear(w.t.app, adminSession, 2000);
  const s2 = await createStudent(w.t.app, adminSession, { classId: w.a.classId, name: 'Bea Second' });
  const [me] = (await w.t.app.deps.db.execute(sql`select name from users where id = ${w.a.users.student.id}`)).rows as {
    name: string;
  }[];
  kids = [
    { id: w.a.users.student.id, name: me?.name ?? '' },
    { id: s2.student.id, name: 'Bea Second' },
  ];
  otherClassId = (await createClass(w.t.app, adminSession)).id;
  today = todayIn('UTC');
});
afterAll(() => w.t.close());

describe('attendance settings', () => {
  it('default to a 90 % threshold, no late alerts, one mark a day; staff and teachers read them', async () => {
    for (const role of ['school_admin', 'principal', 'teacher'] as const) {
      const res = await (await w.a.as(role))({ method: 'GET', url: '/api/v1/attendance/settings' });
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({ threshold: 90, alertLate: false, byPeriod: false });
    }
    for (const role of ['student', 'parent'] as const) {
      const res = await (await w.a.as(role))({ method: 'GET', url: '/api/v1/attendance/settings' });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('the school admin sets them (audited); each bad field has its message; others are refused', async () => {
    const bad = [
      [{ threshold: 101, alertLate: false, byPeriod: false }, 'threshold', S.threshold],
      [{ threshold: 1.5, alertLate: false, byPeriod: false }, 'threshold', S.threshold],
      [{ threshold: 'x', alertLate: false, byPeriod: false }, 'threshold', S.threshold],
      [{ threshold: 80, alertLate: 'yes', byPeriod: false }, 'alertLate', S.alertLate],
      [{ threshold: 80, alertLate: false, byPeriod: 'no' }, 'byPeriod', S.byPeriod],
    ] as const;
    for (const [payload, field, message] of bad) {
      const res = await admin({ method: 'PUT', url: '/api/v1/attendance/settings', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    const es = await admin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      headers: { 'accept-language': 'es' },
      payload: { threshold: -1, alertLate: false, byPeriod: false },
    });
    expect(errorOf(es).fields?.threshold).toBe('El umbral debe ser un número entero de 0 a 100');

    for (const role of ['principal', 'teacher', 'parent'] as const) {
      const res = await (await w.a.as(role))({
        method: 'PUT',
        url: '/api/v1/attendance/settings',
        payload: { threshold: 50, alertLate: true, byPeriod: true },
      });
      expect(res.statusCode, role).toBe(403);
    }
    const ok = await admin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      payload: { threshold: 95, alertLate: false, byPeriod: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ threshold: 95, alertLate: false, byPeriod: true });
    const audited = await w.t.app.deps.db.execute(
      sql`select count(*)::int as n from audit_log where school_id = ${w.a.id} and action = 'school.attendance_settings_updated'`,
    );
    expect((audited.rows[0] as { n: number }).n).toBe(1);
    // The other school keeps its own.
    const b = await (await w.b.as('school_admin'))({ method: 'GET', url: '/api/v1/attendance/settings' });
    expect(b.json()).toEqual({ threshold: 90, alertLate: false, byPeriod: false });
  });
});

describe('the pickers', () => {
  it('list the classes a caller marks, the periods, and a parent’s children or a student’s self', async () => {
    const staff = (await admin({ method: 'GET', url: '/api/v1/attendance/options' })).json();
    expect(staff.today).toBe(today);
    expect(staff.classes.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([w.a.classId, otherClassId]));
    expect(staff.students).toEqual([]);
    expect(staff.settings.byPeriod).toBe(true);
    const mine = (await teacher({ method: 'GET', url: '/api/v1/attendance/options' })).json();
    expect(mine.classes.map((c: { id: string }) => c.id)).toEqual([w.a.classId]);
    const parent = (await (await w.a.as('parent'))({ method: 'GET', url: '/api/v1/attendance/options' })).json();
    expect(parent.classes).toEqual([]);
    expect(parent.students.map((s: { id: string }) => s.id)).toEqual([w.a.users.student.id]);
    const student = (await (await w.a.as('student'))({ method: 'GET', url: '/api/v1/attendance/options' })).json();
    expect(student.students).toEqual([{ id: w.a.users.student.id, label: kids[0]?.name }]);
    const b = (await (await w.b.as('school_admin'))({ method: 'GET', url: '/api/v1/attendance/options' })).json();
    expect(b.classes.map((c: { id: string }) => c.id)).not.toContain(w.a.classId);
  });
});

describe('late alerts and the live event', () => {
  it('without the opt-in a late mark alerts nobody', async () => {
    await submit('late', addDays(today, -3));
    expect(await parentAlerts()).toEqual([]);
  });

  it('with the opt-in a late mark alerts the parent once; unchanged, it stays read; corrected, it is rewritten', async () => {
    await admin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      payload: { threshold: 90, alertLate: true, byPeriod: false },
    });
    const date = addDays(today, -2);
    await submit('late', date);
    expect((await parentAlerts()).map((n) => n.title)).toEqual([`Late on ${date}: ${kids[0]?.name}`]);
    await w.t.app.deps.db.execute(sql`update notifications set read_at = now() where user_id = ${w.a.users.parent.id}`);
    await submit('late', date);
    const same = await parentAlerts();
    expect(same).toHaveLength(1);
    expect(same[0]?.read_at).not.toBeNull();
    await submit(false, date);
    expect((await parentAlerts()).map((n) => [n.title, n.read_at])).toEqual([
      [`Absent on ${date}: ${kids[0]?.name}`, null],
    ]);
    await submit(true, date);
    expect((await parentAlerts()).map((n) => n.title)).toEqual([`Attendance corrected: ${kids[0]?.name}`]);
  });

  it('a submission reaches the open streams of the class’s parents and staff, not another school', async () => {
    const base = await listenUrl(w.t.app);
    const parentStream = await openStream(base, (await w.a.signIn('parent')).cookie);
    const principalStream = await openStream(base, (await w.a.signIn('principal')).cookie);
    const bStream = await openStream(base, (await w.b.signIn('school_admin')).cookie);
    // The previous test's last correction may reach a stream opened just after it (NOTIFY travels on its own
    // connection): the alert below is the first notification event about a notification that is not older.
    const older = new Set(
      (
        (await w.t.app.deps.db.execute(sql`select id from notifications where user_id = ${w.a.users.parent.id}`))
          .rows as { id: string }[]
      ).map((r) => r.id),
    );
    const nextNewNotification = async () => {
      for (;;) {
        const n = Notification.parse(JSON.parse((await parentStream.next('notification')).data));
        if (!older.has(n.id)) return n;
      }
    };
    // The stream's next event about notification `id` (another may still arrive from the previous test).
    const nextAbout = async (id: string) => {
      for (;;) {
        const n = Notification.parse(JSON.parse((await parentStream.next('notification')).data));
        if (n.id === id) return n;
      }
    };
    // The stream's unread counts, taken in order until one says `n`.
    const unreadReaches = async (n: number) => {
      while (JSON.parse((await parentStream.next('unread')).data).notifications !== n);
    };
    const unreadNow = async () =>
      (await (await w.a.as('parent'))({ method: 'GET', url: '/api/v1/notifications' })).json().unread;
    try {
      await parentStream.next('unread');
      await submit(false, addDays(today, -1));
      expect(JSON.parse((await parentStream.next('attendance')).data)).toEqual({ classId: w.a.classId });
      expect(JSON.parse((await principalStream.next('attendance')).data)).toEqual({ classId: w.a.classId });
      // The parent's bell hears of the alert, and of its correction, as the bell's list reads them.
      const alert = await nextNewNotification();
      // A past day's alert names its date (in the school's date format, as the bell writes it), not "today".
      const pastTitle = `Absent on ${formatCalendarDay(addDays(today, -1), 'medium', 'en')}: ${kids[0]?.name}`;
      expect(alert).toMatchObject({ title: pastTitle, read: false });
      await submit(true, addDays(today, -1));
      const corrected = await nextAbout(alert.id);
      expect(corrected).toMatchObject({ id: alert.id, title: `Attendance corrected: ${kids[0]?.name}`, read: false });
      // A rewrite may or may not have been unread already: the stream follows it with the count as it is now
      // (an earlier count may still be ahead of it: the previous test's last event can reach this stream).
      await unreadReaches(await unreadNow());
      // Read, then absent again (as the tables below expect): the bell hears it, unread again and counted.
      const parent = await w.a.as('parent');
      expect((await parent({ method: 'POST', url: '/api/v1/notifications/read-all' })).statusCode).toBe(204);
      await submit(false, addDays(today, -1));
      const again = await nextAbout(alert.id);
      expect(again).toMatchObject({ id: alert.id, title: pastTitle, read: false });
      expect(await unreadNow()).toBe(1);
      await unreadReaches(1);
      expect(bStream.events.filter((e) => e.event === 'attendance' || e.event === 'notification')).toEqual([]);
      expect(principalStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    } finally {
      parentStream.close();
      principalStream.close();
      bStream.close();
    }
  });
});

describe('trend and below threshold', () => {
  it('the trend gives a rate per day or week over the range, for a class or the school', async () => {
    const from = addDays(today, -10);
    const byDay = await admin({ method: 'GET', url: `/api/v1/attendance/trend?from=${from}&to=${today}` });
    expect(byDay.statusCode, byDay.body).toBe(200);
    const points = byDay.json().points as { start: string; rate: { total: number } }[];
    expect(points.map((p) => p.start)).toEqual([addDays(today, -3), addDays(today, -2), addDays(today, -1)]);
    expect(points.every((p) => p.rate.total === 2)).toBe(true);
    const byWeek = await teacher({
      method: 'GET',
      url: `/api/v1/attendance/trend?from=${from}&to=${today}&by=week&classId=${w.a.classId}`,
    });
    expect(byWeek.statusCode, byWeek.body).toBe(200);
    const weeks = byWeek.json().points as { start: string; rate: { total: number } }[];
    expect(weeks.reduce((n, p) => n + p.rate.total, 0)).toBe(6);
    expect(weeks.every((p) => new Date(`${p.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const fallback = (await admin({ method: 'GET', url: '/api/v1/attendance/trend' })).json();
    expect(fallback).toMatchObject({ to: today, from: addDays(today, -29), by: 'day', classId: null });
  });

  it('the trend refuses a bad range, another teacher’s class, another school’s class and parents', async () => {
    const backwards = await admin({
      method: 'GET',
      url: `/api/v1/attendance/trend?from=${today}&to=${addDays(today, -1)}`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).message).toBe(S.trendRange);
    const long = await admin({
      method: 'GET',
      url: `/api/v1/attendance/trend?from=${addDays(today, -400)}&to=${today}`,
    });
    expect(errorOf(long).message).toBe(S.trendTooLong);
    const badStep = await admin({ method: 'GET', url: '/api/v1/attendance/trend?by=month' });
    expect(badStep.statusCode).toBe(400);
    const notMine = await teacher({ method: 'GET', url: `/api/v1/attendance/trend?classId=${otherClassId}` });
    expect(notMine.statusCode).toBe(404);
    expect(errorOf(notMine).message).toBe(PEOPLE_MESSAGES.classNotFound);
    const b = await (await w.b.as('school_admin'))({
      method: 'GET',
      url: `/api/v1/attendance/trend?classId=${w.a.classId}`,
    });
    expect(b.statusCode).toBe(404);
    const parent = await (await w.a.as('parent'))({ method: 'GET', url: '/api/v1/attendance/trend' });
    expect(parent.statusCode).toBe(403);
  });

  it('lists students under the school’s threshold, lowest first; a lower threshold lists fewer', async () => {
    // The first kid: late, absent (revised to present), absent of four marks → 50 %; the second: always present.
    const res = await teacher({ method: 'GET', url: `/api/v1/attendance/below-threshold?classId=${w.a.classId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().threshold).toBe(90);
    expect(res.json().items.map((s: { studentId: string }) => s.studentId)).toEqual([kids[0]?.id]);
    // Without a range the list reads the counts kept per student and class; over a range that holds every
    // record it counts the records themselves: the two agree, revisions included.
    const ranged = await teacher({
      method: 'GET',
      url: `/api/v1/attendance/below-threshold?classId=${w.a.classId}&from=${addDays(today, -400)}&to=${today}`,
    });
    expect(ranged.json()).toEqual(res.json());
    const schoolWide = (await admin({ method: 'GET', url: '/api/v1/attendance/below-threshold' })).json();
    const schoolRanged = (
      await admin({ method: 'GET', url: `/api/v1/attendance/below-threshold?from=${addDays(today, -400)}&to=${today}` })
    ).json();
    expect(schoolWide).toEqual(schoolRanged);
    await admin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      payload: { threshold: 0, alertLate: true, byPeriod: false },
    });
    expect((await admin({ method: 'GET', url: '/api/v1/attendance/below-threshold' })).json().items).toEqual([]);
    await admin({
      method: 'PUT',
      url: '/api/v1/attendance/settings',
      payload: { threshold: 90, alertLate: true, byPeriod: false },
    });
    const bad = await admin({ method: 'GET', url: '/api/v1/attendance/below-threshold?classId=nope' });
    expect(bad.statusCode).toBe(400);
    const b = await (await w.b.as('principal'))({
      method: 'GET',
      url: `/api/v1/attendance/below-threshold?classId=${w.a.classId}`,
    });
    expect(b.statusCode).toBe(404);
    const student = await (await w.a.as('student'))({ method: 'GET', url: '/api/v1/attendance/below-threshold' });
    expect(student.statusCode).toBe(403);
  });
});

describe('CSV exports', () => {
  const lines = (body: string) => body.trim().split('\n');

  it('every table downloads as CSV, its header row in the caller’s language', async () => {
    const recent = await teacher({ method: 'GET', url: '/api/v1/attendance/recent/export' });
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.headers['content-type']).toContain('text/csv');
    expect(lines(recent.body)[0]).toBe('date,student,className,status,note,markedBy,submittedAt');
    expect(lines(recent.body)).toHaveLength(7);
    const es = await teacher({
      method: 'GET',
      url: '/api/v1/attendance/recent/export',
      headers: { 'accept-language': 'es' },
    });
    expect(lines(es.body)[0]).toBe('fecha,alumno,clase,estado,nota,registrado por,enviado el');

    const month = addDays(today, -1).slice(0, 7);
    const register = await admin({
      method: 'GET',
      url: `/api/v1/attendance/classes/${w.a.classId}/register/export?month=${month}`,
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(lines(register.body)[0]).toMatch(/^rollNumber,name,.*rate \(%\)$/);
    expect(lines(register.body)).toHaveLength(3);

    const parent = await w.a.as('parent');
    const history = await parent({ method: 'GET', url: `/api/v1/attendance/students/${kids[0]?.id}/export` });
    expect(history.statusCode, history.body).toBe(200);
    expect(lines(history.body)).toHaveLength(4);

    const rates = await admin({
      method: 'GET',
      url: '/api/v1/attendance/rates/export',
      headers: { 'accept-language': 'ar' },
    });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(lines(rates.body)[0]).toBe('الصف,حاضر,متأخر,غائب,المجموع,نسبة الحضور (%)');
    expect(lines(rates.body)[1]).toMatch(/^المدرسة كلها,/);

    const below = await admin({ method: 'GET', url: '/api/v1/attendance/below-threshold/export' });
    expect(lines(below.body)[0]).toBe('name,className,present,late,absent,total,rate (%)');
    expect(lines(below.body)).toHaveLength(2);
  });

  it('writes the marks in the caller’s language, as the page does, and starts every file with the UTF-8 BOM', async () => {
    const parent = await w.a.as('parent');
    const get = (url: string, language: string) =>
      parent({ method: 'GET', url, headers: { 'accept-language': language } });
    const rows = (body: string) => parse(body, { bom: true }) as string[][];
    const history = `/api/v1/attendance/students/${kids[0]?.id}/export`;
    // The status column of the student's history (the first kid was absent, late and present on some days).
    const marks = async (language: string) => {
      const res = await get(history, language);
      expect(res.statusCode, res.body).toBe(200);
      // Without the byte-order mark Excel reads UTF-8 as the machine's code page and garbles "ausente", "غائب".
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      return new Set(
        rows(res.body)
          .slice(1)
          .map((r) => r[3]),
      );
    };
    expect(await marks('en')).toEqual(new Set(['absent', 'late', 'present']));
    expect(await marks('es')).toEqual(new Set(['ausente', 'tarde', 'presente']));
    expect(await marks('ar')).toEqual(new Set(['غائب', 'متأخر', 'حاضر']));

    const recent = await teacher({
      method: 'GET',
      url: '/api/v1/attendance/recent/export',
      headers: { 'accept-language': 'es' },
    });
    expect(
      new Set(
        rows(recent.body)
          .slice(1)
          .map((r) => r[3]),
      ),
    ).toEqual(new Set(['ausente', 'tarde', 'presente']));
    const month = addDays(today, -1).slice(0, 7);
    const register = await admin({
      method: 'GET',
      url: `/api/v1/attendance/classes/${w.a.classId}/register/export?month=${month}`,
      headers: { 'accept-language': 'ar' },
    });
    const [header, ...students] = rows(register.body);
    expect(header?.[0]).toBe('رقم القيد');
    const cells = students.flatMap((r) => r.slice(2, -1)).filter((c) => c !== '');
    expect(cells).toContain('غائب');
    expect(cells.every((c) => ['حاضر', 'متأخر', 'غائب'].includes(c))).toBe(true);
    for (const url of ['/api/v1/attendance/rates/export', '/api/v1/attendance/below-threshold/export']) {
      expect((await admin({ method: 'GET', url })).body.startsWith('\uFEFF')).toBe(true);
    }
  });

  it('the exports keep the reads’ rules: roles, other classes, other schools, bad input', async () => {
    const parent = await w.a.as('parent');
    expect((await parent({ method: 'GET', url: '/api/v1/attendance/rates/export' })).statusCode).toBe(403);
    expect(
      (await parent({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}/register/export` })).statusCode,
    ).toBe(403);
    const notMine = await teacher({ method: 'GET', url: `/api/v1/attendance/classes/${otherClassId}/register/export` });
    expect(notMine.statusCode).toBe(404);
    const badMonth = await admin({
      method: 'GET',
      url: `/api/v1/attendance/classes/${w.a.classId}/register/export?month=2026-13`,
    });
    expect(badMonth.statusCode).toBe(400);
    const b = await w.b.as('school_admin');
    expect(
      (await b({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}/register/export` })).statusCode,
    ).toBe(404);
    expect((await b({ method: 'GET', url: `/api/v1/attendance/students/${kids[0]?.id}/export` })).statusCode).toBe(404);
    const bRecent = await b({ method: 'GET', url: '/api/v1/attendance/recent/export' });
    expect(lines(bRecent.body)).toHaveLength(1);
  });

  it('rates and the below-threshold list, read or exported, refuse a start after the end like the trend', async () => {
    const range = `from=${today}&to=${addDays(today, -1)}`;
    for (const url of [
      `/api/v1/attendance/rates?${range}`,
      `/api/v1/attendance/rates/export?${range}`,
      `/api/v1/attendance/below-threshold?${range}`,
      `/api/v1/attendance/below-threshold/export?${range}`,
    ]) {
      const res = await admin({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).fields?.from, url).toBe(S.trendRange);
    }
    const sameDay = await admin({ method: 'GET', url: `/api/v1/attendance/rates?from=${today}&to=${today}` });
    expect(sameDay.statusCode).toBe(200);
  });

  it('notes a spreadsheet would run or compute are written as text', async () => {
    const date = addDays(today, -20);
    const notes = ['=HYPERLINK("http://evil.test","x")', '-1+1'];
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: w.a.classId,
        date,
        records: kids.map((k, i) => ({ studentId: k.id, isPresent: true, note: notes[i] })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = async (id: string | undefined) =>
      lines((await admin({ method: 'GET', url: `/api/v1/attendance/students/${id}/export` })).body).find((l) =>
        l.startsWith(date),
      );
    expect(await line(kids[0]?.id)).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(await line(kids[1]?.id)).toContain(",'-1+1,");
  });

  it('leaves phone numbers and signed numbers alone, and writes any arithmetic as text, in every export', async () => {
    // [note, as the CSV writes it]: docs/product.md, "CSV import and export".
    const table: [string, string][] = [
      ['+1 555 0100', '+1 555 0100'],
      ['+44 (0)20 7946-0958', '+44 (0)20 7946-0958'],
      ['-3', '-3'],
      ['+1-1', "'+1-1"],
      ['+100-99.5', "'+100-99.5"],
      ['+2*3', "'+2*3"],
      ['+1+1', "'+1+1"],
      ['-1-1', "'-1-1"],
      ['+1 -1', "'+1 -1"],
      ['+1-555-010-0100', "'+1-555-010-0100"],
      ['-1e3', "'-1e3"],
    ];
    // A class of its own, so its one student's history holds these notes only.
    const adminSession = await w.a.signIn('school_admin');
    const cls = await createClass(w.t.app, adminSession, { name: 'Csv Notes', section: 'A' });
    const { student } = await createStudent(w.t.app, adminSession, { classId: cls.id, name: 'Nina Notes' });
    const dateOf = (i: number) => addDays(today, -30 - i);
    for (const [i, [note]] of table.entries()) {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: cls.id, date: dateOf(i), records: [{ studentId: student.id, isPresent: true, note }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const noteByDate = async (url: string) => {
      const res = await admin({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
      return new Map(rows.filter((r) => r.student === 'Nina Notes').map((r) => [r.date, r.note]));
    };
    for (const url of [`/api/v1/attendance/students/${student.id}/export`, '/api/v1/attendance/recent/export']) {
      const notes = await noteByDate(url);
      for (const [i, [note, written]] of table.entries()) expect(notes.get(dateOf(i)), `${url} ${note}`).toBe(written);
    }
  });
});

// Last in the file: the namesakes it adds would change the earlier tests' lists and exports.
describe('below threshold, ties', () => {
  it('lists namesakes of equal rate in class order, the same with or without a range', async () => {
    const adminSession = await w.a.signIn('school_admin');
    // Made in the reverse of the order they must be listed in.
    const later = await createClass(w.t.app, adminSession, { name: 'Zz Namesakes', section: 'A' });
    const earlier = await createClass(w.t.app, adminSession, { name: 'Aa Namesakes', section: 'A' });
    for (const cls of [later, earlier]) {
      const { student } = await createStudent(w.t.app, adminSession, { classId: cls.id, name: 'Sam Same' });
      const res = await admin({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: cls.id, date: today, records: [{ studentId: student.id, isPresent: false }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const classesOfSam = (body: { items: { name: string; className: string }[] }) =>
      body.items.filter((i) => i.name === 'Sam Same').map((i) => i.className);
    const plain = (await admin({ method: 'GET', url: '/api/v1/attendance/below-threshold' })).json();
    const ranged = (
      await admin({ method: 'GET', url: `/api/v1/attendance/below-threshold?from=${addDays(today, -400)}&to=${today}` })
    ).json();
    expect(classesOfSam(plain)).toEqual(['Aa Namesakes A', 'Zz Namesakes A']);
    expect(ranged).toEqual(plain);
  });
});
