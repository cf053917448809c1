import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { pgCode } from '../src/lib/pg-errors.ts';
import { as, createSchool, createTestApp, login, type SchoolFixture, type TestApp } from './helpers.ts';

/** Every closed set of values in the schema is enforced by the database, not only by the contract. */
let t: TestApp;
let school: SchoolFixture;
beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.app);
});
afterAll(() => t.close());

describe('closed sets of values', () => {
  it('every text column with a closed set has a check constraint naming it', async () => {
    const { rows } = await t.app.deps.db.execute<{ table: string; def: string }>(sql`
      select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as def
      from pg_constraint c where c.contype = 'c' and c.connamespace = 'public'::regnamespace`);
    const missing: string[] = [];
    for (const table of (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable)) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        if (!column.enumValues?.length) continue;
        const covered = rows.some(
          (r: { table: string; def: string }) => r.table === config.name && r.def.includes(column.name),
        );
        if (!covered) missing.push(`${config.name}.${column.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses a notification type the contract does not know', async () => {
    const err = await t.app.deps.db
      .execute(sql`insert into notifications (school_id, id, user_id, type, title, body)
        values (${school.id}, gen_random_uuid(), ${school.users.teacher.id}, 'event', 'x', 'y')`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgCode(err)).toBe('23514');
  });
});

describe('a response that fails its schema', () => {
  it('answers 500 and logs the id of the row that broke it', async () => {
    // A row from before the constraint (or a database without it): put one there behind the constraint's back.
    const db = t.app.deps.db;
    await db.execute(sql`alter table notifications drop constraint notifications_type_check`);
    const { rows } = await db.execute<{
      id: string;
    }>(sql`insert into notifications (school_id, id, user_id, type, title, body)
      values (${school.id}, gen_random_uuid(), ${school.users.teacher.id}, 'event', 'x', 'y') returning id`);
    const badId = (rows[0] as { id: string }).id;
    const error = vi.spyOn(t.app.log, 'error');
    try {
      const teacher = await login(t.app, school.users.teacher.email, 'teacher');
      const res = await as(t.app, teacher)({ method: 'GET', url: '/api/v1/notifications' });
      expect(res.statusCode).toBe(500);
      const logged = error.mock.calls.find((c) => c[1] === 'response does not match its schema');
      expect(logged?.[0]).toMatchObject({ rows: [expect.objectContaining({ id: badId })] });
    } finally {
      error.mockRestore();
      await db.execute(sql`delete from notifications where id = ${badId}`);
    }
  });
});
