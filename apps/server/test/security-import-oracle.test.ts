import { PARENT_IMPORT_COLUMNS, STUDENT_IMPORT_COLUMNS } from '@lyceum/shared/people';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createCompanyUser,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type Session,
  type TestApp,
} from './helpers.ts';

/**
 * An import file is many e-mail checks in one request. It may say "already exists" only of people of the
 * caller's own school; other addresses with an account get neutral words. Checks are limited per user.
 */
const EXISTS = 'A user with this email already exists...';
const NEUTRAL = 'This e-mail address cannot be used. Choose another one.';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let adminA: Session;
let principalA: Session;
let staffEmail: string;

beforeAll(async () => {
  t = await createTestApp({ importChecksPerHour: 4 });
  a = await createSchool(t.app);
  b = await createSchool(t.app);
  staffEmail = (await createCompanyUser(t.app, 'company_admin')).email;
  adminA = await login(t.app, a.users.school_admin.email, 'school_admin');
  principalA = await login(t.app, a.users.principal.email, 'principal');
});
afterAll(() => t.close());

const line = (columns: readonly string[], v: Record<string, string>) => columns.map((c) => v[c] ?? '').join(',');

describe('import preview is no oracle of other schools', () => {
  it('names only own-school people as existing, for students, their parents and parents', async () => {
    const students = [
      STUDENT_IMPORT_COLUMNS.join(','),
      line(STUDENT_IMPORT_COLUMNS, { name: 'Own', email: a.users.teacher.email }),
      line(STUDENT_IMPORT_COLUMNS, { name: 'Other', email: b.users.teacher.email }),
      line(STUDENT_IMPORT_COLUMNS, { name: 'Staff', email: staffEmail }),
      line(STUDENT_IMPORT_COLUMNS, {
        name: 'Kid',
        email: 'kid@oracle.test',
        parentName: 'P',
        parentEmail: b.users.parent.email,
      }),
      line(STUDENT_IMPORT_COLUMNS, {
        name: 'Kid2',
        email: 'kid2@oracle.test',
        parentName: 'P',
        parentEmail: a.users.teacher.email,
      }),
    ].join('\n');
    const res = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/students/import/preview', payload: { csv: students } });
    expect(res.statusCode).toBe(200);
    const emailIssues = res.json().errors.filter((e: { column: string }) => /email/i.test(e.column));
    expect(emailIssues).toEqual([
      { line: 2, column: 'email', message: EXISTS },
      { line: 3, column: 'email', message: NEUTRAL },
      { line: 4, column: 'email', message: NEUTRAL },
      { line: 5, column: 'parentEmail', message: NEUTRAL },
      { line: 6, column: 'parentEmail', message: EXISTS },
    ]);

    const parents = [
      PARENT_IMPORT_COLUMNS.join(','),
      line(PARENT_IMPORT_COLUMNS, { name: 'Own', email: a.users.parent.email }),
      line(PARENT_IMPORT_COLUMNS, { name: 'Other', email: b.users.parent.email }),
    ].join('\n');
    const commit = await as(
      t.app,
      adminA,
    )({ method: 'POST', url: '/api/v1/parents/import', payload: { csv: parents } });
    expect(commit.statusCode).toBe(422);
    expect(errorOf(commit).fields).toEqual({ '2:email': EXISTS, '3:email': NEUTRAL });
  });

  it('limits previews and imports per user (all kinds together), with a clear message', async () => {
    const file = `name,email\nA,a@limit.oracle.test`;
    const urls = ['/api/v1/parents/import/preview', '/api/v1/teachers/import/preview', '/api/v1/parents/import'];
    // adminA used 2 of 4 above.
    for (const url of urls.slice(0, 2)) {
      const ok = await as(t.app, adminA)({ method: 'POST', url, payload: { csv: file } });
      expect(ok.statusCode).toBeLessThan(429);
    }
    for (const url of urls) {
      const res = await as(t.app, adminA)({ method: 'POST', url, payload: { csv: file } });
      expect(res.statusCode).toBe(429);
      expect(errorOf(res)).toEqual({
        code: 'rate_limited',
        message: 'Too many import checks. Please wait a while and try again.',
      });
    }
    // Another user of the same school has their own budget.
    const other = await as(t.app, principalA)({ method: 'POST', url: urls[0] as string, payload: { csv: file } });
    expect(other.statusCode).toBe(200);
  });
});
