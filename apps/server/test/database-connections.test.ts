import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createSchool, createTestApp, login, type SchoolFixture, type TestApp } from './helpers.ts';

/**
 * A PostgreSQL server may close pooled connections at any time (restart, failover, an operator's
 * pg_terminate_backend). The process must carry on and the next request must get a fresh connection.
 * PGlite has no pool and no server, so this runs only against a real PostgreSQL (CI sets TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database connections closed by the server', () => {
  let t: TestApp;
  let school: SchoolFixture;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createSchool(t.app);
  });
  afterAll(() => t.close());

  it('survives every idle connection being terminated and answers the next request', async () => {
    const admin = await login(t.app, school.users.school_admin.email, 'school_admin');
    const read = () => as(t.app, admin)({ method: 'GET', url: '/api/v1/auth/me' });
    // Several requests at once so the pool holds more than one idle connection.
    expect((await Promise.all([read(), read(), read()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const database = t.config.database;
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    const dbName = new URL(database.url).pathname.slice(1);
    const operator = new pg.Client({ connectionString: serverUrl });
    await operator.connect();
    const terminated = await operator.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    await operator.end();
    expect(terminated.rows.length).toBeGreaterThan(0);
    // Let the terminations reach the idle clients (each emits an error the pool must absorb).
    await new Promise((resolve) => setTimeout(resolve, 200));

    const after = await read();
    expect(after.statusCode).toBe(200);
    expect(after.json().user.email).toBe(school.users.school_admin.email);
  });
});
