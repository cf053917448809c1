import { ATTENDANCE_MESSAGES } from '@lyceum/shared/attendance';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import {
  type AcademicYear,
  MAX_PROMOTION_STUDENTS,
  type Promotion,
  type PromotionPreview,
  YEAR_MESSAGES,
} from '@lyceum/shared/years';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { createClass, createStudent } from './factories/people.ts';
import { type Caller, type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, sessionCookie } from './helpers.ts';

/** Academic years (terms, holidays, the current one) and the year-end promotion with its 7-day undo. */
let w: SchoolWorld;
let admin: Caller;
let now = new Date('2026-11-24T09:00:00Z');
const DAY = 86_400_000;

const year = (over: Record<string, unknown> = {}) => ({
  name: '2040-2041',
  startDate: '2040-09-01',
  endDate: '2041-08-31',
  terms: [
    { name: 'Autumn', startDate: '2040-09-01', endDate: '2040-12-20' },
    { name: 'Spring', startDate: '2041-01-05', endDate: '2041-04-01' },
  ],
  holidays: [{ name: 'Winter break', startDate: '2040-12-21', endDate: '2041-01-04' }],
  ...over,
});

function expectInvalid(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(Object.values(errorOf(res).fields ?? {})).toContain(message);
}
function expectRule(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res).message).toBe(message);
}

beforeAll(async () => {
  w = await schoolWorld({ clock: () => now });
  admin = await w.a.as('school_admin');
});
afterAll(() => w.t.close());

