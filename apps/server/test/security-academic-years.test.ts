import { type AcademicYear, MAX_ACADEMIC_YEARS, YEAR_MESSAGES } from '@lyceum/shared/years';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import { as, createSchool, createTestApp, errorOf, login, type TestApp } from './helpers.ts';

/**
 * The academic years list is not paged, so what it can hold is bounded where years are made (docs/security.md,
 * "What a freshly signed-up school can cost"; docs/product.md, "Years, terms and holidays"): at most
 * MAX_ACADEMIC_YEARS a school, counted one create after the other, each within reach of today. A trial
 * school's lower cap is in security-trial-caps.test.ts.
 */
let t: TestApp;
const now = new Date('2026-11-24T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

async function schoolAdmin() {
  const school = await createSchool(t.app);
  return { id: school.id, call: as(t.app, await login(t.app, school.users.school_admin.email, 'school_admin')) };
}

const count = async (table: string, schoolId: string) => {
  const rows = await withSystem(t.app.deps.db, (tx) =>
    tx.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where school_id = ${schoolId}`),
  );
  return rows.rows[0]?.n ?? 0;
};

/**
 * Years 1977-1978, 1978-1979, … (up to 2025-2026, before the school's own) written straight to the database until the school has `total`, each with
 * 20 terms and 60 holidays of 60-character names when `full` (the most a year can carry).
 */
async function yearsUpTo(schoolId: string, total: number, full = false) {
  const missing = total - (await count('academic_years', schoolId));
  await withSystem(t.app.deps.db, async (tx) => {
    await tx.execute(sql`insert into academic_years (school_id, id, name, start_date, end_date)
      select ${schoolId}, gen_random_uuid(), (1976 + g) || '-' || (1977 + g), make_date(1976 + g, 9, 1),
        make_date(1977 + g, 8, 31) from generate_series(1, ${missing}) g`);
    if (!full) return;
    for (const [table, parts] of [
      ['academic_terms', 20],
      ['academic_holidays', 60],
    ] as const) {
      await tx.execute(sql`insert into ${sql.raw(table)} (school_id, id, academic_year_id, name, start_date, end_date)
        select y.school_id, gen_random_uuid(), y.id, rpad(y.name || ' part ' || p, 60, 'x'),
          y.start_date + p * 5, y.start_date + p * 5 + 2
        from academic_years y, generate_series(1, ${parts}) p where y.school_id = ${schoolId}`);
    }
  });
}

/** One year through the API, in the 2030s: `2030 + i`. */
const yearIn = (i: number) => ({
  name: `${2030 + i}-${2031 + i}`,
  startDate: `${2030 + i}-09-01`,
  endDate: `${2031 + i}-08-31`,
  terms: [{ name: 'Autumn', startDate: `${2030 + i}-09-01`, endDate: `${2030 + i}-12-20` }],
  holidays: [{ name: 'Winter break', startDate: `${2030 + i}-12-21`, endDate: `${2031 + i}-01-04` }],
});

describe('a school has at most MAX_ACADEMIC_YEARS academic years', () => {
  it('the last one allowed is made; the next answers 422 with its message and writes nothing', async () => {
    const school = await schoolAdmin();
    await yearsUpTo(school.id, MAX_ACADEMIC_YEARS - 1);
    const last = await school.call({ method: 'POST', url: '/api/v1/academic-years', payload: yearIn(0) });
    expect(last.statusCode, last.body).toBe(201);
    expect(await count('academic_years', school.id)).toBe(MAX_ACADEMIC_YEARS);
    const terms = await count('academic_terms', school.id);

    const over = await school.call({ method: 'POST', url: '/api/v1/academic-years', payload: yearIn(1) });
    expect(over.statusCode, over.body).toBe(422);
    expect(errorOf(over)).toMatchObject({ code: 'rule', message: YEAR_MESSAGES.tooManyYears });
    expect(YEAR_MESSAGES.tooManyYears).toBe(
      'Academic year limit reached: a school can have at most 50 academic years.',
    );
    expect(await count('academic_years', school.id)).toBe(MAX_ACADEMIC_YEARS);
    expect(await count('academic_terms', school.id)).toBe(terms);

    const spanish = await school.call({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { 'accept-language': 'es' },
      payload: yearIn(2),
    });
    expect(errorOf(spanish).message).toBe(
      'Límite de años académicos alcanzado: una escuela puede tener como máximo 50 años académicos.',
    );
    // Editing a year still works at the cap: it adds none.
    const put = await school.call({
      method: 'PUT',
      url: `/api/v1/academic-years/${last.json().id}`,
      payload: { ...yearIn(0), holidays: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('creates racing at the edge never pass it', async () => {
    const school = await schoolAdmin();
    await yearsUpTo(school.id, MAX_ACADEMIC_YEARS - 2);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => school.call({ method: 'POST', url: '/api/v1/academic-years', payload: yearIn(i) })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorOf(refused).message).toBe(YEAR_MESSAGES.tooManyYears);
    }
    expect(await count('academic_years', school.id)).toBe(MAX_ACADEMIC_YEARS);
  });

  it('the list at the cap holds every year with its own terms and holidays, and no more', async () => {
    const school = await schoolAdmin();
    await yearsUpTo(school.id, MAX_ACADEMIC_YEARS, true);
    const res = await school.call({ method: 'GET', url: '/api/v1/academic-years' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as AcademicYear[];
    expect(items).toHaveLength(MAX_ACADEMIC_YEARS);
    for (const y of items.filter((i) => !i.isCurrent)) {
      expect(y.terms).toHaveLength(20);
      expect(y.holidays).toHaveLength(60);
      for (const p of [...y.terms, ...y.holidays]) expect(p.name.startsWith(`${y.name} part `)).toBe(true);
      expect(y.terms.map((p) => p.startDate)).toEqual([...y.terms.map((p) => p.startDate)].sort());
    }
    // A full year is about 13 KB of JSON (80 parts of about 165 bytes): the whole answer stays under 1 MB.
    expect(res.body.length).toBeLessThan(MAX_ACADEMIC_YEARS * 80 * 200);
  });
});

describe('an academic year lies within 50 years of today', () => {
  it('refuses a year starting more than 50 years ago or ending more than 50 years ahead, and changes nothing', async () => {
    const school = await schoolAdmin();
    const post = (startYear: number, endYear = startYear + 1) =>
      school.call({
        method: 'POST',
        url: '/api/v1/academic-years',
        payload: {
          name: `${startYear}-${startYear + 1}`,
          startDate: `${startYear}-09-01`,
          endDate: `${endYear}-08-31`,
        },
      });
    const before = await count('academic_years', school.id);
    for (const [res, field] of [
      [await post(1900), 'startDate'],
      [await post(1975), 'startDate'],
      [await post(2076), 'endDate'],
      [await post(2030, 2080), 'endDate'],
    ] as const) {
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatchObject({
        message: YEAR_MESSAGES.outOfReach,
        fields: { [field]: 'An academic year must lie within 50 years of today' },
      });
    }
    expect(await count('academic_years', school.id)).toBe(before);
    // The edges, 24 November 1976 and 2076 (the school's today is 24 November 2026), are inside.
    expect((await post(1977)).statusCode).toBe(201);
    expect((await post(2075)).statusCode).toBe(201);

    const made = (await post(2040)).json() as AcademicYear;
    const moved = await school.call({
      method: 'PUT',
      url: `/api/v1/academic-years/${made.id}`,
      payload: { name: '1900-1901', startDate: '1900-09-01', endDate: '1901-08-31' },
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(errorOf(moved).fields).toEqual({ startDate: YEAR_MESSAGES.outOfReach });
    const list = (await school.call({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[];
    expect(list.find((y) => y.id === made.id)).toMatchObject({ name: '2040-2041', startDate: '2040-09-01' });
  });

  it('a year stored out of reach before the rule keeps its dates: renamed and given terms, it saves; a date moved out of reach is refused', async () => {
    const school = await schoolAdmin();
    // Stored before the rule existed: one starting 1900, one ending 2090.
    const stored = await withSystem(t.app.deps.db, (tx) =>
      tx.execute<{ id: string }>(sql`insert into academic_years (school_id, id, name, start_date, end_date)
        values (${school.id}, gen_random_uuid(), '1900-1901', '1900-09-01', '1901-08-31'),
          (${school.id}, gen_random_uuid(), '2089-2090', '2089-09-01', '2090-08-31')
        returning id`),
    );
    const [early, late] = (stored.rows as { id: string }[]).map((r) => r.id);
    const put = (id: string | undefined, payload: Record<string, unknown>) =>
      school.call({ method: 'PUT', url: `/api/v1/academic-years/${id}`, payload });

    const renamed = await put(early, {
      name: '1899-1900',
      startDate: '1900-09-01',
      endDate: '1901-08-31',
      terms: [{ name: 'Autumn', startDate: '1900-09-01', endDate: '1900-12-20' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '1899-1900', startDate: '1900-09-01', terms: [{ name: 'Autumn' }] });
    // Its end moved, still inside the year's reach: the start it keeps is not judged again.
    const shorter = await put(early, { name: '1899-1900', startDate: '1900-09-01', endDate: '1901-07-31' });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect((await put(late, { name: '2088-2089', startDate: '2089-09-01', endDate: '2090-08-31' })).statusCode).toBe(
      200,
    );

    // A date that changes is judged: still out of reach, refused, and nothing changes.
    const earlier = await put(early, { name: '1899-1900', startDate: '1900-10-01', endDate: '1901-07-31' });
    expect(earlier.statusCode).toBe(400);
    expect(errorOf(earlier).fields).toEqual({ startDate: YEAR_MESSAGES.outOfReach });
    const later = await put(late, { name: '2088-2089', startDate: '2089-09-01', endDate: '2090-07-31' });
    expect(later.statusCode).toBe(400);
    expect(errorOf(later).fields).toEqual({ endDate: YEAR_MESSAGES.outOfReach });
    const list = (await school.call({ method: 'GET', url: '/api/v1/academic-years' })).json().items as AcademicYear[];
    expect(list.find((y) => y.id === early)).toMatchObject({ startDate: '1900-09-01', endDate: '1901-07-31' });
    expect(list.find((y) => y.id === late)).toMatchObject({ name: '2088-2089', endDate: '2090-08-31' });
  });
});
