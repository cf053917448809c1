import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { pgCode } from '../src/lib/pg-errors.ts';
import { createSchool, createTestApp, type SchoolFixture, type TestApp } from './helpers.ts';

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
        const covered = rows.some((r: { table: string; def: string }) => r.table === config.name && r.def.includes(column.name));
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
