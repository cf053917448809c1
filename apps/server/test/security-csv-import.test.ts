import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_LIMITS } from '../src/lib/csv-limits.ts';
import { as, createSchool, createTestApp, errorOf, login, type Session, type TestApp } from './helpers.ts';

/** Imports are capped in rows, columns, cell length and reported problems, and refused before any write. */
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  const school = await createSchool(t.app, { name: 'CSV caps' });
  admin = await login(t.app, school.users.school_admin.email, 'school_admin');
});
afterAll(() => t.close());

const peopleCount = async () =>
  Number(
    (
      await t.app.deps.db.execute<{ n: number }>(
        sql`select (select count(*) from accounts) + (select count(*) from mail_outbox) as n`,
      )
    ).rows[0]?.n,
  );
const post = (url: string, csv: string) => as(t.app, admin)({ method: 'POST', url, payload: { csv } });
const routes = ['/api/v1/parents/import/preview', '/api/v1/parents/import'];
const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => row(i)).join('\n');

describe('CSV import caps', () => {
  it(`refuses more than ${CSV_LIMITS.rows} rows with a message naming the limit, writing nothing`, async () => {
    const before = await peopleCount();
    const file = `name,email\n${rows(CSV_LIMITS.rows + 1, (i) => `P ${i},p${i}@caps.test`)}`;
    for (const url of routes) {
      const res = await post(url, file);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({
        code: 'too_large',
        message: 'The CSV file has more than 5000 rows. Split it into smaller files.',
      });
    }
    expect(await peopleCount()).toBe(before);
  });

  it(`reads a file of exactly ${CSV_LIMITS.rows} rows`, async () => {
    const file = `name,email\n${rows(CSV_LIMITS.rows, (i) => `P ${i},p${i}@caps.test`)}`;
    const res = await post('/api/v1/parents/import/preview', file);
    expect(res.statusCode).toBe(200);
    expect(res.json().rowCount).toBe(CSV_LIMITS.rows);
  });

  it(`refuses more than ${CSV_LIMITS.columns} columns, header or row`, async () => {
    const before = await peopleCount();
    const wideHeader = `name,email,${Array.from({ length: 29 }, (_, i) => `x${i}`).join(',')}\nA,a@caps.test`;
    const wideRow = `name,email\nA,a@caps.test,${','.repeat(29)}`;
    const million = `${','.repeat(1_000_000)}\nA,a@caps.test`;
    for (const file of [wideHeader, wideRow, million]) {
      for (const url of routes) {
        const res = await post(url, file);
        expect(res.statusCode).toBe(413);
        expect(errorOf(res).message).toBe('The CSV file has more than 30 columns.');
      }
    }
    expect(await peopleCount()).toBe(before);
  });

  it(`refuses a cell longer than ${CSV_LIMITS.cellChars} characters, naming its line`, async () => {
    const before = await peopleCount();
    const file = `name,email\nA,a@caps.test\n${'n'.repeat(CSV_LIMITS.cellChars + 1)},b@caps.test`;
    for (const url of routes) {
      const res = await post(url, file);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).message).toBe('Line 3 has a cell longer than 4096 characters.');
    }
    expect(await peopleCount()).toBe(before);
  });

  it(`lists the first ${CSV_LIMITS.issues} problems and says how many there were`, async () => {
    const file = `name,email\n${rows(300, (i) => `P ${i},not-an-email-${i}`)}`;
    const res = await post('/api/v1/parents/import/preview', file);
    expect(res.statusCode).toBe(200);
    const { errors } = res.json();
    expect(errors).toHaveLength(CSV_LIMITS.issues + 1);
    expect(errors.at(-1)).toEqual({
      line: null,
      column: null,
      message: 'Only the first 200 of 300 problems are listed.',
    });
  });

  it('answers a 330 000-row body quickly and keeps serving', async () => {
    const file = `name,email\n${'a,b\n'.repeat(330_000)}`;
    // CPU time of this process, not wall time: a busy machine stretches the clock, not the work.
    const started = process.cpuUsage();
    const res = await post('/api/v1/students/import/preview', file);
    const used = process.cpuUsage(started);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toBe('The CSV file has more than 5000 rows. Split it into smaller files.');
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
    const after = await as(t.app, admin)({ method: 'GET', url: '/api/v1/parents' });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a body over the route limit before reading it', async () => {
    const res = await post('/api/v1/students/import/preview', 'x'.repeat(4 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('too_large');
  });
});
