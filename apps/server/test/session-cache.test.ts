import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createSchool, createTestApp, login, type SchoolFixture, type TestApp } from './helpers.ts';

/**
 * The session cache (lib/session-cache.ts) with a TTL far longer than any test: what it may keep serving
 * (a row changed behind the server's back, i.e. by another process) and what this process's own changes
 * revoke at once.
 */
let t: TestApp;
let school: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: 60_000 });
  school = await createSchool(t.app);
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });

describe('session cache', () => {
  it('reuses a resolved session until this process changes anything, then looks it up again', async () => {
    const teacher = await login(t.app, school.users.teacher.email, 'teacher');
    expect((await me(teacher.cookie)).statusCode).toBe(200);
    // Another process signs the teacher out everywhere: this process may serve the cached session (bounded
    // by SESSION_CACHE_MS) …
    await t.app.deps.db.execute(sql`delete from sessions where account_id = ${school.users.teacher.accountId}`);
    expect((await me(teacher.cookie)).statusCode).toBe(200);
    // … until any audited change made here drops the cache.
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const res = await as(t.app, admin)({ method: 'PATCH', url: '/api/v1/profile', payload: { name: 'Renamed Admin' } });
    expect(res.statusCode).toBe(200);
    expect((await me(teacher.cookie)).statusCode).toBe(401);
  });

  it('a sign-out and a deactivation take effect at once', async () => {
    const parent = await login(t.app, school.users.parent.email, 'parent');
    expect((await me(parent.cookie)).statusCode).toBe(200);
    expect((await as(t.app, parent)({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBeLessThan(300);
    expect((await me(parent.cookie)).statusCode).toBe(401);

    const student = await login(t.app, school.users.student.email, 'student');
    expect((await me(student.cookie)).statusCode).toBe(200);
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const off = await as(
      t.app,
      admin,
    )({ method: 'POST', url: `/api/v1/students/${school.users.student.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    expect((await me(student.cookie)).statusCode).toBe(401);
  });
});
