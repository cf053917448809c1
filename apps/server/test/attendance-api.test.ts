import { IDEMPOTENCY_MESSAGES, type Notification } from '@lyceum/shared/api';
import { ATTENDANCE_MESSAGES, type AttendanceRecord, attendanceRate } from '@lyceum/shared/attendance';
import { compareNames } from '@lyceum/shared/name-order';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn as dateInZone } from '../src/lib/school-day.ts';
import { newId } from '../src/lib/ids.ts';
import { ATTENDANCE_KEYS_KEPT } from '../src/modules/attendance/submit.ts';
import { withTenant } from '../src/db/tenancy.ts';
import { createClass, createParent, createStudent, createTeacher } from './factories/people.ts';
import { createAcademicYear } from './factories/years.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login } from './helpers.ts';
import { listenUrl, openStream } from './sse-client.ts';

/** Attendance: whole-class submission, resubmission and idempotency, absence alerts, the reads and their rates. */
let w: SchoolWorld;
let admin: Caller;
let teacher: Caller;
/** Class 1 of school A: the world's student plus two more; the world's parent has the first, `otherParent` the second. */
let kids: { id: string; name: string }[];
let otherParent: { id: string };
let today: string;
/** The school's earliest academic year, 2000-2001. */
let firstYear: { id: string; startDate: string };

const db = () => w.t.app.deps.db;
/** The app listens once per file, for the tests that read the live stream. */
let listening: Promise<string> | undefined;
const streamBase = () => {
  listening ??= listenUrl(w.t.app);
  return listening;
};
async function count(table: string, schoolId: string): Promise<number> {
  const r = await db().execute(sql.raw(`select count(*)::int as n from ${table} where school_id = '${schoolId}'`));
  return Number((r.rows[0] as { n: number }).n);
}
async function notificationsOf(userId: string) {
  const r = await db().execute(
    sql`select title, body, read_at from notifications where user_id = ${userId} and type = 'attendance' order by created_at`,
  );
  return r.rows as { title: string; body: string; read_at: Date | null }[];
}

type Mark = AttendanceRecord['status'];
const rateFrom = (marks: Mark[]) => {
  const c = {
    present: marks.filter((m) => m === 'present').length,
    late: marks.filter((m) => m === 'late').length,
    absent: marks.filter((m) => m === 'absent').length,
  };
  return { ...c, total: marks.length, rate: attendanceRate(c) };
};

/**
 * A class × month register recomputed in JavaScript from the raw records: each day's cell the day's worst mark
 * per student, the rates every record.
 */
async function registerFromRecords(classId: string, month: string) {
  const rows = (
    await db().execute(sql`
      select a.student_id as "studentId", to_char(a.date, 'YYYY-MM-DD') as date, a.status
      from attendance a where a.class_id = ${classId} and to_char(a.date, 'YYYY-MM') = ${month}`)
  ).rows as { studentId: string; date: string; status: Mark }[];
  const worst = (a: Mark | undefined, b: Mark): Mark =>
    a === 'absent' || b === 'absent' ? 'absent' : a === 'late' || b === 'late' ? 'late' : 'present';
  const marks = new Map<string, Record<string, Mark>>();
  const records = new Map<string, Mark[]>();
  for (const r of rows) {
    const own = marks.get(r.studentId) ?? {};
    own[r.date] = worst(own[r.date], r.status);
    marks.set(r.studentId, own);
    records.set(r.studentId, [...(records.get(r.studentId) ?? []), r.status]);
  }
  const people = (
    await db().execute(sql`
      select s.id, u.name, s.roll_number as "rollNumber", s.class_id as "classId", u.is_active as "isActive"
      from students s join users u on u.id = s.id where s.school_id = ${w.a.id}`)
  ).rows as { id: string; name: string; rollNumber: number; classId: string; isActive: boolean }[];
  // Those in the class by roll number, then those who left it (no roll number here) by name.
  const rollHere = (p: { classId: string; rollNumber: number }) => (p.classId === classId ? p.rollNumber : null);
  const listed = people
    .filter((p) => (p.classId === classId && p.isActive) || marks.has(p.id))
    .sort(
      (x, y) =>
        Number(y.classId === classId) - Number(x.classId === classId) ||
        (rollHere(x) ?? 0) - (rollHere(y) ?? 0) ||
        compareNames(x.name, y.name) ||
        (x.id < y.id ? -1 : 1),
    );
  const [cls] = (
    await db().execute(sql`select trim(name || ' ' || section) as name from classes where id = ${classId}`)
  ).rows as { name: string }[];
  return {
    classId,
    className: cls?.name,
    month,
    days: [...new Set([...marks.values()].flatMap((m) => Object.keys(m)))].sort(),
    students: listed.map((p) => ({
      studentId: p.id,
      name: p.name,
      rollNumber: rollHere(p),
      marks: marks.get(p.id) ?? {},
      rate: rateFrom(records.get(p.id) ?? []),
    })),
    rate: rateFrom(rows.map((r) => r.status)),
  };
}

/** Records as the API writes them, straight from the table: `where` picks them, newest first. */
async function recordRows(where: ReturnType<typeof sql>): Promise<AttendanceRecord[]> {
  const rows = (
    await db().execute(sql`
      select a.id, a.class_id as "classId", trim(c.name || ' ' || c.section) as "className",
        a.student_id as "studentId", u.name as "studentName", to_char(a.date, 'YYYY-MM-DD') as date,
        a.period_id as "periodId", (select p.name from periods p where p.id = a.period_id) as "periodName",
        a.status, a.is_present as "isPresent", a.note, a.marked_by_name as "markedByName", a.marked_at as time, a.submitted_at as "submittedAt", a.academic_year as "academicYear"
      from attendance a join classes c on c.id = a.class_id join users u on u.id = a.student_id
      where ${where}
      order by a.date desc, a.submitted_at desc, a.id desc`)
  ).rows as (Omit<AttendanceRecord, 'time' | 'submittedAt'> & { time: Date | string; submittedAt: Date | string })[];
  return rows.map((r) => ({
    ...r,
    time: new Date(r.time).toISOString(),
    submittedAt: new Date(r.submittedAt).toISOString(),
  }));
}

/** A class's records of a date (no period), from the table. */
const recordsOf = (classId: string, date: string) =>
  recordRows(sql`a.class_id = ${classId} and a.date = ${date} and a.period_id is null`);

/** A student's history recomputed from the raw records: the 30 newest and the rate over all of them. */
async function historyFromRecords(studentId: string) {
  const rows = await recordRows(sql`a.student_id = ${studentId}`);
  const [who] = (await db().execute(sql`select name from users where id = ${studentId}`)).rows as { name: string }[];
  return { studentId, name: who?.name, items: rows.slice(0, 30), rate: rateFrom(rows.map((r) => r.status)) };
}

const kid = (i: number) => (kids[i] as { id: string }).id;

const all = (present: Record<string, boolean | 'late'> = {}) =>
  kids.map((k) => {
    const p = present[k.id] ?? true;
    return { studentId: k.id, isPresent: p !== false, isLate: p === 'late' };
  });