describe('academic years', () => {
  let created: AcademicYear;

  it('a new school starts with its current year, 1 September to 31 August, in three terms', async () => {
    const res = await admin({ method: 'GET', url: '/api/v1/academic-years' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as AcademicYear[];
    expect(items).toHaveLength(1);
    const [first] = items as [AcademicYear];
    expect(first.isCurrent).toBe(true);
    const y = Number(first.startDate.slice(0, 4));
    expect(first).toMatchObject({ name: `${y}-${y + 1}`, startDate: `${y}-09-01`, endDate: `${y + 1}-08-31` });
    expect(first.terms.map((t) => t.name)).toEqual(['Term 1', 'Term 2', 'Term 3']);
    const principal = await w.a.as('principal');
    expect((await principal({ method: 'GET', url: '/api/v1/academic-years' })).statusCode).toBe(200);
  });

  it("names a signed-up school's first terms in the school's language", async () => {
    const plans = (await w.t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const basic = plans.find((p: { name: string }) => p.name === 'Basic').id;
    const names: Record<string, string[]> = {};
    for (const language of ['es', 'ar', 'en'] as const) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/school-admin',
        payload: {
          schoolName: `Escuela ${language}`,
          name: 'Marta Ruiz',
          email: `marta-${language}@terms.test`,
          password: 'horizonte-2026-secreto',
          planId: basic,
          language,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const signedUp = as(w.t.app, { cookie: sessionCookie(res), body: res.json() });
      const years = await signedUp({ method: 'GET', url: '/api/v1/academic-years' });
      expect(years.statusCode, years.body).toBe(200);
      names[language] = (years.json().items as AcademicYear[]).flatMap((y) => y.terms.map((t) => t.name));
    }
    expect(names).toEqual({
      es: ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'],
      ar: ['الفصل الدراسي 1', 'الفصل الدراسي 2', 'الفصل الدراسي 3'],
      en: ['Term 1', 'Term 2', 'Term 3'],
    });
  });

  it('are created, changed, made current and deleted by the school admin', async () => {
    const res = await admin({ method: 'POST', url: '/api/v1/academic-years', payload: year({ name: '2040–2041' }) });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created).toMatchObject({ name: '2040-2041', isCurrent: false });
    expect(created.terms.map((t) => t.name)).toEqual(['Autumn', 'Spring']);
    expect(created.holidays.map((h) => h.name)).toEqual(['Winter break']);

    const put = await admin({
      method: 'PUT',
      url: `/api/v1/academic-years/${created.id}`,
      payload: year({ holidays: [], terms: [{ name: 'Whole year', startDate: '2040-09-01', endDate: '2041-08-31' }] }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ holidays: [], terms: [{ name: 'Whole year' }] });

    const list = async () =>
      (await admin({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[];
    const original = (await list()).find((y) => y.isCurrent) as AcademicYear;
    const made = await admin({ method: 'POST', url: `/api/v1/academic-years/${created.id}/current` });
    expect(made.statusCode, made.body).toBe(200);
    expect((await list()).filter((y) => y.isCurrent).map((y) => y.id)).toEqual([created.id]);
    expectRule(
      await admin({ method: 'DELETE', url: `/api/v1/academic-years/${created.id}` }),
      422,
      YEAR_MESSAGES.currentCannotBeDeleted,
    );
    await admin({ method: 'POST', url: `/api/v1/academic-years/${original.id}/current` });
    expect((await list()).filter((y) => y.isCurrent).map((y) => y.id)).toEqual([original.id]);

    const spare = await admin({
      method: 'POST',
      url: '/api/v1/academic-years',
      payload: year({ name: '2050-2051', startDate: '2050-09-01', endDate: '2051-08-31', terms: [], holidays: [] }),
    });
    expect(spare.statusCode, spare.body).toBe(201);
    const del = await admin({ method: 'DELETE', url: `/api/v1/academic-years/${spare.json().id}` });
    expect(del.statusCode, del.body).toBe(204);
    expect((await list()).map((y) => y.name)).not.toContain('2050-2051');
  });

  it('a year classes or students are filed under (active or not) cannot be deleted, and stays', async () => {
    const session = await w.a.signIn('school_admin');
    const made = await admin({
      method: 'POST',
      url: '/api/v1/academic-years',
      payload: year({ name: '2060-2061', startDate: '2060-09-01', endDate: '2061-08-31', terms: [], holidays: [] }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const del = () => admin({ method: 'DELETE', url: `/api/v1/academic-years/${made.json().id}` });
    const names = async () =>
      ((await admin({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[]).map(
        (y) => y.name,
      );

    // A class and no student.
    const filed = await createClass(w.t.app, session, { name: 'Grade 9', section: 'Z', academicYear: '2060-2061' });
    expectRule(await del(), 422, YEAR_MESSAGES.yearInUse);
    expect(await names()).toContain('2060-2061');

    // No class any more, but a student (withdrawn) still carries the year.
    const { student } = await createStudent(w.t.app, session, { classId: filed.id, academicYear: '2060-2061' });
    const moved = await admin({
      method: 'PATCH',
      url: `/api/v1/classes/${filed.id}`,
      payload: { academicYear: '2062-2063' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const withdrawn = await admin({ method: 'POST', url: `/api/v1/students/${student.id}/deactivate` });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expectRule(await del(), 422, YEAR_MESSAGES.yearInUse);
    expect(await names()).toContain('2060-2061');

    // Once nothing holds its name, it goes.
    const refiled = await admin({
      method: 'PATCH',
      url: `/api/v1/students/${student.id}`,
      payload: { academicYear: '2062-2063' },
    });
    expect(refiled.statusCode, refiled.body).toBe(200);
    expect((await del()).statusCode).toBe(204);
    expect(await names()).not.toContain('2060-2061');
  });

  it('refuse bad input, each with its message', async () => {
    const post = (payload: Record<string, unknown>) =>
      admin({ method: 'POST', url: '/api/v1/academic-years', payload });
    expectInvalid(await post(year({ name: '2040' })), 'Academic year must look like 2026-2027');
    expectInvalid(await post(year({ name: undefined })), 'Academic year must look like 2026-2027');
    expectInvalid(await post(year({ name: null })), 'Academic year must look like 2026-2027');
    expectInvalid(await post(year({ startDate: '2040-13-01' })), ATTENDANCE_MESSAGES.dateFormat);
    expectInvalid(await post(year({ endDate: '2040-08-01', terms: [], holidays: [] })), YEAR_MESSAGES.endAfterStart);
    const term = (name: string, startDate: string, endDate: string) => ({ name, startDate, endDate });
    expectInvalid(await post(year({ terms: [term('', '2040-09-01', '2040-10-01')] })), YEAR_MESSAGES.termName);
    expectInvalid(
      await post(year({ terms: [term('x'.repeat(61), '2040-09-01', '2040-10-01')] })),
      YEAR_MESSAGES.nameTooLong,
    );
    expectInvalid(await post(year({ terms: [term('T', '2040-08-01', '2040-10-01')] })), YEAR_MESSAGES.termOutside);
    expectInvalid(
      await post(year({ terms: [term('A', '2040-09-01', '2040-12-01'), term('B', '2040-11-01', '2041-01-01')] })),
      YEAR_MESSAGES.termsOverlap,
    );
    expectInvalid(await post(year({ terms: [term('T', '2040-10-01', '2040-09-01')] })), YEAR_MESSAGES.endAfterStart);
    expectInvalid(await post(year({ holidays: [term('', '2040-12-21', '2041-01-04')] })), YEAR_MESSAGES.holidayName);
    expectInvalid(
      await post(year({ holidays: [term('H', '2041-08-01', '2041-09-04')] })),
      YEAR_MESSAGES.holidayOutside,
    );
    expectInvalid(
      await post(year({ terms: Array.from({ length: 21 }, () => term('T', '2040-09-01', '2040-09-02')) })),
      YEAR_MESSAGES.tooMany,
    );
    expectRule(
      await post(year({ startDate: '2045-09-01', endDate: '2046-08-31', terms: [], holidays: [] })),
      409,
      YEAR_MESSAGES.yearExists,
    );
    // The same year made again (its name, so its dates too) is told the name exists, not that it overlaps.
    const again = await post(year({ terms: [], holidays: [] }));
    expectRule(again, 409, YEAR_MESSAGES.yearExists);
    expect(errorOf(again).fields).toEqual({ name: YEAR_MESSAGES.yearExists });
    // Renamed to another year's name: the same message, before its classes' names are compared.
    const other = await post(
      year({ name: '2038-2039', startDate: '2038-09-01', endDate: '2039-08-31', terms: [], holidays: [] }),
    );
    expect(other.statusCode, other.body).toBe(201);
    const renamed = await admin({
      method: 'PUT',
      url: `/api/v1/academic-years/${other.json().id}`,
      payload: year({ name: '2040-2041', startDate: '2038-09-01', endDate: '2039-08-31', terms: [], holidays: [] }),
    });
    expectRule(renamed, 409, YEAR_MESSAGES.yearExists);
    expect((await admin({ method: 'DELETE', url: `/api/v1/academic-years/${other.json().id}` })).statusCode).toBe(204);
    expectRule(
      await post(year({ name: '2039-2040', startDate: '2039-09-01', endDate: '2040-09-01', terms: [], holidays: [] })),
      409,
      YEAR_MESSAGES.yearOverlaps('2040-2041'),
    );
    const unknown = newId();
    expectRule(
      await admin({ method: 'PUT', url: `/api/v1/academic-years/${unknown}`, payload: year({ name: '2060-2061' }) }),
      404,
      YEAR_MESSAGES.yearNotFound,
    );
    expectRule(
      await admin({ method: 'POST', url: `/api/v1/academic-years/${unknown}/current` }),
      404,
      YEAR_MESSAGES.yearNotFound,
    );
  });

  it('a term or holiday outside the year is refused on the date that is out, and nothing changes', async () => {
    const fieldsOf = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(400);
      return errorOf(res).fields;
    };
    const dated = (name: string, startDate: string, endDate: string) => ({ name, startDate, endDate });
    const put = (over: Record<string, unknown>) =>
      admin({ method: 'PUT', url: `/api/v1/academic-years/${created.id}`, payload: year({ holidays: [], ...over }) });
    // Only the end is past the year's last day (31 August 2041): the end is marked, the right start is not.
    expect(fieldsOf(await put({ terms: [dated('T', '2040-09-01', '2041-09-20')] }))).toEqual({
      'terms.0.endDate': YEAR_MESSAGES.termOutside,
    });
    expect(fieldsOf(await put({ terms: [], holidays: [dated('H', '2041-08-20', '2041-09-05')] }))).toEqual({
      'holidays.0.endDate': YEAR_MESSAGES.holidayOutside,
    });
    // Only the start is before the year's first day.
    expect(fieldsOf(await put({ terms: [dated('T', '2040-08-01', '2040-10-01')] }))).toEqual({
      'terms.0.startDate': YEAR_MESSAGES.termOutside,
    });
    expect(fieldsOf(await put({ terms: [], holidays: [dated('H', '2040-08-25', '2040-09-02')] }))).toEqual({
      'holidays.0.startDate': YEAR_MESSAGES.holidayOutside,
    });
    // Both out: both marked.
    expect(fieldsOf(await put({ terms: [dated('T', '2040-08-01', '2041-09-20')] }))).toEqual({
      'terms.0.startDate': YEAR_MESSAGES.termOutside,
      'terms.0.endDate': YEAR_MESSAGES.termOutside,
    });
    const stored = (
      (await admin({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[]
    ).find((y) => y.id === created.id);
    expect(stored?.terms.map((t) => t.name)).toEqual(['Whole year']);
  });

  it('only the school admin writes; the principal reads; nobody reaches another school', async () => {
    const principal = await w.a.as('principal');
    expect((await principal({ method: 'POST', url: '/api/v1/academic-years', payload: year() })).statusCode).toBe(403);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const caller = await w.a.as(role);
      expect((await caller({ method: 'GET', url: '/api/v1/academic-years' })).statusCode).toBe(403);
      expect((await caller({ method: 'GET', url: '/api/v1/promotions' })).statusCode).toBe(403);
    }
    const other = await w.b.as('school_admin');
    expectRule(
      await other({ method: 'PUT', url: `/api/v1/academic-years/${created.id}`, payload: year({ name: '2070-2071' }) }),
      404,
      YEAR_MESSAGES.yearNotFound,
    );
    expectRule(
      await other({ method: 'DELETE', url: `/api/v1/academic-years/${created.id}` }),
      404,
      YEAR_MESSAGES.yearNotFound,
    );
    const theirs = (await other({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[];
    expect(theirs.map((y) => y.id)).not.toContain(created.id);
  });

  it('a rename that would give one year two classes shown alike is refused, naming the class, and changes nothing', async () => {
    const session = await w.a.signIn('school_admin');
    const dates = { startDate: '2046-09-01', endDate: '2047-08-31', terms: [], holidays: [] };
    const made = await admin({
      method: 'POST',
      url: '/api/v1/academic-years',
      payload: year({ name: '2046-2047', ...dates }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const mine = await createClass(w.t.app, session, { name: 'Grade 2', section: 'B', academicYear: '2046-2047' });
    // Already labelled with the new name (no year had it), and shown as `Grade 2 B` too.
    const waiting = await createClass(w.t.app, session, { name: 'grade 2 b', section: '', academicYear: '2056-2057' });
    const yearOf = async (classId: string) =>
      (await admin({ method: 'GET', url: `/api/v1/classes/${classId}` })).json().academicYear;
    const nameOfYear = async () =>
      ((await admin({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[]).find(
        (y) => y.id === id,
      )?.name;

    const rename = () =>
      admin({ method: 'PUT', url: `/api/v1/academic-years/${id}`, payload: year({ name: '2056-2057', ...dates }) });
    const refused = await rename();
    const message = YEAR_MESSAGES.renameMakesTwins('2056-2057', 'Grade 2 B');
    expectRule(refused, 409, message);
    expect(errorOf(refused).fields).toEqual({ name: message });
    expect([await nameOfYear(), await yearOf(mine.id), await yearOf(waiting.id)]).toEqual([
      '2046-2047',
      '2046-2047',
      '2056-2057',
    ]);

    // Once the waiting class is told apart, the year and its class take the name.
    const relabelled = await admin({
      method: 'PATCH',
      url: `/api/v1/classes/${waiting.id}`,
      payload: { section: 'C' },
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect((await rename()).statusCode).toBe(200);
    expect([await nameOfYear(), await yearOf(mine.id)]).toEqual(['2056-2057', '2056-2057']);
  });
});

describe('year-end promotion', () => {
  let fromYearId: string;
  let toYearId: string;
  const cls: Record<'g1' | 'g2' | 'g3' | 'next', string> = { g1: '', g2: '', g3: '', next: '' };
  const kids: string[] = [];
  let before: string;

  /** Every student of school A with class, roll, year and active flag: equal snapshots mean nothing moved. */
  async function snapshot(): Promise<string> {
    const r = await w.t.app.deps.db.execute(
      sql`select s.id, s.class_id, s.roll_number, s.academic_year, u.is_active from students s
        join users u on u.school_id = s.school_id and u.id = s.id where s.school_id = ${w.a.id} order by s.id`,
    );
    return JSON.stringify(r.rows);
  }
  /** Active students per class, graduated (inactive) per class, and all students. */
  async function counts(): Promise<Record<string, number>> {
    const r = await w.t.app.deps.db.execute(
      sql`select s.class_id, u.is_active, count(*)::int as n from students s
        join users u on u.school_id = s.school_id and u.id = s.id where s.school_id = ${w.a.id}
        group by s.class_id, u.is_active`,
    );
    const out: Record<string, number> = {};
    for (const row of r.rows as { class_id: string; is_active: boolean; n: number }[]) {
      out[`${row.class_id}:${row.is_active ? 'active' : 'inactive'}`] = Number(row.n);
    }
    return out;
  }
  const plan = (over: Record<string, unknown> = {}) => ({
    fromYearId,
    toYearId,
    classes: [
      // Into a class whose own students are leaving too: rolls must not collide on the way.
      { classId: cls.g1, action: 'promote', toClassId: cls.g2 },
      { classId: cls.g2, action: 'promote', toClassId: cls.next },
      { classId: cls.g3, action: 'graduate' },
    ],
    students: [{ studentId: kids[0], classId: cls.g1, action: 'repeat' }],
    ...over,
  });

  beforeAll(async () => {
    const session = await w.a.signIn('school_admin');
    const mk = async (payload: Record<string, unknown>) => {
      const res = await admin({ method: 'POST', url: '/api/v1/academic-years', payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    fromYearId = await mk(
      year({ name: '2030-2031', startDate: '2030-09-01', endDate: '2031-08-31', terms: [], holidays: [] }),
    );
    toYearId = await mk(
      year({ name: '2031-2032', startDate: '2031-09-01', endDate: '2032-08-31', terms: [], holidays: [] }),
    );
    cls.g1 = (await createClass(w.t.app, session, { name: 'Grade 1', academicYear: '2030-2031' })).id;
    cls.g2 = (await createClass(w.t.app, session, { name: 'Grade 2', academicYear: '2030-2031' })).id;
    cls.g3 = (await createClass(w.t.app, session, { name: 'Grade 3', academicYear: '2030-2031' })).id;
    cls.next = (await createClass(w.t.app, session, { name: 'Grade 4', academicYear: '2031-2032' })).id;
    for (const [classId, n] of [
      [cls.g1, 3],
      [cls.g2, 2],
      [cls.g3, 2],
    ] as const) {
      for (let i = 0; i < n; i++) kids.push((await createStudent(w.t.app, session, { classId })).student.id);
    }
    before = await snapshot();
  });

  it('previews the counts per class and writes nothing', async () => {
    const res = await admin({ method: 'POST', url: '/api/v1/promotions/preview', payload: plan() });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as PromotionPreview;
    expect(preview.totals).toEqual({ promoted: 4, repeating: 1, graduated: 2, left: 0 });
    const byId = Object.fromEntries(preview.classes.map((c) => [c.classId, [c.before, c.after]]));
    expect(byId).toEqual({ [cls.g1]: [3, 1], [cls.g2]: [2, 2], [cls.g3]: [2, 0], [cls.next]: [0, 2] });
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad plans, each with its message', async () => {
    const preview = (payload: Record<string, unknown>) =>
      admin({ method: 'POST', url: '/api/v1/promotions/preview', payload });
    expectInvalid(await preview(plan({ toYearId: fromYearId })), YEAR_MESSAGES.sameYear);
    expectInvalid(
      await preview(plan({ classes: plan().classes.slice(0, 2) })),
      YEAR_MESSAGES.classMissing('Grade 3 A (2030-2031)'),
    );
    const first = (c: Record<string, unknown>) => plan({ classes: [c, ...plan().classes.slice(1)] });
    expectInvalid(await preview(first({ classId: cls.g1, action: 'promote' })), YEAR_MESSAGES.targetRequired);
    expectInvalid(
      await preview(first({ classId: cls.g1, action: 'promote', toClassId: cls.g1 })),
      YEAR_MESSAGES.targetIsSource,
    );
    expectInvalid(
      await preview(first({ classId: cls.g1, action: 'promote', toClassId: newId() })),
      PEOPLE_MESSAGES.classNotFound,
    );
    expectInvalid(await preview(first({ classId: cls.g1, action: 'skip' })), YEAR_MESSAGES.actionInvalid);
    expectInvalid(await preview(first({ classId: cls.next, action: 'graduate' })), YEAR_MESSAGES.classNotInYear);
    expectInvalid(
      await preview(plan({ classes: [...plan().classes, { classId: cls.g3, action: 'graduate' }] })),
      YEAR_MESSAGES.classTwice,
    );
    expectInvalid(
      await preview(
        plan({
          students: [
            { studentId: kids[0], classId: cls.g1, action: 'repeat' },
            { studentId: kids[0], classId: cls.g1, action: 'graduate' },
          ],
        }),
      ),
      YEAR_MESSAGES.studentTwice,
    );
    expectInvalid(
      await preview(plan({ students: [{ studentId: w.a.users.student.id, classId: w.a.classId, action: 'repeat' }] })),
      YEAR_MESSAGES.studentNotInYear,
    );
    // Per-student exceptions: the class they name is the student's own, the action one of four, the target real.
    const own = (o: Record<string, unknown>) => plan({ students: [{ studentId: kids[0], classId: cls.g1, ...o }] });
    expectInvalid(await preview(own({ classId: cls.g2, action: 'repeat' })), YEAR_MESSAGES.studentNotInClass);
    expectInvalid(await preview(own({ action: 'skip' })), YEAR_MESSAGES.studentActionInvalid);
    expectInvalid(await preview(own({ action: 'promote' })), YEAR_MESSAGES.targetRequired);
    expectInvalid(await preview(own({ action: 'promote', toClassId: cls.g1 })), YEAR_MESSAGES.targetIsSource);
    expectInvalid(await preview(own({ action: 'promote', toClassId: newId() })), PEOPLE_MESSAGES.classNotFound);
    // Another school's class or student is as unknown as a made-up one.
    expectInvalid(await preview(own({ action: 'promote', toClassId: w.b.classId })), PEOPLE_MESSAGES.classNotFound);
    expectInvalid(await preview(own({ action: 'repeat', toClassId: w.b.classId })), PEOPLE_MESSAGES.classNotFound);
    expectInvalid(
      await preview(plan({ students: [{ studentId: w.b.users.student.id, classId: w.b.classId, action: 'leave' }] })),
      YEAR_MESSAGES.studentNotInYear,
    );
    // Leaving the school is a single student's outcome, never a whole class's.
    expectInvalid(await preview(first({ classId: cls.g1, action: 'leave' })), YEAR_MESSAGES.actionInvalid);
    const many = Array.from({ length: MAX_PROMOTION_STUDENTS + 1 }, () => ({
      studentId: newId(),
      classId: cls.g1,
      action: 'repeat',
    }));
    expectInvalid(await preview(plan({ students: many })), YEAR_MESSAGES.tooManyStudents);
    expect(
      (await preview(plan({ students: [{ studentId: kids[0], action: 'repeat' }] }))).statusCode,
      'an exception without its class',
    ).toBe(400);
    expectInvalid(await preview(plan({ classes: [] })), YEAR_MESSAGES.nothingToPromote);
    expectRule(await preview(plan({ fromYearId: newId() })), 404, YEAR_MESSAGES.yearNotFound);
    const principal = await w.a.as('principal');
    expect((await principal({ method: 'POST', url: '/api/v1/promotions', payload: plan() })).statusCode).toBe(403);
    const other = await w.b.as('school_admin');
    expectRule(
      await other({ method: 'POST', url: '/api/v1/promotions/preview', payload: plan() }),
      404,
      YEAR_MESSAGES.yearNotFound,
    );
    expect(await snapshot()).toBe(before);
  });

  it('a failed apply leaves nothing half-written', async () => {
    const db = w.t.app.deps.db;
    // The last write of the transaction fails: the students it had already moved must be back.
    await db.execute(sql`alter table promotion_moves add constraint test_refuse_all check (false) not valid`);
    try {
      const res = await admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await db.execute(sql`alter table promotion_moves drop constraint test_refuse_all`);
    }
    expect(await snapshot()).toBe(before);
    const r = await db.execute(sql`select count(*)::int as n from promotions where school_id = ${w.a.id}`);
    expect(Number((r.rows[0] as { n: number }).n)).toBe(0);
  });

  it('applies in one go, skips and duplicates no one, and undoes within 7 days', async () => {
    const countsBefore = await counts();
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    const applied = await admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
    expect(applied.statusCode, applied.body).toBe(201);
    const p1 = applied.json() as Promotion;
    expect(p1).toMatchObject({
      fromYear: '2030-2031',
      toYear: '2031-2032',
      totals: { promoted: 4, repeating: 1, graduated: 2, left: 0 },
    });
    expect(p1.undoUntil).toBe(new Date(now.getTime() + 7 * DAY).toISOString());

    const after = await counts();
    expect(total(after)).toBe(total(countsBefore));
    expect(after[`${cls.g1}:active`]).toBe(1);
    expect(after[`${cls.g2}:active`]).toBe(2);
    expect(after[`${cls.next}:active`]).toBe(2);
    expect(after[`${cls.g3}:active`] ?? 0).toBe(0);
    expect(after[`${cls.g3}:inactive`]).toBe(2);
    const rolls = await w.t.app.deps.db.execute(
      sql`select class_id, roll_number, academic_year from students where school_id = ${w.a.id} and class_id in
        (${cls.g1}::uuid, ${cls.g2}::uuid, ${cls.next}::uuid) order by class_id, roll_number`,
    );
    for (const row of rolls.rows as { roll_number: number; academic_year: string }[]) {
      expect(row.roll_number).toBeLessThanOrEqual(3);
      expect(row.academic_year).toBe('2031-2032');
    }
    const principal = await w.a.as('principal');
    const listed = await principal({ method: 'GET', url: '/api/v1/promotions' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items[0]).toMatchObject({ id: p1.id, undoUntil: p1.undoUntil });

    // The source year now has records: it cannot be deleted.
    expectRule(
      await admin({ method: 'DELETE', url: `/api/v1/academic-years/${fromYearId}` }),
      422,
      YEAR_MESSAGES.yearInUse,
    );

    const undo = (id: string) => admin({ method: 'POST', url: `/api/v1/promotions/${id}/undo` });
    const appliedAt = now;
    now = new Date(appliedAt.getTime() + 7 * DAY);
    expectRule(await undo(p1.id), 422, YEAR_MESSAGES.undoTooLate);
    now = new Date(appliedAt.getTime() + 6 * DAY);

    // A later promotion (the new year's classes graduate) must be undone first.
    const p2 = await admin({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: {
        fromYearId: toYearId,
        toYearId: fromYearId,
        classes: [cls.g1, cls.g2, cls.next].map((classId) => ({ classId, action: 'graduate' })),
      },
    });
    expect(p2.statusCode, p2.body).toBe(201);
    expectRule(await undo(p1.id), 422, YEAR_MESSAGES.undoNotLatest);
    expect((await undo(p2.json().id)).statusCode).toBe(200);
    expectRule(await undo(p2.json().id), 422, YEAR_MESSAGES.alreadyUndone);

    // A student moved by hand since: undo refuses until they are back.
    const moved = kids[1] as string;
    const enrol = (classId: string) =>
      admin({ method: 'POST', url: `/api/v1/classes/${classId}/students`, payload: { studentId: moved } });
    expect((await enrol(cls.g1)).statusCode).toBe(200);
    const refused = await undo(p1.id);
    expectRule(refused, 422, YEAR_MESSAGES.studentsChanged);
    // The refusal names who changed, so the admin can put them back.
    const names = new Map(
      (
        (await w.t.app.deps.db.execute(sql`select id, name from users where school_id = ${w.a.id} and id in ${kids}`))
          .rows as { id: string; name: string }[]
      ).map((r) => [r.id, r.name]),
    );
    expect(errorOf(refused).fields).toEqual({
      students: YEAR_MESSAGES.studentsChangedNames(names.get(moved) as string),
    });
    const inSpanish = await admin({
      method: 'POST',
      url: `/api/v1/promotions/${p1.id}/undo`,
      headers: { 'accept-language': 'es' },
    });
    expect(errorOf(inSpanish).fields).toEqual({ students: `Cambiaron desde la promoción: ${names.get(moved)}` });
    // Many changed (here every one of the promotion's seven, by their accounts): the first five, then a count.
    const flip = () =>
      w.t.app.deps.db.execute(
        sql`update users set is_active = not is_active where school_id = ${w.a.id} and id in ${kids}`,
      );
    await flip();
    try {
      const many = errorOf(await undo(p1.id)).fields?.students ?? '';
      const [, shown] = /^Changed since the promotion: (.*) and 2 more$/.exec(many) ?? [];
      expect(shown?.split(', ').filter((n) => [...names.values()].includes(n))).toHaveLength(5);
    } finally {
      await flip();
    }
    expect((await enrol(cls.g2)).statusCode).toBe(200);

    const other = await w.b.as('school_admin');
    expectRule(
      await other({ method: 'POST', url: `/api/v1/promotions/${p1.id}/undo` }),
      404,
      YEAR_MESSAGES.promotionNotFound,
    );

    const undone = await undo(p1.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ undoUntil: null });
    expect(await counts()).toEqual(countsBefore);
    expect(await snapshot()).toBe(before);
    expectRule(await undo(p1.id), 422, YEAR_MESSAGES.alreadyUndone);
    expectRule(await undo(newId()), 404, YEAR_MESSAGES.promotionNotFound);
  });

  it('per-student exceptions: each student once, the class counts right, and undo restores them too', async () => {
    // g1: kids 0-2, g2: kids 3-4, g3: kids 5-6 (back where they started after the previous test's undo).
    expect(await snapshot()).toBe(before);
    const countsBefore = await counts();
    const exceptions = plan({
      students: [
        { studentId: kids[0], classId: cls.g1, action: 'repeat' },
        { studentId: kids[1], classId: cls.g1, action: 'leave' },
        // Moved sideways into a class whose own students graduate.
        { studentId: kids[3], classId: cls.g2, action: 'promote', toClassId: cls.g3 },
        { studentId: kids[5], classId: cls.g3, action: 'repeat' },
      ],
    });
    const pv = await admin({ method: 'POST', url: '/api/v1/promotions/preview', payload: exceptions });
    expect(pv.statusCode, pv.body).toBe(200);
    const preview = pv.json() as PromotionPreview;
    expect(preview.totals).toEqual({ promoted: 3, repeating: 2, graduated: 1, left: 1 });
    const byId = Object.fromEntries(preview.classes.map((c) => [c.classId, [c.before, c.after]]));
    expect(byId).toEqual({ [cls.g1]: [3, 1], [cls.g2]: [2, 1], [cls.g3]: [2, 2], [cls.next]: [0, 1] });

    const db = w.t.app.deps.db;
    const who = async (id: string) =>
      (
        await db.execute(
          sql`select s.class_id, s.roll_number, s.academic_year, u.is_active from students s
            join users u on u.school_id = s.school_id and u.id = s.id where s.school_id = ${w.a.id} and s.id = ${id}`,
        )
      ).rows[0] as Record<string, unknown>;
    const leaverBefore = await who(kids[1] as string);
    const res = await admin({ method: 'POST', url: '/api/v1/promotions', payload: exceptions });
    expect(res.statusCode, res.body).toBe(201);
    const applied = res.json() as Promotion;
    expect(applied.totals).toEqual(preview.totals);

    // No one skipped or duplicated: every student of the year has exactly one recorded outcome, the outcomes
    // add up to the students, and the school has as many students as before.
    const moves = (
      await db.execute(
        sql`select student_id, action from promotion_moves where school_id = ${w.a.id} and promotion_id = ${applied.id}`,
      )
    ).rows as { student_id: string; action: string }[];
    expect(moves.map((m) => m.student_id).sort()).toEqual([...kids].sort());
    const t = applied.totals;
    expect(t.promoted + t.repeating + t.graduated + t.left).toBe(kids.length);
    const after = await counts();
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(total(after)).toBe(total(countsBefore));
    const elsewhere = Object.entries(countsBefore).filter(([k]) => ![cls.g1, cls.g2, cls.g3].includes(k.slice(0, 36)));
    expect(after).toEqual({
      ...Object.fromEntries(elsewhere),
      [`${cls.g1}:active`]: 1,
      [`${cls.g1}:inactive`]: 1,
      [`${cls.g2}:active`]: 1,
      [`${cls.g3}:active`]: 2,
      [`${cls.g3}:inactive`]: 1,
      [`${cls.next}:active`]: 1,
    });
    // The leaver keeps their class, roll and year, like a withdrawal; the sideways mover takes the target year.
    expect(await who(kids[1] as string)).toEqual({ ...leaverBefore, is_active: false });
    expect(await who(kids[3] as string)).toMatchObject({
      class_id: cls.g3,
      academic_year: '2031-2032',
      is_active: true,
    });
    expect(await who(kids[5] as string)).toMatchObject({
      class_id: cls.g3,
      academic_year: '2031-2032',
      is_active: true,
    });

    const undone = await admin({ method: 'POST', url: `/api/v1/promotions/${applied.id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await counts()).toEqual(countsBefore);
    expect(await snapshot()).toBe(before);
  });

  it('undo gives each student back their own roll; only one whose roll was taken since gets the next free one', async () => {
    expect(await snapshot()).toBe(before);
    const db = w.t.app.deps.db;
    const rollsOf = async (ids: string[]) =>
      Object.fromEntries(
        (
          (
            await db.execute(
              sql`select id, class_id, roll_number from students where school_id = ${w.a.id} and id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
            )
          ).rows as { id: string; class_id: string; roll_number: number }[]
        ).map((r) => [r.id, [r.class_id, r.roll_number]]),
      );
    const g1Kids = kids.slice(0, 3);
    const rollsBefore = await rollsOf(g1Kids);
    const applied = await admin({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: plan({
        classes: [
          { classId: cls.g1, action: 'promote', toClassId: cls.next },
          { classId: cls.g2, action: 'repeat' },
          { classId: cls.g3, action: 'repeat' },
        ],
        students: [],
      }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    // Grade 1 is empty now; a newcomer takes the roll of its first student.
    const first = g1Kids[0] as string;
    const firstRoll = (rollsBefore[first] as [string, number])[1];
    const session = await w.a.signIn('school_admin');
    const newcomer = await createStudent(w.t.app, session, { classId: cls.g1, rollNumber: firstRoll });
    const undone = await admin({ method: 'POST', url: `/api/v1/promotions/${applied.json().id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);

    const highest = Math.max(...Object.values(rollsBefore).map(([, roll]) => roll as number));
    expect(await rollsOf(g1Kids)).toEqual({ ...rollsBefore, [first]: [cls.g1, highest + 1] });
    expect((await rollsOf([newcomer.student.id]))[newcomer.student.id]).toEqual([cls.g1, firstRoll]);
  });

  it('the same promotion applied twice, in a row or at once, moves its students only once', async () => {
    const start = await snapshot();
    const apply = () => admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
    const alreadyPromoted = YEAR_MESSAGES.alreadyPromoted('2031-2032');

    const first = await apply();
    expect(first.statusCode, first.body).toBe(201);
    const promoted = await snapshot();
    expect(promoted).not.toBe(start);
    expectRule(await apply(), 409, alreadyPromoted);
    expectRule(
      await admin({ method: 'POST', url: '/api/v1/promotions/preview', payload: plan() }),
      409,
      alreadyPromoted,
    );
    expect(await snapshot()).toBe(promoted);
    const undo = await admin({ method: 'POST', url: `/api/v1/promotions/${first.json().id}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await snapshot()).toBe(start);

    // A double click: both requests at once, exactly one of them promotes.
    const both = await Promise.all([apply(), apply()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await snapshot()).toBe(promoted);
    const made = both.find((r) => r.statusCode === 201)?.json() as Promotion;
    expect((await admin({ method: 'POST', url: `/api/v1/promotions/${made.id}/undo` })).statusCode).toBe(200);
    expect(await snapshot()).toBe(start);
  });

  it('moves the classes its students end up in into the target year, so they are promoted from it next', async () => {
    const start = await snapshot();
    const db = w.t.app.deps.db;
    const labels = async () =>
      Object.fromEntries(
        (
          (
            await db.execute(
              sql`select id, academic_year from classes where school_id = ${w.a.id} and id in
                (${cls.g1}::uuid, ${cls.g2}::uuid, ${cls.g3}::uuid, ${cls.next}::uuid)`,
            )
          ).rows as { id: string; academic_year: string }[]
        ).map((r) => [r.id, r.academic_year]),
      );
    const labelsBefore = await labels();
    const res = await admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
    expect(res.statusCode, res.body).toBe(201);
    // Grade 1 keeps its repeater, Grade 2 receives Grade 1: both are now 2031-2032's; Grade 3 only graduated.
    expect(await labels()).toEqual({
      [cls.g1]: '2031-2032',
      [cls.g2]: '2031-2032',
      [cls.g3]: '2030-2031',
      [cls.next]: '2031-2032',
    });

    const next = await admin({
      method: 'POST',
      url: '/api/v1/academic-years',
      payload: year({ name: '2032-2033', startDate: '2032-09-01', endDate: '2033-08-31', terms: [], holidays: [] }),
    });
    expect(next.statusCode, next.body).toBe(201);
    const pv = await admin({
      method: 'POST',
      url: '/api/v1/promotions/preview',
      payload: {
        fromYearId: toYearId,
        toYearId: next.json().id,
        classes: [
          { classId: cls.g1, action: 'repeat' },
          { classId: cls.g2, action: 'promote', toClassId: cls.next },
          { classId: cls.next, action: 'graduate' },
        ],
        students: [{ studentId: kids[0], classId: cls.g1, action: 'promote', toClassId: cls.g2 }],
      },
    });
    expect(pv.statusCode, pv.body).toBe(200);
    // Grade 1's repeater moves on; Grade 2 holds Grade 1's two and the undo test's newcomer; Grade 4 Grade 2's two.
    expect((pv.json() as PromotionPreview).totals).toEqual({ promoted: 4, repeating: 0, graduated: 2, left: 0 });

    const undone = await admin({ method: 'POST', url: `/api/v1/promotions/${res.json().id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await labels()).toEqual(labelsBefore);
    expect(await snapshot()).toBe(start);
  });

  it('a renamed year takes its classes, students and promotion records along', async () => {
    const start = await snapshot();
    const db = w.t.app.deps.db;
    const labels = async () =>
      (
        await db.execute(
          sql`select academic_year from classes where school_id = ${w.a.id} and id in
            (${cls.g1}::uuid, ${cls.g2}::uuid, ${cls.g3}::uuid, ${cls.next}::uuid) order by name`,
        )
      ).rows.map((r: unknown) => (r as { academic_year: string }).academic_year);
    const yearsOfKids = async () =>
      (
        await db.execute(
          sql`select distinct academic_year from students where school_id = ${w.a.id} and class_id in
            (${cls.g1}::uuid, ${cls.g2}::uuid, ${cls.next}::uuid) order by academic_year`,
        )
      ).rows.map((r: unknown) => (r as { academic_year: string }).academic_year);
    const rename = async (id: string, name: string, startYear: number) => {
      const res = await admin({
        method: 'PUT',
        url: `/api/v1/academic-years/${id}`,
        payload: year({
          name,
          startDate: `${startYear}-09-01`,
          endDate: `${startYear + 1}-08-31`,
          terms: [],
          holidays: [],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Grade 1, Grade 2, Grade 3, Grade 4 (the order of `labels`).
    expect(await labels()).toEqual(['2030-2031', '2030-2031', '2030-2031', '2031-2032']);
    const applied = await admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await labels()).toEqual(['2031-2032', '2031-2032', '2030-2031', '2031-2032']);

    await rename(toYearId, '2036-2037', 2031);
    await rename(fromYearId, '2035-2036', 2030);
    expect(await labels()).toEqual(['2036-2037', '2036-2037', '2035-2036', '2036-2037']);
    expect(await yearsOfKids()).toEqual(['2036-2037']);
    // The renamed year's classes are still its own: its promotion sees them.
    const pv = await admin({
      method: 'POST',
      url: '/api/v1/promotions/preview',
      payload: {
        fromYearId: toYearId,
        toYearId: fromYearId,
        classes: [cls.g1, cls.g2, cls.next].map((classId) => ({ classId, action: 'graduate' })),
      },
    });
    expect(pv.statusCode, pv.body).toBe(200);

    // Undo gives the classes their (renamed) year back.
    const undone = await admin({ method: 'POST', url: `/api/v1/promotions/${applied.json().id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await labels()).toEqual(['2035-2036', '2035-2036', '2035-2036', '2036-2037']);

    await rename(fromYearId, '2030-2031', 2030);
    await rename(toYearId, '2031-2032', 2031);
    expect(await labels()).toEqual(['2030-2031', '2030-2031', '2030-2031', '2031-2032']);
    expect(await snapshot()).toBe(start);
  });

  it('refuses to move a class into a year that already has a class of its name', async () => {
    const start = await snapshot();
    const session = await w.a.signIn('school_admin');
    await createClass(w.t.app, session, { name: 'Grade 1', academicYear: '2031-2032' });
    const message = YEAR_MESSAGES.classInTargetYear('Grade 1 A', '2031-2032');
    expectInvalid(await admin({ method: 'POST', url: '/api/v1/promotions/preview', payload: plan() }), message);
    const res = await admin({ method: 'POST', url: '/api/v1/promotions', payload: plan() });
    expectInvalid(res, message);
    expect(errorOf(res).fields).toEqual({ 'students.0.classId': message });
    expect(await snapshot()).toBe(start);
  });

  /** Two fresh years (no one else's classes in them), each test's own. */
  async function twoYears(first: number): Promise<[string, string]> {
    const ids: string[] = [];
    for (const y of [first, first + 1]) {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/academic-years',
        payload: year({
          name: `${y}-${y + 1}`,
          startDate: `${y}-09-01`,
          endDate: `${y + 1}-08-31`,
          terms: [],
          holidays: [],
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    return ids as [string, string];
  }
  const stateOf = async (ids: string[]) =>
    (
      await w.t.app.deps.db.execute(
        sql`select s.id, s.class_id, s.roll_number, s.academic_year, u.is_active, c.is_active as class_active
          from students s join users u on u.school_id = s.school_id and u.id = s.id
            join classes c on c.school_id = s.school_id and c.id = s.class_id
          where s.school_id = ${w.a.id} and s.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by s.id`,
      )
    ).rows;

  it('undo reactivates the classes it emptied that were deactivated since, and puts everyone back', async () => {
    const [fromId, toId] = await twoYears(2066);
    const session = await w.a.signIn('school_admin');
    const leaving = (await createClass(w.t.app, session, { name: 'Grade 7', section: 'B', academicYear: '2066-2067' }))
      .id;
    const graduating = (
      await createClass(w.t.app, session, { name: 'Grade 8', section: 'B', academicYear: '2066-2067' })
    ).id;
    const into = (await createClass(w.t.app, session, { name: 'Grade 8', section: 'B', academicYear: '2067-2068' })).id;
    const pupils: string[] = [];
    for (const classId of [leaving, leaving, graduating]) {
      pupils.push((await createStudent(w.t.app, session, { classId })).student.id);
    }
    const start = await stateOf(pupils);
    const applied = await admin({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: {
        fromYearId: fromId,
        toYearId: toId,
        classes: [
          { classId: leaving, action: 'promote', toClassId: into },
          { classId: graduating, action: 'graduate' },
        ],
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    // Both classes are left without an active student: the school closes them.
    for (const classId of [leaving, graduating]) {
      const closed = await admin({ method: 'POST', url: `/api/v1/classes/${classId}/deactivate` });
      expect(closed.statusCode, closed.body).toBe(200);
    }

    const undone = await admin({ method: 'POST', url: `/api/v1/promotions/${applied.json().id}/undo` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await stateOf(pupils)).toEqual(start);
    for (const classId of [leaving, graduating]) {
      const cls = await admin({ method: 'GET', url: `/api/v1/classes/${classId}` });
      expect(cls.json()).toMatchObject({ isActive: true, academicYear: '2066-2067' });
    }
  });

  it('undo refused by a class of the same name made in the old year since names that class and year', async () => {
    const [fromId, toId] = await twoYears(2068);
    const session = await w.a.signIn('school_admin');
    const repeating = (
      await createClass(w.t.app, session, { name: 'Grade 6', section: 'B', academicYear: '2068-2069' })
    ).id;
    const pupil = (await createStudent(w.t.app, session, { classId: repeating })).student.id;
    const applied = await admin({
      method: 'POST',
      url: '/api/v1/promotions',
      payload: { fromYearId: fromId, toYearId: toId, classes: [{ classId: repeating, action: 'repeat' }] },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const promoted = await stateOf([pupil]);
    const undo = () => admin({ method: 'POST', url: `/api/v1/promotions/${applied.json().id}/undo` });
    const message = YEAR_MESSAGES.undoMakesTwins('2068-2069', 'Grade 6 B');

    // The same name and section, then one only shown alike: both refused, nothing changes.
    const newcomer = await createClass(w.t.app, session, { name: 'Grade 6', section: 'B', academicYear: '2068-2069' });
    expectRule(await undo(), 409, message);
    const respelled = await admin({
      method: 'PATCH',
      url: `/api/v1/classes/${newcomer.id}`,
      payload: { name: 'grade  6 b', section: '' },
    });
    expect(respelled.statusCode, respelled.body).toBe(200);
    expectRule(await undo(), 409, message);
    expect(await stateOf([pupil])).toEqual(promoted);
    expect((await admin({ method: 'GET', url: `/api/v1/classes/${repeating}` })).json().academicYear).toBe('2069-2070');

    // Once the newcomer is told apart, undo goes through.
    const renamed = await admin({ method: 'PATCH', url: `/api/v1/classes/${newcomer.id}`, payload: { section: 'C' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await undo()).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: `/api/v1/classes/${repeating}` })).json().academicYear).toBe('2068-2069');
  });
});

describe('the school day carries its academic year', () => {
  it('a slot gets the current year, an attendance record the year containing its date', async () => {
    const db = w.t.app.deps.db;
    const current = (await admin({ method: 'GET', url: '/api/v1/academic-years' }))
      .json()
      .items.find((y: AcademicYear) => y.isCurrent) as AcademicYear;
    const slot = await admin({
      method: 'POST',
      url: '/api/v1/timetable/slots',
      payload: {
        classId: w.a.classId,
        subjectId: w.a.subjectId,
        teacherId: w.a.users.teacher.id,
        day: 'monday',
        startTime: '08:00',
        endTime: '08:45',
      },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    const s = await db.execute(sql`select academic_year_id from timetable_slots where id = ${slot.json().id}`);
    expect((s.rows[0] as { academic_year_id: string }).academic_year_id).toBe(current.id);

    now = new Date('2026-11-24T09:00:00Z');
    const teacher = await w.a.as('teacher');
    const marked = await teacher({
      method: 'POST',
      url: '/api/v1/attendance',
      payload: { classId: w.a.classId, records: [{ studentId: w.a.users.student.id, isPresent: true }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const a = await db.execute(
      sql`select a.academic_year_id, y.start_date::text as start, y.end_date::text as "end", a.date::text as date
        from attendance a join academic_years y on y.school_id = a.school_id and y.id = a.academic_year_id
        where a.school_id = ${w.a.id}`,
    );
    const row = a.rows[0] as { start: string; end: string; date: string };
    expect(row.date >= row.start && row.date <= row.end).toBe(true);
  });
});

describe("a student moved by hand takes their new class's academic year", () => {
  it('as a promotion does: moved into a class of another year, the student is filed under that year', async () => {
    const session = await w.a.signIn('school_admin');
    const mk = async (name: string, startDate: string, endDate: string) => {
      const res = await admin({
        method: 'POST',
        url: '/api/v1/academic-years',
        payload: year({ name, startDate, endDate, terms: [], holidays: [] }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await mk('2044-2045', '2044-09-01', '2045-08-31');
    await mk('2045-2046', '2045-09-01', '2046-08-31');
    const old = (await createClass(w.t.app, session, { name: 'Move 5', academicYear: '2044-2045' })).id;
    const next = (await createClass(w.t.app, session, { name: 'Move 6', academicYear: '2045-2046' })).id;
    const kid = (await createStudent(w.t.app, session, { classId: old, academicYear: '2044-2045' })).student.id;

    const moved = await admin({ method: 'POST', url: `/api/v1/students/${kid}/move`, payload: { classId: next } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ classId: next, academicYear: '2045-2046' });
    // A roll number changed in the same class leaves the year as it is.
    const roll = await admin({
      method: 'POST',
      url: `/api/v1/students/${kid}/move`,
      payload: { classId: next, rollNumber: 7 },
    });
    expect(roll.json()).toMatchObject({ rollNumber: 7, academicYear: '2045-2046' });

    // Enrolling from the class's page is the same move.
    const back = await admin({
      method: 'POST',
      url: `/api/v1/classes/${old}/students`,
      payload: { studentId: kid },
    });
    expect(back.statusCode, back.body).toBe(200);
    const row = await w.t.app.deps.db.execute(sql`select class_id, academic_year from students where id = ${kid}`);
    expect(row.rows[0]).toEqual({ class_id: old, academic_year: '2044-2045' });
  });
});