/** A period of the school's day, made by the school admin. */
async function createPeriod(name: string, startTime: string, endTime: string) {
  const res = await admin({ method: 'POST', url: '/api/v1/timetable/periods', payload: { name, startTime, endTime } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Submits the class's sheet of one period of `date`, as its teacher. */
const submitPeriodOf = (date: string) => async (periodId: string, records: ReturnType<typeof all>) => {
  const res = await teacher({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: { classId: w.a.classId, date, periodId, records },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  w = await schoolWorld();
  admin = await w.a.as('school_admin');
  teacher = await w.a.as('teacher');
  const adminSession = await w.a.signIn('school_admin');
  // The tests mark fixed dates of 2026 and 2011: an early first year keeps them allowed whenever the suite runs.
  firstYear = await createAcademicYear(w.t.app, adminSession, 2000);
  const s2 = await createStudent(w.t.app, adminSession, { classId: w.a.classId, name: 'Bea Second' });
  const s3 = await createStudent(w.t.app, adminSession, { classId: w.a.classId, name: 'Cal Third' });
  const p2 = await createParent(w.t.app, adminSession);
  otherParent = { id: p2.parent.id };
  const link = await admin({
    method: 'PUT',
    url: `/api/v1/students/${s2.student.id}/parents/${p2.parent.id}`,
    payload: { relationship: 'Mother' },
  });
  expect(link.statusCode, link.body).toBeLessThan(300);
  kids = [
    { id: w.a.users.student.id, name: 'first' },
    { id: s2.student.id, name: 'Bea Second' },
    { id: s3.student.id, name: 'Cal Third' },
  ];
  today = dateInZone('UTC');
});
afterAll(() => w.t.close());

describe('submitting a class', () => {
  it("the class teacher submits every student for the school's today; status follows the present flag", async () => {
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: w.a.classId,
        records: all({ [kid(1)]: false, [kid(2)]: 'late' }).map((r, i) => (i === 1 ? { ...r, note: 'Sick' } : r)),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ classId: w.a.classId, date: today, periodId: null, created: 3, updated: 0 });
    const byStudent = new Map(body.records.map((r: AttendanceRecord) => [r.studentId, r]));
    expect(byStudent.get(kid(0))).toMatchObject({ status: 'present', isPresent: true });
    expect(byStudent.get(kid(1))).toMatchObject({ status: 'absent', isPresent: false, note: 'Sick' });
    expect(byStudent.get(kid(2))).toMatchObject({ status: 'late', isPresent: true });
    const rec = byStudent.get(kid(0)) as AttendanceRecord;
    expect(rec.markedByName).toContain('teacher');
    expect(rec.submittedAt).toBe(body.submittedAt);
    expect(rec.academicYear).toMatch(/^\d{4}-\d{4}$/);
    // The school's today: its alert says "today" (a past day's names its date, "absence alerts" below).
    const alerts = (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(today));
    expect(alerts.map((n) => n.title)).toEqual(['Absent today: Bea Second']);
  });

  it('resubmitting the same date updates the changed rows in place, never duplicates them', async () => {
    const before = await count('attendance', w.a.id);
    const stored = new Map((await recordsOf(w.a.classId, today)).map((r) => [r.studentId, r]));
    const res = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: today, records: all({ [kid(1)]: false }) },
    });
    // kid 1 stays absent but loses its note, kid 2 goes from late to present; kid 0 is present as before.
    expect(res.json()).toMatchObject({ created: 0, updated: 2 });
    expect(await count('attendance', w.a.id)).toBe(before);
    const byStudent = new Map(res.json().records.map((r: AttendanceRecord) => [r.studentId, r]));
    expect(byStudent.get(kid(2))).toMatchObject({
      status: 'present',
      markedByName: expect.stringContaining('school_admin'),
    });
    expect(byStudent.get(kid(1))).toMatchObject({ status: 'absent', note: null, submittedAt: res.json().submittedAt });
    // A repeated mark keeps who gave it and when, in the answer and in the database.
    expect(byStudent.get(kid(0))).toEqual(stored.get(kid(0)));
    expect((await recordsOf(w.a.classId, today)).find((r) => r.studentId === kid(0))).toEqual(stored.get(kid(0)));

    const again = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: today, records: all({ [kid(1)]: false }) },
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
    expect(again.json().records).toEqual(res.json().records);
  });

  it('the database holds one row per school, class, student, date and period, "no period" included', async () => {
    const err = await db()
      .execute(
        sql`insert into attendance (school_id, id, class_id, student_id, date, period_id, status, is_present,
          marked_by_id, marked_by_name, marked_at, submitted_at, academic_year)
        values (${w.a.id}, ${newId()}, ${w.a.classId}, ${kid(0)}, ${today}, null, 'present', true,
          ${w.a.users.teacher.id}, 'x', now(), now(), '2026-2027')`,
      )
      .then(
        () => null,
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    expect(err).toBe('23505');
  });

  it('a period is a separate mark of the same date', async () => {
    const period = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'P1', startTime: '08:00', endTime: '08:45' },
    });
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: today, periodId: period.json().id, records: all() },
    });
    expect(res.json()).toMatchObject({ created: 3, periodId: period.json().id });
    const unknown = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, periodId: newId(), records: all() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Period not found');
  });

  it('every record names its period (null marked once a day): the answer, a retried answer, the history and the latest', async () => {
    const date = '2026-02-03';
    const periodId = await createPeriod('Sixth hour', '15:00', '15:45');
    const key = `period-${newId()}`;
    const send = (payload: object) =>
      teacher({ method: 'POST', url: '/api/v1/attendance', headers: { 'idempotency-key': key }, payload });
    const payload = { classId: w.a.classId, date, periodId, records: all({ [kid(0)]: false }) };
    const first = await send(payload);
    expect(first.statusCode, first.body).toBe(200);
    const answered = first.json().records as AttendanceRecord[];
    expect(answered.map((r) => r.periodName)).toEqual(['Sixth hour', 'Sixth hour', 'Sixth hour']);
    // An answer kept before records named their period is answered with the sheet's.
    await db().execute(sql`update attendance_submissions set response = jsonb_set(response, '{records}',
      (select jsonb_agg(r - 'periodName') from jsonb_array_elements(response->'records') r))
      where idempotency_key = ${key}`);
    const retry = await send(payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const daily = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date, records: all() },
    });
    expect((daily.json().records as AttendanceRecord[]).map((r) => r.periodName)).toEqual([null, null, null]);

    // The child's parent reads the day's two records apart: absent in the sixth hour, present for the day.
    const parent = await w.a.as('parent');
    const history = await parent({ method: 'GET', url: `/api/v1/attendance/students/${kid(0)}?date=${date}` });
    expect(history.statusCode, history.body).toBe(200);
    const ofDay = (history.json().items as AttendanceRecord[]).filter((r) => r.date === date);
    const byPeriod = (r: AttendanceRecord) => r.periodName ?? '';
    expect(ofDay.sort((a, b) => byPeriod(a).localeCompare(byPeriod(b))).map((r) => [r.periodName, r.status])).toEqual([
      [null, 'present'],
      ['Sixth hour', 'absent'],
    ]);
    const latest = await admin({ method: 'GET', url: '/api/v1/attendance/recent' });
    const mine = (latest.json().items as AttendanceRecord[]).filter((r) => r.date === date && r.studentId === kid(0));
    expect(mine.map((r) => r.periodName).sort()).toEqual(['Sixth hour', null]);
    // The latest records' CSV, as the page, has a period column after the date (its header in the reader's
    // language): the day's two records of each student are told apart there too.
    const csv = await admin({
      method: 'GET',
      url: '/api/v1/attendance/recent/export',
      headers: { 'accept-language': 'es' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(header?.slice(0, 3)).toEqual(['fecha', 'periodo', 'alumno']);
    const periodsOfDay = rows.filter((r) => r[0] === date).map((r) => r[1]);
    expect(periodsOfDay.filter((p) => p === 'Sixth hour')).toHaveLength(3);
    expect(periodsOfDay.filter((p) => p === '')).toHaveLength(3);
  });

  it('a break is not a period attendance is taken in, and stays deletable', async () => {
    const brk = await admin({
      method: 'POST',
      url: '/api/v1/timetable/periods',
      payload: { name: 'Short break', startTime: '11:00', endTime: '11:15', isBreak: true },
    });
    expect(brk.statusCode, brk.body).toBe(201);
    const before = await count('attendance', w.a.id);
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: today, periodId: brk.json().id, records: all() },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      message: ATTENDANCE_MESSAGES.failed,
      fields: { periodId: 'Attendance is not taken in a break' },
    });
    expect(await count('attendance', w.a.id)).toBe(before);
    const removed = await admin({ method: 'DELETE', url: `/api/v1/timetable/periods/${brk.json().id}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  });

  it('an Idempotency-Key makes a retried submission a no-op that answers the first answer', async () => {
    const key = `retry-${newId()}`;
    const payload = { classId: w.a.classId, date: '2026-01-05', records: all({ [kid(0)]: false }) };
    const first = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      headers: { 'idempotency-key': key },
      payload,
    });
    expect(first.statusCode).toBe(200);
    // A colleague marks everyone present meanwhile: the retry still changes nothing and answers the first answer.
    const colleague = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { ...payload, records: all() },
    });
    expect(colleague.statusCode).toBe(200);
    const rows = await count('attendance', w.a.id);
    const audits = await count('audit_log', w.a.id);
    const alerts = (await notificationsOf(w.a.users.parent.id)).length;
    const sheet = await recordsOf(w.a.classId, payload.date);
    const retry = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      headers: { 'idempotency-key': key },
      payload,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await count('attendance', w.a.id)).toBe(rows);
    expect(await count('audit_log', w.a.id)).toBe(audits);
    expect((await notificationsOf(w.a.users.parent.id)).length).toBe(alerts);
    expect(await recordsOf(w.a.classId, payload.date)).toEqual(sheet);
  });

  it('the same Idempotency-Key with another body is refused, nothing written; a key is its user own', async () => {
    const key = `reuse-${newId()}`;
    const payload = { classId: w.a.classId, date: '2026-01-06', records: all() };
    const send = (caller: Caller, body: Record<string, unknown>, k = key) =>
      caller({ method: 'POST', url: '/api/v1/attendance', headers: { 'idempotency-key': k }, payload: body });
    expect((await send(teacher, payload)).statusCode).toBe(200);
    const rows = await count('attendance', w.a.id);
    const kept = await count('attendance_submissions', w.a.id);
    const sheet = await recordsOf(w.a.classId, payload.date);
    // Before, each of these answered 200 with the first answer (2026-01-06, all present) and recorded nothing.
    for (const other of [
      { ...payload, date: '2026-01-07' },
      { ...payload, records: all({ [kid(0)]: false }) },
      { ...payload, records: all({ [kid(1)]: 'late' }) },
      { ...payload, records: all().map((r, i) => (i === 0 ? { ...r, note: 'Dentist' } : r)) },
    ]) {
      const res = await send(teacher, other);
      expect(res.statusCode, JSON.stringify(other)).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'rule', message: IDEMPOTENCY_MESSAGES.reused });
    }
    expect(await count('attendance', w.a.id)).toBe(rows);
    expect(await count('attendance_submissions', w.a.id)).toBe(kept);
    expect(await recordsOf(w.a.classId, payload.date)).toEqual(sheet);
    const spanish = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      headers: { 'idempotency-key': key, 'accept-language': 'es' },
      payload: { ...payload, date: '2026-01-07' },
    });
    expect(spanish.statusCode).toBe(422);
    expect(errorOf(spanish).message).not.toBe(IDEMPOTENCY_MESSAGES.reused);
    // The same request again still answers the first answer.
    expect((await send(teacher, payload)).statusCode).toBe(200);
    // Another user's same key is a key of their own: their request is made, never answered with the teacher's.
    const theirs = await send(admin, { ...payload, date: '2026-01-07', records: all({ [kid(0)]: false }) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ date: '2026-01-07', created: 3 });
  });

  it('each user keeps their newest ATTENDANCE_KEYS_KEPT answers only, the oldest forgotten', async () => {
    const teacherId = w.a.users.teacher.id;
    const keptOf = async () =>
      (
        await db().execute(
          sql`select idempotency_key as key from attendance_submissions where user_id = ${teacherId} order by created_at, id`,
        )
      ).rows.map((r: Record<string, unknown>) => String(r.key));
    const have = (await keptOf()).length;
    // Older answers, as a script sending a new key with every submission would have left.
    for (let i = have; i < ATTENDANCE_KEYS_KEPT; i++) {
      await db().execute(sql`insert into attendance_submissions (school_id, id, user_id, idempotency_key, response, created_at)
        values (${w.a.id}, ${newId()}, ${teacherId}, ${`old-${i}`}, '{}'::jsonb, now() - interval '1 day')`);
    }
    const before = await keptOf();
    expect(before.length).toBe(ATTENDANCE_KEYS_KEPT);
    const key = `newest-${newId()}`;
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      headers: { 'idempotency-key': key },
      payload: { classId: w.a.classId, date: '2026-01-08', records: all() },
    });
    expect(res.statusCode).toBe(200);
    expect(await keptOf()).toEqual([...before.slice(1), key]);
    // Another user's answers are not theirs to forget.
    expect(await count('attendance_submissions', w.a.id)).toBeGreaterThan(ATTENDANCE_KEYS_KEPT);
  });

  it("every failure reads 'Failed to submit attendance' with the field that failed", async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ classId: w.a.classId, records: all().slice(1) }, 'records', 422],
      [
        { classId: w.a.classId, records: [...all(), { studentId: newId(), isPresent: true }] },
        'records.3.studentId',
        422,
      ],
      [{ classId: w.a.classId, records: [...all(), all()[0]] }, 'records.3.studentId', 422],
      [{ classId: w.a.classId, date: '2999-01-01', records: all() }, 'date', 422],
      [{ classId: w.a.classId, date: '2026-02-30', records: all() }, 'date', 400],
      [{ classId: w.a.classId, date: '0000-01-01', records: all() }, 'date', 400],
      [{ classId: w.a.classId, date: '1899-12-31', records: all() }, 'date', 400],
      [{ classId: w.a.classId, records: [] }, 'records', 400],
      [{ classId: w.a.classId, records: [{ studentId: kid(0) }] }, 'records.0.isPresent', 400],
      [{ records: all() }, 'classId', 400],
    ];
    const before = await count('attendance', w.a.id);
    for (const [payload, field, status] of cases) {
      const res = await teacher({ method: 'POST', url: '/api/v1/attendance', payload });
      const err = errorOf(res);
      expect({ field, status: res.statusCode, message: err.message, has: Boolean(err.fields?.[field]) }).toEqual({
        field,
        status,
        message: ATTENDANCE_MESSAGES.failed,
        has: true,
      });
    }
    expect(await count('attendance', w.a.id)).toBe(before);
  });

  it('bad marks, too many marks and a bad trend step get plain messages, and nothing is written', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { classId: w.a.classId, records: Array.from({ length: 501 }, () => ({ studentId: kid(0), isPresent: true })) },
        'records',
        'A class can have at most 500 students marked at once',
      ],
      [
        { classId: w.a.classId, records: all().map((r, i) => (i === 0 ? { ...r, isLate: 'yes' } : r)) },
        'records.0.isLate',
        'Late must be true or false',
      ],
      [
        { classId: w.a.classId, records: all().map((r, i) => (i === 1 ? { ...r, note: 'Sick\u202eetoN' } : r)) },
        'records.1.note',
        'Note cannot contain control or text-direction characters',
      ],
      [
        { classId: w.a.classId, records: all().map((r, i) => (i === 1 ? { ...r, note: 'line\u0000two' } : r)) },
        'records.1.note',
        'Note cannot contain control or text-direction characters',
      ],
    ];
    const before = await count('attendance', w.a.id);
    for (const [payload, field, message] of cases) {
      const res = await teacher({ method: 'POST', url: '/api/v1/attendance', payload });
      const err = errorOf(res);
      expect({ field, status: res.statusCode, message: err.message, fieldMessage: err.fields?.[field] }).toEqual({
        field,
        status: 400,
        message: ATTENDANCE_MESSAGES.failed,
        fieldMessage: message,
      });
    }
    expect(await count('attendance', w.a.id)).toBe(before);
    const step = await admin({ method: 'GET', url: '/api/v1/attendance/trend?by=month' });
    expect([step.statusCode, errorOf(step).fields?.by]).toEqual([400, 'Choose day or week']);
  });

  it("a malformed sheet gets each field its own message, in the caller's language, never zod's default", async () => {
    const mark = (extra: Record<string, unknown>) => [{ ...all()[0], ...extra }, ...all().slice(1)];
    const cases: [unknown, string, string, string][] = [
      [
        { classId: w.a.classId, records: mark({ note: 5 }) },
        'records.0.note',
        'Note must be text',
        'La nota debe ser un texto',
      ],
      [
        { classId: w.a.classId },
        'records',
        'Records must be a list of marks',
        'Las marcas deben enviarse como una lista',
      ],
      [
        { classId: w.a.classId, records: 'x' },
        'records',
        'Records must be a list of marks',
        'Las marcas deben enviarse como una lista',
      ],
      [
        { classId: w.a.classId, records: null },
        'records',
        'Records must be a list of marks',
        'Las marcas deben enviarse como una lista',
      ],
      [
        { classId: w.a.classId, records: [null, ...all().slice(1)] },
        'records.0',
        'Each mark must name a student and whether they are present',
        'Cada marca debe indicar un alumno y si está presente',
      ],
      [
        { classId: w.a.classId, records: ['x', ...all().slice(1)] },
        'records.0',
        'Each mark must name a student and whether they are present',
        'Cada marca debe indicar un alumno y si está presente',
      ],
      [
        { classId: w.a.classId, records: mark({ isPresent: null }) },
        'records.0.isPresent',
        'Present must be true or false',
        '«Presente» debe ser verdadero o falso',
      ],
      [
        [],
        'body',
        'Attendance must name a class and list its marks',
        'La asistencia debe indicar una clase y la lista de sus marcas',
      ],
      [
        'x',
        'body',
        'Attendance must name a class and list its marks',
        'La asistencia debe indicar una clase y la lista de sus marcas',
      ],
      [
        null,
        'body',
        'Attendance must name a class and list its marks',
        'La asistencia debe indicar una clase y la lista de sus marcas',
      ],
    ];
    const before = await count('attendance', w.a.id);
    for (const [body, field, english, spanish] of cases) {
      for (const [language, message, failed] of [
        ['en', english, ATTENDANCE_MESSAGES.failed],
        ['es', spanish, 'No se pudo registrar la asistencia'],
      ] as const) {
        const res = await teacher({
          method: 'POST',
          url: '/api/v1/attendance',
          headers: { 'content-type': 'application/json', 'accept-language': language },
          payload: JSON.stringify(body),
        });
        const err = errorOf(res);
        expect({ body, language, status: res.statusCode, message: err.message, fields: err.fields }).toEqual({
          body,
          language,
          status: 400,
          message: failed,
          fields: { [field]: message },
        });
      }
    }
    expect(await count('attendance', w.a.id)).toBe(before);
  });

  it('a record read back, its note and period null, can be sent again as it was read: null is none', async () => {
    const date = '2026-03-09';
    const first = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date, records: all() },
    });
    expect(first.statusCode, first.body).toBe(200);
    const records = first.json().records as AttendanceRecord[];
    expect(records.map((r) => r.note)).toEqual([null, null, null]);
    expect(first.json().periodId).toBeNull();
    const again = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date, periodId: first.json().periodId, records },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect({ created: again.json().created, updated: again.json().updated }).toEqual({ created: 0, updated: 0 });
    expect((await recordsOf(w.a.classId, date)).map((r) => r.note)).toEqual([null, null, null]);
  });

  it("a date before the school's first academic year is refused; its first day is not", async () => {
    const before = await count('attendance', w.a.id);
    const dayBefore = addDays(firstYear.startDate, -1);
    for (const date of [dayBefore, '1900-01-01']) {
      const res = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date, records: all() },
      });
      expect({ date, status: res.statusCode, error: errorOf(res) }).toEqual({
        date,
        status: 422,
        error: expect.objectContaining({
          message: ATTENDANCE_MESSAGES.failed,
          fields: { date: 'Attendance cannot be submitted for a date before the first academic year' },
        }),
      });
    }
    expect(await count('attendance', w.a.id)).toBe(before);
    const first = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: firstYear.startDate, records: all() },
    });
    expect(first.statusCode, first.body).toBe(200);
  });

  it('an impossible year is a bad date format on every date and month of attendance, not a database error', async () => {
    const reads = [
      [`/api/v1/attendance/classes/${w.a.classId}?date=0000-01-01`, 'date', ATTENDANCE_MESSAGES.dateFormat],
      [`/api/v1/attendance/classes/${w.a.classId}/register?month=0000-01`, 'month', ATTENDANCE_MESSAGES.monthFormat],
      ['/api/v1/attendance/trend?from=0000-01-01', 'from', ATTENDANCE_MESSAGES.dateFormat],
      ['/api/v1/attendance/rates?to=1899-12-31', 'to', ATTENDANCE_MESSAGES.dateFormat],
    ] as const;
    for (const [url, field, message] of reads) {
      const res = await admin({ method: 'GET', url });
      expect({ url, status: res.statusCode, field: errorOf(res).fields?.[field] }).toEqual({
        url,
        status: 400,
        field: message,
      });
    }
    const res = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: '0000-01-01', records: all() },
    });
    expect(errorOf(res)).toMatchObject({
      message: ATTENDANCE_MESSAGES.failed,
      fields: { date: ATTENDANCE_MESSAGES.dateFormat },
    });
  });

  it('a teacher marks only classes they teach or lead; students and parents never; staff any class', async () => {
    const adminSession = await w.a.signIn('school_admin');
    const other = await createClass(w.t.app, adminSession);
    const stranger = await createStudent(w.t.app, adminSession, { classId: other.id });
    const payload = { classId: other.id, records: [{ studentId: stranger.student.id, isPresent: true }] };
    const refused = await teacher({ method: 'POST', url: '/api/v1/attendance', payload });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe('Class not found');
    for (const role of ['student', 'parent'] as const) {
      const res = await (await w.a.as(role))({ method: 'POST', url: '/api/v1/attendance', payload });
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
    const principal = await w.a.as('principal');
    expect((await principal({ method: 'POST', url: '/api/v1/attendance', payload })).statusCode).toBe(200);
  });

  it("another school's class answers 404 and nothing is written", async () => {
    const b = await w.b.as('school_admin');
    const before = await count('attendance', w.a.id);
    const res = await b({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, records: all() },
    });
    expect(res.statusCode).toBe(404);
    expect(await count('attendance', w.a.id)).toBe(before);
  });
});

describe("the school's today", () => {
  it('is the date on the wall clocks of the school, either side of midnight', () => {
    const instant = new Date('2026-03-01T12:30:00Z');
    expect(dateInZone('Pacific/Auckland', instant)).toBe('2026-03-02');
    expect(dateInZone('America/Los_Angeles', instant)).toBe('2026-03-01');
    expect(dateInZone('UTC', new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01');
  });

  it("a submission without a date is recorded on the school's today in its time zone", async () => {
    await db().execute(sql`update schools set time_zone = 'Pacific/Kiritimati' where id = ${w.a.id}`);
    try {
      const res = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, records: all() },
      });
      expect(res.json().date).toBe(dateInZone('Pacific/Kiritimati'));
    } finally {
      await db().execute(sql`update schools set time_zone = 'UTC' where id = ${w.a.id}`);
    }
  });
});

/** A new parent of `children`, signed in. */
async function newParentOf(children: string[]) {
  const made = await createParent(w.t.app, await w.a.signIn('school_admin'), { sendInvitation: false });
  for (const child of children) {
    const link = await admin({
      method: 'PUT',
      url: `/api/v1/students/${child}/parents/${made.parent.id}`,
      payload: { relationship: 'Father' },
    });
    expect(link.statusCode, link.body).toBeLessThan(300);
  }
  const session = await login(w.t.app, made.parent.email, 'parent', made.temporaryPassword as string);
  return { made, session };
}

/** The class teacher submits the class's sheet of `date`. */
const submitSheetOn = (date: string) => async (records: ReturnType<typeof all>) => {
  const res = await teacher({
    method: 'POST',
    url: '/api/v1/attendance',
    payload: { classId: w.a.classId, date, records },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('absence alerts', () => {
  it('a student marked absent notifies each parent once per day; resubmitting revises, never repeats', async () => {
    const date = '2026-02-02';
    const submit = (records: ReturnType<typeof all>) =>
      teacher({ method: 'POST', url: '/api/v1/attendance', payload: { classId: w.a.classId, date, records } });
    const onDate = async (userId: string) => (await notificationsOf(userId)).filter((n) => n.body.includes(date));

    await submit(all({ [kid(1)]: false }));
    const first = await onDate(otherParent.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ title: `Absent on ${date}: Bea Second` });
    expect(first[0]?.body).toContain('absent');
    expect(await onDate(w.a.users.parent.id)).toHaveLength(0);

    // Again absent: no second notification.
    await submit(all({ [kid(1)]: false }));
    expect(await onDate(otherParent.id)).toHaveLength(1);
    // Corrected to late: the same notification now says so (and is unread again).
    await submit(all({ [kid(1)]: 'late' }));
    const revised = await onDate(otherParent.id);
    expect(revised).toHaveLength(1);
    expect(revised[0]).toMatchObject({ title: 'Attendance corrected: Bea Second', read_at: null });
    expect(revised[0]?.body).toContain('late');
    // Absent again the same day: still one notification, back to the absence.
    await submit(all({ [kid(1)]: false }));
    const back = await onDate(otherParent.id);
    expect(back).toHaveLength(1);
    expect(back[0]?.title).toBe(`Absent on ${date}: Bea Second`);
  });

  it("is written in each parent's own language, and revised in it", async () => {
    const accountId = w.a.users.parent.accountId;
    await db().execute(sql`update accounts set language = 'ar' where id = ${accountId}`);
    try {
      const date = '2026-02-04';
      const submit = (records: ReturnType<typeof all>) =>
        teacher({ method: 'POST', url: '/api/v1/attendance', payload: { classId: w.a.classId, date, records } });
      const onDate = async () => (await notificationsOf(w.a.users.parent.id)).filter((n) => n.body.includes(date));
      await submit(all({ [kid(0)]: false }));
      const [alert] = await onDate();
      // Written without the child's gender (غياب, an absence; not غائب/غائبة).
      expect(alert?.title).toMatch(/^غياب يوم 2026-02-04: /);
      expect(alert?.body).toMatch(/^سُجّل غياب /);
      await submit(all({ [kid(0)]: 'late' }));
      const [revised] = await onDate();
      expect(revised?.title).toMatch(/^تصحيح الحضور: /);
      expect(revised?.body).toMatch(/^صُحّح تسجيل .* إلى تأخر /);
      // The other parent, with no language of their own, follows the school's: English.
      await submit(all({ [kid(1)]: false }));
      const other = (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(date));
      expect(other[0]?.title).toMatch(/^Absent on 2026-02-04: /);
    } finally {
      await db().execute(sql`update accounts set language = null where id = ${accountId}`);
    }
  });

  it('names stay as written in every language, even when one reads like a message of ours', async () => {
    const accountId = w.a.users.parent.accountId;
    const [before] = (await db().execute(sql`select name, section from classes where id = ${w.a.classId}`)).rows as {
      name: string;
      section: string;
    }[];
    // "Title" is also a form label, which Arabic translates: the class's name is not it.
    await db().execute(sql`update classes set name = 'Title', section = '' where id = ${w.a.classId}`);
    await db().execute(sql`update accounts set language = 'ar' where id = ${accountId}`);
    try {
      const date = '2026-02-05';
      const submit = (records: ReturnType<typeof all>) =>
        teacher({ method: 'POST', url: '/api/v1/attendance', payload: { classId: w.a.classId, date, records } });
      const onDate = async () => (await notificationsOf(w.a.users.parent.id)).filter((n) => n.body.includes(date));
      await submit(all({ [kid(0)]: false }));
      const [alert] = await onDate();
      expect(alert?.body).toMatch(/\(\u2068Title\u2069\)/);
      await submit(all({ [kid(0)]: 'late' }));
      const [revised] = await onDate();
      // The status word is ours and translated; the class's name is not.
      expect(revised?.body).toContain('إلى تأخر');
      expect(revised?.body).toMatch(/\(\u2068Title\u2069\)/);
    } finally {
      await db().execute(sql`update accounts set language = null where id = ${accountId}`);
      await db().execute(
        sql`update classes set name = ${before?.name ?? ''}, section = ${before?.section ?? ''} where id = ${w.a.classId}`,
      );
    }
  });

  it('with marks per period, the alert follows the day: another period present changes nothing, the last absence corrected does', async () => {
    const date = '2026-02-06';
    const p1 = await createPeriod('Day P1', '09:00', '09:45');
    const p2 = await createPeriod('Day P2', '10:00', '10:45');
    const submit = submitPeriodOf(date);
    const onDate = async () => (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(date));

    await submit(p1, all({ [kid(1)]: false }));
    const [absent] = await onDate();
    expect(absent).toMatchObject({ title: `Absent on ${date}: Bea Second` });
    await db().execute(sql`update notifications set read_at = now() where user_id = ${otherParent.id}`);
    const [read] = await onDate();
    // Present in the second period: still absent that day (the register's worst mark), so the alert stays as read.
    await submit(p2, all());
    expect(await onDate()).toEqual([read]);
    // Period 2 resubmitted late: the day is still absent.
    await submit(p2, all({ [kid(1)]: 'late' }));
    expect(await onDate()).toEqual([read]);
    // The first period corrected to present: the day is now late (period 2), and the parent hears so.
    await submit(p1, all());
    const [late] = await onDate();
    expect(late).toMatchObject({ title: 'Attendance corrected: Bea Second', read_at: null });
    expect(late?.body).toContain('now marked late');
    // Period 2 corrected too: present all day.
    await submit(p2, all());
    const [present] = await onDate();
    expect(present?.body).toContain('now marked present');
    expect(await onDate()).toHaveLength(1);
  });

  it('a late mark made before the school alerted on late is alerted by the next sheet of that day, once', async () => {
    const date = '2026-02-10';
    const settings = async (alertLate: boolean) => {
      const res = await admin({
        method: 'PUT',
        url: '/api/v1/attendance/settings',
        payload: { threshold: 90, alertLate, byPeriod: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const p1 = await createPeriod('Late P1', '13:00', '13:45');
    const p2 = await createPeriod('Late P2', '14:00', '14:45');
    const submit = submitPeriodOf(date);
    const onDate = async () => (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(date));
    try {
      await settings(false);
      await submit(p1, all({ [kid(1)]: 'late' }));
      expect(await onDate()).toEqual([]);
      await settings(true);
      // Present in the second period, late in the first: the day is late, which the school now alerts on.
      await submit(p2, all());
      expect((await onDate()).map((n) => n.title)).toEqual([`Late on ${date}: Bea Second`]);
      await submit(p2, all());
      expect(await onDate()).toHaveLength(1);
    } finally {
      await settings(false);
    }
  });

  it('a sheet with everyone present still reaches the streams of every parent of the class', async () => {
    const stream = await openStream(await streamBase(), (await w.a.signIn('parent')).cookie);
    try {
      await stream.next('unread');
      const res = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date: '2026-02-11', records: all() },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse((await stream.next('attendance')).data)).toEqual({ classId: w.a.classId });
    } finally {
      stream.close();
    }
  });

  it("a sheet that corrects one child's alert and alerts another ends with the parent's true unread count", async () => {
    // The bell adds one for each new notification it hears of and takes the `unread` count as it comes: a
    // count that already holds a notification still to be sent would leave the badge one too high.
    const date = '2026-02-12';
    const { session } = await newParentOf([kid(1), kid(2)]);
    const submit = submitSheetOn(date);
    await submit(all({ [kid(1)]: false }));
    const stream = await openStream(await streamBase(), session.cookie);
    try {
      let badge = JSON.parse((await stream.next('unread')).data).notifications as number;
      // Bea's alert corrected (rewritten, unread again) and Cal alerted for the first time, in one sheet.
      await submit(all({ [kid(2)]: false }));
      // Whatever their order: the rewrite's count, and both notifications.
      await stream.next('unread');
      await stream.next('notification');
      await stream.next('notification');
      // Replayed as the bell does with its list loaded: a new unread one adds one, a rewrite of an unread one
      // changes nothing, a count replaces the badge.
      for (const e of stream.events.slice(1)) {
        if (e.event === 'unread') badge = JSON.parse(e.data).notifications;
        if (e.event === 'notification' && (JSON.parse(e.data) as Notification).title.startsWith('Absent ')) {
          badge += 1;
        }
      }
      const truth = (await as(w.t.app, session)({ method: 'GET', url: '/api/v1/notifications' })).json().unread;
      expect(truth).toBeGreaterThanOrEqual(2);
      expect(badge).toBe(truth);
    } finally {
      stream.close();
    }
  });

  it("a parent unlinked from a child loses the child's alerts at once, live; the other parent keeps theirs", async () => {
    const date = '2026-02-13';
    const { made, session } = await newParentOf([kid(1)]);
    const submit = submitSheetOn(date);
    const onDate = async (userId: string) => (await notificationsOf(userId)).filter((n) => n.body.includes(date));
    await submit(all({ [kid(1)]: false }));
    expect(await onDate(made.parent.id)).toHaveLength(1);
    expect(await onDate(otherParent.id)).toHaveLength(1);

    const stream = await openStream(await streamBase(), session.cookie);
    try {
      const badge = JSON.parse((await stream.next('unread')).data).notifications as number;
      const unlinked = await admin({ method: 'DELETE', url: `/api/v1/students/${kid(1)}/parents/${made.parent.id}` });
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      const withdrawn = JSON.parse((await stream.next('notification')).data);
      expect(withdrawn).toMatchObject({ withdrawn: true });
      expect(JSON.parse((await stream.next('unread')).data).notifications).toBe(badge - 1);
    } finally {
      stream.close();
    }
    expect(await onDate(made.parent.id)).toEqual([]);
    expect(await onDate(otherParent.id)).toHaveLength(1);
    // The other parent's alert is still the one a later sheet of the date revises, never repeats; the former
    // parent hears nothing more of the child.
    await submit(all());
    expect((await onDate(otherParent.id)).map((n) => n.title)).toEqual([`Attendance corrected: Bea Second`]);
    expect(await onDate(made.parent.id)).toEqual([]);
  });

  it('a student moved class the same day and marked present in the new class keeps the alert exactly as it was', async () => {
    const date = '2026-02-09';
    const adminSession = await w.a.signIn('school_admin');
    const other = await createClass(w.t.app, adminSession);
    const { student: mover } = await createStudent(w.t.app, adminSession, { classId: w.a.classId, name: 'Mo Mover' });
    const linked = await admin({
      method: 'PUT',
      url: `/api/v1/students/${mover.id}/parents/${otherParent.id}`,
      payload: { relationship: 'Mother' },
    });
    expect(linked.statusCode, linked.body).toBeLessThan(300);
    const names = (
      await db().execute(
        sql`select id, trim(name || ' ' || section) as name from classes where id in (${w.a.classId}, ${other.id})`,
      )
    ).rows as { id: string; name: string }[];
    const nameOf = (id: string) => names.find((c) => c.id === id)?.name as string;
    const submit = async (classId: string, records: { studentId: string; isPresent: boolean; isLate?: boolean }[]) => {
      const res = await admin({ method: 'POST', url: '/api/v1/attendance', payload: { classId, date, records } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const onDate = async () =>
      (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(date) && n.title.includes('Mo Mover'));

    await submit(w.a.classId, [...all(), { studentId: mover.id, isPresent: false }]);
    const [absent] = await onDate();
    expect(absent?.body).toBe(`Mo Mover was marked absent on ${date} (${nameOf(w.a.classId)}).`);
    await db().execute(sql`update notifications set read_at = now() where user_id = ${otherParent.id}`);
    const [read] = await onDate();

    const moved = await admin({
      method: 'POST',
      url: `/api/v1/classes/${other.id}/students`,
      payload: { studentId: mover.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Present in the new class: the day is still absent (in the former class), so nothing the parent was told changed.
    await submit(other.id, [{ studentId: mover.id, isPresent: true }]);
    expect(await onDate()).toEqual([read]);
    // Late in the new class: still absent that day.
    await submit(other.id, [{ studentId: mover.id, isPresent: true, isLate: true }]);
    expect(await onDate()).toEqual([read]);
    // Absent in the new class too: the day's status is unchanged, the alert still names the first class.
    await submit(other.id, [{ studentId: mover.id, isPresent: false }]);
    expect(await onDate()).toEqual([read]);
    // The new class corrected to late, then the former class's absence corrected: the day is now late, in the new class.
    await submit(other.id, [{ studentId: mover.id, isPresent: true, isLate: true }]);
    const moverBack = await admin({
      method: 'POST',
      url: `/api/v1/classes/${w.a.classId}/students`,
      payload: { studentId: mover.id },
    });
    expect(moverBack.statusCode, moverBack.body).toBe(200);
    await submit(w.a.classId, [...all(), { studentId: mover.id, isPresent: true }]);
    const [late] = await onDate();
    expect(late).toMatchObject({ title: 'Attendance corrected: Mo Mover', read_at: null });
    expect(late?.body).toContain('now marked late');
    expect(late?.body).toContain(`(${nameOf(other.id)})`);
    // The class's roster as the other tests know it.
    await admin({ method: 'POST', url: `/api/v1/classes/${other.id}/students`, payload: { studentId: mover.id } });
  });

  it('submissions of one sheet at once take turns: each sees what the one before wrote, the parent is alerted once', async () => {
    const date = '2026-02-16';
    const send = (records: ReturnType<typeof all>) =>
      teacher({ method: 'POST', url: '/api/v1/attendance', payload: { classId: w.a.classId, date, records } });
    const onDate = async () => (await notificationsOf(otherParent.id)).filter((n) => n.body.includes(date));

    // On PostgreSQL they arrive together on several connections; a read that did not wait for the one before
    // would alert again, or leave a mark as another submission had it.
    const answers = await Promise.all(
      [false, false, true, false, true, false].map((present) => send(all({ [kid(1)]: present }))),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const alerts = await onDate();
    expect(alerts).toHaveLength(1);
    const [record] = await recordsOf(w.a.classId, date).then((rows) => rows.filter((r) => r.studentId === kid(1)));
    // The alert says what the record says.
    expect(alerts[0]?.title).toBe(
      record?.status === 'absent' ? `Absent on ${date}: Bea Second` : 'Attendance corrected: Bea Second',
    );
    // Every record was created once, and each later submission counted only what it changed.
    const created = answers.reduce((n, res) => n + (res.json() as { created: number }).created, 0);
    expect(created).toBe(kids.length);
  });

  it('the parent reads the alert in the bell', async () => {
    const parent = await w.a.as('parent');
    await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: '2026-02-03', records: all({ [kid(0)]: false }) },
    });
    const bell = await parent({ method: 'GET', url: '/api/v1/notifications' });
    // The school's date format is the default, `medium`: the language's own style.
    expect(bell.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'attendance', body: expect.stringContaining('Feb 3, 2026') }),
      ]),
    );
  });

  describe('stored as a message with the date as a date', () => {
    /** The parent's attendance notifications of `date` as stored: the English text keeps the date as stored. */
    async function storedOn(userId: string, date: string) {
      const r = await db().execute(
        sql`select id, title, body, message, read_at from notifications
          where user_id = ${userId} and type = 'attendance' and body like ${`%${date}%`} order by created_at`,
      );
      return r.rows as { id: string; title: string; body: string; message: unknown; read_at: Date | null }[];
    }
    const submitOn = (date: string, records: ReturnType<typeof all>) =>
      teacher({ method: 'POST', url: '/api/v1/attendance', payload: { classId: w.a.classId, date, records } });
    const setDateFormat = async (dateFormat: string) => {
      const locale = (await admin({ method: 'GET', url: '/api/v1/school/locale' })).json();
      const res = await admin({ method: 'PUT', url: '/api/v1/school/locale', payload: { ...locale, dateFormat } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const studentName = async (id: string) =>
      ((await db().execute(sql`select name from users where id = ${id}`)).rows[0] as { name: string }).name;
    const className = async () =>
      (
        (await db().execute(sql`select trim(name || ' ' || section) as name from classes where id = ${w.a.classId}`))
          .rows[0] as { name: string }
      ).name;

    it("carries the message id and its parameters; the bell writes the date in the school's date format", async () => {
      const date = '2025-11-24';
      const parentId = w.a.users.parent.id;
      const name = await studentName(kid(0));
      await submitOn(date, all({ [kid(0)]: false }));
      const [alert] = await storedOn(parentId, date);
      expect(alert?.message).toEqual({
        title: { id: 'Absent on {1}: {0}', params: [name, { date }] },
        body: { id: '{0} was marked absent on {1} ({2}).', params: [name, { date }, await className()] },
      });
      const parent = await w.a.as('parent');
      const bellBody = async () =>
        ((await parent({ method: 'GET', url: '/api/v1/notifications' })).json().items as Notification[]).find(
          (n) => n.id === alert?.id,
        )?.body;
      try {
        await setDateFormat('DD/MM/YYYY');
        expect(await bellBody()).toBe(`${name} was marked absent on 24/11/2025 (${await className()}).`);
        await setDateFormat('MM/DD/YYYY');
        expect(await bellBody()).toBe(`${name} was marked absent on 11/24/2025 (${await className()}).`);
        // In the parent's own language, the date in the school's format all the same.
        await db().execute(sql`update accounts set language = 'ar' where id = ${w.a.users.parent.accountId}`);
        // The name and the class label are someone's text, isolated in the right-to-left sentence: a year-labelled
        // class's own brackets, "Grade 6 A (2027-2028)", no longer scramble the sentence's around it.
        // The date is isolated left to right too: after an Arabic word, 2025-11-24 unisolated is drawn 24-11-2025.
        expect(await bellBody()).toBe(
          `سُجّل غياب \u2068${name}\u2069 يوم \u206611/24/2025\u2069 (\u2068${await className()}\u2069).`,
        );
        await setDateFormat('YYYY-MM-DD');
        expect(await bellBody()).toBe(
          `سُجّل غياب \u2068${name}\u2069 يوم \u20662025-11-24\u2069 (\u2068${await className()}\u2069).`,
        );
      } finally {
        await db().execute(sql`update accounts set language = null where id = ${w.a.users.parent.accountId}`);
        await setDateFormat('medium');
      }
    });

    it('a resubmission with the same status leaves it as it is; a status change rewrites the message, unread again', async () => {
      const date = '2025-11-25';
      const name = await studentName(kid(1));
      await submitOn(date, all({ [kid(1)]: false }));
      await db().execute(sql`update notifications set read_at = now() where user_id = ${otherParent.id}`);
      const [read] = await storedOn(otherParent.id, date);
      expect(read?.read_at).not.toBeNull();
      await submitOn(date, all({ [kid(1)]: false }));
      expect(await storedOn(otherParent.id, date)).toEqual([read]);

      await submitOn(date, all({ [kid(1)]: 'late' }));
      const [late] = await storedOn(otherParent.id, date);
      expect(late).toMatchObject({ id: read?.id, read_at: null });
      expect(late?.message).toEqual({
        title: { id: 'Attendance corrected: {0}', params: [name] },
        body: {
          id: '{0} is now marked {1} on {2} ({3}).',
          params: [name, { id: 'late' }, { date }, await className()],
        },
      });
      // Late again: the same words, nothing rewritten (still read once read).
      await db().execute(sql`update notifications set read_at = now() where user_id = ${otherParent.id}`);
      const [lateRead] = await storedOn(otherParent.id, date);
      await submitOn(date, all({ [kid(1)]: 'late' }));
      expect(await storedOn(otherParent.id, date)).toEqual([lateRead]);
    });

    it('an alert stored as text before alerts carried a message is left as written on an unchanged resubmission', async () => {
      const date = '2025-11-26';
      await submitOn(date, all({ [kid(1)]: false }));
      // What an alert sent before this change looks like: its words as text, no message.
      await db().execute(
        sql`update notifications set message = null, read_at = now() where user_id = ${otherParent.id} and body like ${`%${date}%`}`,
      );
      const [old] = await storedOn(otherParent.id, date);
      expect(old).toMatchObject({ message: null, title: `Absent on ${date}: Bea Second` });
      await submitOn(date, all({ [kid(1)]: false }));
      expect(await storedOn(otherParent.id, date)).toEqual([old]);
      // A real change still reaches the parent, now as a message.
      await submitOn(date, all({ [kid(1)]: 'late' }));
      const [corrected] = await storedOn(otherParent.id, date);
      expect(corrected).toMatchObject({ id: old?.id, read_at: null, title: 'Attendance corrected: Bea Second' });
      expect(corrected?.message).not.toBeNull();
    });
  });
});

describe('reading attendance', () => {
  it('the recent list holds the 30 newest records the caller may see', async () => {
    // Enough dates to pass 30 records (3 students a day).
    for (let d = 1; d <= 12; d++) {
      const date = `2026-03-${String(d).padStart(2, '0')}`;
      const res = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date, records: all(d % 4 === 0 ? { [kid(0)]: false } : {}) },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await admin({ method: 'GET', url: '/api/v1/attendance/recent' });
    const items = res.json().items as AttendanceRecord[];
    expect(items).toHaveLength(30);
    const times = items.map((r) => r.submittedAt);
    expect(times).toEqual([...times].sort().reverse());
    const student = await w.a.as('student');
    const own = (await student({ method: 'GET', url: '/api/v1/attendance/recent' })).json().items as AttendanceRecord[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.studentId === kid(0))).toBe(true);
    const parent = await w.a.as('parent');
    const children = (await parent({ method: 'GET', url: '/api/v1/attendance/recent' })).json()
      .items as AttendanceRecord[];
    expect(children.every((r) => r.studentId === kid(0))).toBe(true);
    const b = await w.b.as('school_admin');
    expect((await b({ method: 'GET', url: '/api/v1/attendance/recent' })).json().items).toEqual([]);
  });

  it("a student's history: the last 30 and the rate (present + late) / all, rounded", async () => {
    const parent = await w.a.as('parent');
    const res = await parent({ method: 'GET', url: `/api/v1/attendance/students/${kid(0)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeLessThanOrEqual(30);
    const { present, late, absent, total, rate } = body.rate;
    expect(total).toBe(present + late + absent);
    expect(rate).toBe(Math.round(((present + late) / total) * 100));
    expect(absent).toBeGreaterThan(0);
    const dates = body.items.map((r: AttendanceRecord) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Not their child, not their school.
    const notMine = await parent({ method: 'GET', url: `/api/v1/attendance/students/${kid(1)}` });
    expect(errorOf(notMine).message).toBe('Student not found');
    const b = await w.b.as('school_admin');
    expect((await b({ method: 'GET', url: `/api/v1/attendance/students/${kid(0)}` })).statusCode).toBe(404);
  });

  it('the class sheet lists every enrolled student with the mark of the date', async () => {
    const res = await teacher({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}?date=2026-03-04` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.students).toHaveLength(3);
    expect(body.students.find((s: { studentId: string }) => s.studentId === kid(0)).record.status).toBe('absent');
    const blank = await teacher({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}?date=2025-01-01` });
    expect(blank.json().students.every((s: { record: unknown }) => s.record === null)).toBe(true);
  });

  it('the class × month register has a column per marked day and a rate per student and for the class', async () => {
    const res = await teacher({
      method: 'GET',
      url: `/api/v1/attendance/classes/${w.a.classId}/register?month=2026-03`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(12);
    const first = body.students.find((s: { studentId: string }) => s.studentId === kid(0));
    expect(first.marks['2026-03-04']).toBe('absent');
    expect(first.rate).toMatchObject({ absent: 3, present: 9, total: 12, rate: 75 });
    expect(body.rate).toMatchObject({ total: 36, absent: 3, rate: 92 });
    const bad = await teacher({
      method: 'GET',
      url: `/api/v1/attendance/classes/${w.a.classId}/register?month=2026-13`,
    });
    expect(errorOf(bad).fields?.month).toBe(ATTENDANCE_MESSAGES.monthFormat);
  });

  it('the register and a history, shaped by PostgreSQL, equal a recomputation from the records', async () => {
    const month = today.slice(0, 7);
    for (const m of ['2026-03', month]) {
      const res = await teacher({
        method: 'GET',
        url: `/api/v1/attendance/classes/${w.a.classId}/register?month=${m}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(await registerFromRecords(w.a.classId, m));
    }
    const parent = await w.a.as('parent');
    for (const read of [teacher, admin, parent]) {
      const res = await read({ method: 'GET', url: `/api/v1/attendance/students/${kid(0)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(await historyFromRecords(kid(0)));
    }
    // A student with no records: an empty page and no rate.
    const none = await admin({ method: 'GET', url: `/api/v1/attendance/students/${kid(2)}` });
    expect(none.json()).toEqual(await historyFromRecords(kid(2)));
  });

  it("a student's profile carries their history's rate, the dashboard's, fresh after each submission; none without records", async () => {
    // docs/product.md, "Students": the profile's attendance summary is the rate the history and dashboard show.
    const student = await w.a.as('student');
    const parent = await w.a.as('parent');
    const readers = { admin, teacher, parent, student };
    const profileOf = async (read: Caller, id: string) => {
      const res = await read({ method: 'GET', url: `/api/v1/students/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().attendanceSummary;
    };
    const expectSameAsHistory = async () => {
      const recount = (await historyFromRecords(kid(0))).rate;
      expect(recount.total).toBeGreaterThan(0);
      for (const [role, read] of Object.entries(readers)) {
        const history = (await read({ method: 'GET', url: `/api/v1/attendance/students/${kid(0)}` })).json().rate;
        expect({ role, summary: await profileOf(read, kid(0)) }).toEqual({ role, summary: recount });
        expect({ role, history }).toEqual({ role, history: recount });
      }
      const own = (await student({ method: 'GET', url: '/api/v1/dashboard' })).json();
      expect(own.day.rate).toBe(recount.rate);
      return recount;
    };
    const before = await expectSameAsHistory();
    const marked = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: '2025-06-18', records: all({ [kid(0)]: false }) },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await expectSameAsHistory();
    expect(after).toMatchObject({ absent: before.absent + 1, total: before.total + 1 });

    // A student with no records yet: no summary ("No attendance recorded yet" on the page), like the history's
    // empty rate.
    const adminSession = await w.a.signIn('school_admin');
    const quiet = await createClass(w.t.app, adminSession);
    const { student: unmarked } = await createStudent(w.t.app, adminSession, { classId: quiet.id });
    expect(await profileOf(admin, unmarked.id)).toBeNull();
    expect((await historyFromRecords(unmarked.id)).rate).toMatchObject({ total: 0, rate: null });

    // Another school's administrator still learns nothing of the student.
    const b = await w.b.as('school_admin');
    const other = await b({ method: 'GET', url: `/api/v1/students/${kid(0)}` });
    expect({ status: other.statusCode, message: errorOf(other).message }).toEqual({
      status: 404,
      message: 'Student not found',
    });
  });

  it('rates: the school and each class for staff, their classes for a teacher', async () => {
    const res = await admin({ method: 'GET', url: '/api/v1/attendance/rates?from=2026-03-01&to=2026-03-31' });
    const body = res.json();
    expect(body.school).toMatchObject({ total: 36, absent: 3, rate: 92 });
    expect(body.classes.find((c: { classId: string }) => c.classId === w.a.classId).rate.rate).toBe(92);
    const mine = (await teacher({ method: 'GET', url: '/api/v1/attendance/rates' })).json();
    expect(mine.school).toBeNull();
    expect(mine.classes.map((c: { classId: string }) => c.classId)).toEqual([w.a.classId]);
  });

  it('a teacher of another class, a student or a parent cannot read a class sheet or register', async () => {
    const adminSession = await w.a.signIn('school_admin');
    const other = await createClass(w.t.app, adminSession);
    const res = await teacher({ method: 'GET', url: `/api/v1/attendance/classes/${other.id}/register` });
    expect(errorOf(res).message).toBe('Class not found');
    for (const role of ['student', 'parent'] as const) {
      const r = await (await w.a.as(role))({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}` });
      expect({ role, status: r.statusCode }).toEqual({ role, status: 403 });
    }
    const b = await w.b.as('school_admin');
    expect((await b({ method: 'GET', url: `/api/v1/attendance/classes/${w.a.classId}/register` })).statusCode).toBe(
      404,
    );
  });
});

describe('a student who left the class', () => {
  it("their former class's teacher reads their history there (and only there); a teacher of neither class cannot", async () => {
    const adminSession = await w.a.signIn('school_admin');
    const other = await createClass(w.t.app, adminSession);
    const { student: leaver } = await createStudent(w.t.app, adminSession, {
      classId: w.a.classId,
      name: 'Lee Leaver',
    });
    const marked = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: w.a.classId,
        date: '2026-01-12',
        records: [...all(), { studentId: leaver.id, isPresent: false }],
      },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const moved = await admin({
      method: 'POST',
      url: `/api/v1/students/${leaver.id}/move`,
      payload: { classId: other.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The former class's sheet of that date, submitted again, still answers the leaver's record, named and
    // in name order among the class's students.
    const again = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, date: '2026-01-12', records: all() },
    });
    expect(again.statusCode, again.body).toBe(200);
    const sheet = (again.json().records as AttendanceRecord[]).map((r) => [r.studentName, r.status]);
    expect(sheet).toContainEqual(['Lee Leaver', 'absent']);
    const names = sheet.map(([name]) => name as string);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const later = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: other.id, date: '2026-01-13', records: [{ studentId: leaver.id, isPresent: true }] },
    });
    expect(later.statusCode, later.body).toBe(200);

    const history = await teacher({ method: 'GET', url: `/api/v1/attendance/students/${leaver.id}` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items.map((r: AttendanceRecord) => [r.date, r.classId, r.status])).toEqual([
      ['2026-01-12', w.a.classId, 'absent'],
    ]);
    expect(history.json().rate).toMatchObject({ absent: 1, total: 1 });
    const csv = await teacher({ method: 'GET', url: `/api/v1/attendance/students/${leaver.id}/export` });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('2026-01-12');
    expect(csv.body).not.toContain('2026-01-13');
    // Records marked once a day only: the columns the export always had, no empty period column.
    expect((parse(csv.body, { bom: true }) as string[][])[0]).toEqual([
      'date',
      'student',
      'className',
      'status',
      'note',
      'markedBy',
      'submittedAt',
    ]);
    // The school admin still reads both classes' records.
    expect((await admin({ method: 'GET', url: `/api/v1/attendance/students/${leaver.id}` })).json().items).toHaveLength(
      2,
    );

    // A teacher who teaches neither class: the student is not shown to exist.
    const made = await createTeacher(w.t.app, adminSession, { sendInvitation: false });
    const stranger = as(w.t.app, await login(w.t.app, made.teacher.email, 'teacher', made.temporaryPassword as string));
    for (const url of [`/api/v1/attendance/students/${leaver.id}`, `/api/v1/attendance/students/${leaver.id}/export`]) {
      const res = await stranger({ method: 'GET', url });
      expect({ url, status: res.statusCode, message: errorOf(res).message }).toEqual({
        url,
        status: 404,
        message: 'Student not found',
      });
    }
  });
});

describe('a student who left the class, in its register', () => {
  it("keeps their row without a roll number: never their new class's, which may repeat one of this class", async () => {
    const adminSession = await w.a.signIn('school_admin');
    const cls = await createClass(w.t.app, adminSession);
    const next = await createClass(w.t.app, adminSession);
    const ava = (await createStudent(w.t.app, adminSession, { classId: cls.id, name: 'Ava Stays', rollNumber: 2 }))
      .student;
    const ben = (await createStudent(w.t.app, adminSession, { classId: cls.id, name: 'Ben Leaves', rollNumber: 1 }))
      .student;
    await createStudent(w.t.app, adminSession, { classId: next.id, rollNumber: 1 });
    const marked = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: {
        classId: cls.id,
        date: '2026-04-06',
        records: [
          { studentId: ava.id, isPresent: true },
          { studentId: ben.id, isPresent: false },
        ],
      },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // Ben becomes roll 2 in the next class: the number Ava has here.
    const moved = await admin({
      method: 'POST',
      url: `/api/v1/students/${ben.id}/move`,
      payload: { classId: next.id },
    });
    expect(moved.json()).toMatchObject({ classId: next.id, rollNumber: 2 });

    const register = await admin({ method: 'GET', url: `/api/v1/attendance/classes/${cls.id}/register?month=2026-04` });
    expect(register.statusCode, register.body).toBe(200);
    expect(
      register.json().students.map((r: { name: string; rollNumber: number | null }) => [r.name, r.rollNumber]),
    ).toEqual([
      ['Ava Stays', 2],
      ['Ben Leaves', null],
    ]);
    const csv = await admin({
      method: 'GET',
      url: `/api/v1/attendance/classes/${cls.id}/register/export?month=2026-04`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['rollNumber,name,2026-04-06,rate (%)', '2,Ava Stays,present,100', ',Ben Leaves,absent,0']);
    // The next class's register gives Ben his roll number there.
    const there = await admin({ method: 'GET', url: `/api/v1/attendance/classes/${next.id}/register?month=2026-04` });
    expect(there.json().students.find((r: { studentId: string }) => r.studentId === ben.id)).toMatchObject({
      rollNumber: 2,
    });
    // A withdrawn student keeps this class, and so their roll number in it.
    const out = await admin({ method: 'DELETE', url: `/api/v1/classes/${cls.id}/students/${ava.id}` });
    expect(out.statusCode, out.body).toBe(200);
    const after = await admin({ method: 'GET', url: `/api/v1/attendance/classes/${cls.id}/register?month=2026-04` });
    expect(after.json().students.map((r: { rollNumber: number | null }) => r.rollNumber)).toEqual([2, null]);
  });
});

describe('a student who joined the class from another', () => {
  it("their new class's teacher sees on the profile the rate of their own classes, as in the history; staff the whole", async () => {
    const adminSession = await w.a.signIn('school_admin');
    const before = await createClass(w.t.app, adminSession);
    const { student: joiner } = await createStudent(w.t.app, adminSession, { classId: before.id, name: 'Jo Joiner' });
    const there = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: before.id, date: '2026-01-05', records: [{ studentId: joiner.id, isPresent: false }] },
    });
    expect(there.statusCode, there.body).toBe(200);
    const moved = await admin({
      method: 'POST',
      url: `/api/v1/students/${joiner.id}/move`,
      payload: { classId: w.a.classId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      const summaryOf = async (read: Caller) => {
        const res = await read({ method: 'GET', url: `/api/v1/students/${joiner.id}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().attendanceSummary;
      };
      const rateOf = async (read: Caller) =>
        (await read({ method: 'GET', url: `/api/v1/attendance/students/${joiner.id}` })).json().rate;
      // Nothing marked in the teacher's classes yet: no summary for them, the other class's absence for staff.
      expect(await summaryOf(teacher)).toBeNull();
      expect(await rateOf(teacher)).toMatchObject({ total: 0, rate: null });
      expect(await summaryOf(admin)).toEqual({ present: 0, late: 0, absent: 1, total: 1, rate: 0 });

      const here = await teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: {
          classId: w.a.classId,
          date: '2026-01-06',
          records: [...all(), { studentId: joiner.id, isPresent: true }],
        },
      });
      expect(here.statusCode, here.body).toBe(200);
      expect(await summaryOf(teacher)).toEqual({ present: 1, late: 0, absent: 0, total: 1, rate: 100 });
      expect(await summaryOf(teacher)).toEqual(await rateOf(teacher));
      expect(await summaryOf(admin)).toEqual({ present: 1, late: 0, absent: 1, total: 2, rate: 50 });
      expect(await summaryOf(admin)).toEqual(await rateOf(admin));
    } finally {
      // Back out of the class, so the other tests' sheets (every student of the class) stay whole.
      await admin({ method: 'POST', url: `/api/v1/students/${joiner.id}/move`, payload: { classId: before.id } });
    }
  });
});

describe('the counts per class and day and per student', () => {
  /** Both count tables (rows of zero left out) and the same counts recomputed from the records, as owner. */
  async function countsAndRecount() {
    const q = async (text: string) => (await db().execute(sql.raw(text))).rows;
    const days = `select school_id, class_id, to_char(date, 'YYYY-MM-DD') as date, present, late, absent`;
    const totals = `select school_id, student_id, class_id, present, late, absent`;
    const counted = `count(*) filter (where status = 'present')::int as present,
      count(*) filter (where status = 'late')::int as late, count(*) filter (where status = 'absent')::int as absent`;
    const nonZero = 'where present + late + absent > 0';
    return {
      kept: {
        days: await q(`${days} from attendance_class_days ${nonZero} order by 1, 2, 3`),
        totals: await q(`${totals} from attendance_student_totals ${nonZero} order by 1, 2, 3`),
      },
      recount: {
        days: await q(`select school_id, class_id, to_char(date, 'YYYY-MM-DD') as date, ${counted}
          from attendance group by school_id, class_id, date order by 1, 2, 3`),
        totals: await q(`select school_id, student_id, class_id, ${counted}
          from attendance group by school_id, student_id, class_id order by 1, 2, 3`),
      },
    };
  }
  async function expectExact() {
    const { kept, recount } = await countsAndRecount();
    expect(recount.days.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
  }

  it('stay equal to a recount of the records under submission, resubmission, deletion and promotion', async () => {
    await expectExact();
    const submit = (date: string, marks: Record<string, boolean | 'late'>) =>
      teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date, records: all(marks) },
      });
    expect((await submit('2026-05-04', { [kid(0)]: false, [kid(1)]: 'late' })).statusCode).toBe(200);
    await expectExact();
    // A resubmission that changes some marks and keeps others.
    expect((await submit('2026-05-04', { [kid(0)]: 'late', [kid(2)]: false })).statusCode).toBe(200);
    await expectExact();
    await db().execute(sql`delete from attendance where student_id = ${kid(2)} and date = '2026-05-04'`);
    await expectExact();
    await db().execute(sql`delete from attendance where class_id = ${w.a.classId} and date = '2026-05-04'`);
    await expectExact();
    const [gone] = (
      await db().execute(
        sql`select count(*)::int as n from attendance_class_days where class_id = ${w.a.classId} and date = '2026-05-04' and present + late + absent > 0`,
      )
    ).rows as { n: number }[];
    expect(Number(gone?.n)).toBe(0);

    // Year-end promotion moves students, not their records: their earlier class keeps its counts.
    const session = await w.a.signIn('school_admin');
    const fromYearId = (await createAcademicYear(w.t.app, session, 2010)).id;
    const toYearId = (await createAcademicYear(w.t.app, session, 2011)).id;
    const from = (await createClass(w.t.app, session, { name: 'Grade 7', academicYear: '2010-2011' })).id;
    const to = (await createClass(w.t.app, session, { name: 'Grade 8', academicYear: '2011-2012' })).id;
    const pupil = (await createStudent(w.t.app, session, { classId: from })).student.id;
    const marked = await admin({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: from, date: '2011-03-01', records: [{ studentId: pupil, isPresent: false }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const promoted = await admin({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: { fromYearId, toYearId, classes: [{ classId: from, action: 'promote', toClassId: to }], students: [] },
    });
    expect(promoted.statusCode, promoted.body).toBe(201);
    await expectExact();
    const history = (await admin({ method: 'GET', url: `/api/v1/attendance/students/${pupil}` })).json();
    expect(history.rate).toEqual({ present: 0, late: 0, absent: 1, total: 1, rate: 0 });
    const undo = await admin({ method: 'POST', url: `/api/v1/promotions/${promoted.json().id}/undo` });
    expect(undo.statusCode, undo.body).toBeLessThan(300);
    await expectExact();
  });

  it('are rebuilt from the records by the backfill, exactly as the triggers keep them', async () => {
    const before = (await countsAndRecount()).kept;
    await db().execute(sql`select lyceum_attendance_counts_rebuild()`);
    expect((await countsAndRecount()).kept).toEqual(before);
  });

  it("are each school's own under row-level security", async () => {
    const rows = async (schoolId: string) =>
      withTenant(db(), { schoolId, userId: w.a.users.school_admin.id, scope: 'school' }, async (tx) => {
        const r = await tx.execute(sql`
          select (select count(*)::int from attendance_class_days) as days,
            (select count(*)::int from attendance_class_days where school_id <> ${schoolId}) as foreign_days,
            (select count(*)::int from attendance_student_totals where school_id <> ${schoolId}) as foreign_totals`);
        return r.rows[0] as { days: number; foreign_days: number; foreign_totals: number };
      });
    const a = await rows(w.a.id);
    expect(Number(a.days)).toBeGreaterThan(0);
    expect({ days: Number(a.foreign_days), totals: Number(a.foreign_totals) }).toEqual({ days: 0, totals: 0 });
    const b = await rows(w.b.id);
    expect({ days: Number(b.days), foreign: Number(b.foreign_days) + Number(b.foreign_totals) }).toEqual({
      days: 0,
      foreign: 0,
    });
    // Nor can a school write counts for another.
    await withTenant(db(), { schoolId: w.b.id, userId: w.b.users.school_admin.id, scope: 'school' }, (tx) =>
      tx.execute(sql`update attendance_class_days set present = present + 1 where school_id = ${w.a.id}`),
    );
    await expectExact();
  });
});

describe('a period attendance was taken in', () => {
  it('a period attendance was taken in cannot become a break, so its marks stay correctable; nothing changes', async () => {
    const period = await createPeriod('Marked then break', '16:00', '16:45');
    const submit = submitPeriodOf('2026-03-02');
    await submit(period, all({ [kid(1)]: false }));
    const made = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${period}`,
      payload: { isBreak: true },
    });
    expect(made.statusCode, made.body).toBe(422);
    expect(errorOf(made)).toMatchObject({
      code: 'rule',
      message: 'Attendance was taken in this period, so it cannot become a break',
    });
    const listed = await admin({ method: 'GET', url: '/api/v1/timetable/periods' });
    expect(listed.json().items.find((p: { id: string }) => p.id === period)).toMatchObject({ isBreak: false });
    // Refused in the school admin's language too.
    const inSpanish = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${period}`,
      headers: { 'accept-language': 'es' },
      payload: { isBreak: true },
    });
    expect(errorOf(inSpanish).message).toBe(
      'Se tomó asistencia en este periodo, por lo que no puede convertirse en un descanso',
    );
    // The mark is still corrected in place; other changes of the period are still made.
    await submit(period, all());
    const renamed = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${period}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A period nobody marked becomes a break.
    const unmarked = await createPeriod('Never marked', '17:00', '17:15');
    const free = await admin({
      method: 'PATCH',
      url: `/api/v1/timetable/periods/${unmarked}`,
      payload: { isBreak: true },
    });
    expect(free.json()).toMatchObject({ isBreak: true });
  });

  it('a period made a break while its sheet is submitted: either the break or the marks, never both', async () => {
    const period = await createPeriod('Raced', '18:00', '18:45');
    // On PostgreSQL they arrive together on two connections; the one that comes second sees the first.
    const [marked, made] = await Promise.all([
      teacher({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId: w.a.classId, date: '2026-03-03', periodId: period, records: all() },
      }),
      admin({ method: 'PATCH', url: `/api/v1/timetable/periods/${period}`, payload: { isBreak: true } }),
    ]);
    const rows = (await db().execute(sql`select count(*)::int as n from attendance where period_id = ${period}`))
      .rows as { n: number }[];
    if (made.statusCode === 200) {
      expect(marked.statusCode).toBe(422);
      expect(Number(rows[0]?.n)).toBe(0);
    } else {
      expect(errorOf(made).message).toBe('Attendance was taken in this period, so it cannot become a break');
      expect(marked.statusCode, marked.body).toBe(200);
      expect(Number(rows[0]?.n)).toBe(kids.length);
    }
  });
});

describe("an absence alert's day in a long history", () => {
  it('the day an alert is about is answered however many records came since; only to those who read the student', async () => {
    // docs/product.md, "Attendance": `date` adds the day's records to the 30 newest, in their place.
    const adminSession = await w.a.signIn('school_admin');
    const before = await createClass(w.t.app, adminSession);
    const after = await createClass(w.t.app, adminSession);
    const { student: pupil } = await createStudent(w.t.app, adminSession, { classId: before.id, name: 'Ada Alerted' });
    const made = await createParent(w.t.app, adminSession, { sendInvitation: false });
    const linked = await admin({
      method: 'PUT',
      url: `/api/v1/students/${pupil.id}/parents/${made.parent.id}`,
      payload: { relationship: 'Father' },
    });
    expect(linked.statusCode, linked.body).toBeLessThan(300);
    const parentOfPupil = as(
      w.t.app,
      await login(w.t.app, made.parent.email, 'parent', made.temporaryPassword as string),
    );
    const mark = async (classId: string, date: string, isPresent: boolean, periodId?: string) => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/attendance',
        payload: { classId, date, ...(periodId ? { periodId } : {}), records: [{ studentId: pupil.id, isPresent }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The alert's day: absent in one period, present in the next, in the class the student has since left.
    const alertDay = '2025-05-05';
    await mark(before.id, alertDay, false, await createPeriod('Alert P1', '20:00', '20:30'));
    await mark(before.id, alertDay, true, await createPeriod('Alert P2', '20:40', '21:10'));
    const moved = await admin({
      method: 'POST',
      url: `/api/v1/students/${pupil.id}/move`,
      payload: { classId: after.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // 31 later days in the new class: the alert's day is no longer among the 30 newest.
    for (let d = 1; d <= 31; d++) await mark(after.id, addDays(alertDay, d), true);

    const url = (query = '') => `/api/v1/attendance/students/${pupil.id}${query}`;
    const rows = await recordRows(sql`a.student_id = ${pupil.id}`);
    const unchanged = await historyFromRecords(pupil.id);
    expect(unchanged.items.map((r) => r.date)).not.toContain(alertDay);
    // The 30 newest, and the day's two records after them, newest first: its place in the order.
    const withDay = { ...unchanged, items: rows.filter((r, i) => i < 30 || r.date === alertDay) };
    expect(withDay.items.filter((r) => r.date === alertDay).map((r) => r.status)).toEqual(['present', 'absent']);
    for (const read of [admin, parentOfPupil]) {
      const res = await read({ method: 'GET', url: url(`?date=${alertDay}`) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(withDay);
      // Without the date the answer is as it was; a day without records adds nothing.
      expect((await read({ method: 'GET', url: url() })).json()).toEqual(unchanged);
      expect((await read({ method: 'GET', url: url('?date=2025-05-04') })).json()).toEqual(unchanged);
    }
    // A day already among the newest is not repeated.
    const recent = addDays(alertDay, 31);
    expect((await admin({ method: 'GET', url: url(`?date=${recent}`) })).json()).toEqual(unchanged);

    // A teacher reads only the records of the classes they teach: not the day in the class they do not.
    const { teacher: madeTeacher, temporaryPassword } = await createTeacher(w.t.app, adminSession, {
      sendInvitation: false,
    });
    const assigned = await admin({
      method: 'POST',
      url: `/api/v1/classes/${after.id}/teachers`,
      payload: { teacherId: madeTeacher.id },
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const teacherOfAfter = as(w.t.app, await login(w.t.app, madeTeacher.email, 'teacher', temporaryPassword as string));
    const taught = await teacherOfAfter({ method: 'GET', url: url(`?date=${alertDay}`) });
    expect(taught.statusCode, taught.body).toBe(200);
    expect(taught.json().items.map((r: AttendanceRecord) => r.classId)).toEqual(Array(30).fill(after.id));

    // The parent of another child, a student reading another, another school: the student is not shown to exist.
    const others = {
      parent: await w.a.as('parent'),
      student: await w.a.as('student'),
      b: await w.b.as('school_admin'),
    };
    for (const [who, read] of Object.entries(others)) {
      const res = await read({ method: 'GET', url: url(`?date=${alertDay}`) });
      expect({ who, status: res.statusCode, message: errorOf(res).message }).toEqual({
        who,
        status: 404,
        message: 'Student not found',
      });
    }

    // A bad date is the date format's message on the field, for every reader.
    for (const bad of ['2025-02-30', 'yesterday', '2025-5-5']) {
      const res = await parentOfPupil({ method: 'GET', url: url(`?date=${bad}`) });
      expect({ bad, status: res.statusCode, field: errorOf(res).fields?.date }).toEqual({
        bad,
        status: 400,
        field: ATTENDANCE_MESSAGES.dateFormat,
      });
    }
    // The CSV keeps the 30 newest.
    const csv = await admin({ method: 'GET', url: url(`/export?date=${alertDay}`) });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).not.toContain(alertDay);
  });
});
