import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeStaleTables } from '../src/db/embedded-statistics.ts';
import { newId } from '../src/lib/ids.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The embedded database has no autovacuum: the server gathers its planner statistics itself (docs/scaling.md,
 * "The embedded database"). PGlite only: on PostgreSQL autovacuum does it and the server does nothing.
 */
const onPglite = !process.env.TEST_DATABASE_URL;

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function tuplesOf(app: TestApp, table: string): Promise<number> {
  const r = await app.app.deps.db.execute(sql`select reltuples::float8 as n from pg_class where relname = ${table}`);
  return Number((r.rows[0] as { n: number }).n);
}

describe.runIf(onPglite)("the embedded database's planner statistics", () => {
  it('analyses every table never analysed, then only a table whose rows changed past the threshold', async () => {
    t = await createTestApp();
    const db = t.app.deps.db;
    expect(await tuplesOf(t, 'users')).toBeLessThan(0);
    const first = await analyzeStaleTables(db);
    expect(first).toEqual(expect.arrayContaining(['users', 'attendance', 'notifications', 'audit_log']));
    expect(await tuplesOf(t, 'users')).toBeGreaterThanOrEqual(0);
    expect(await analyzeStaleTables(db)).toEqual([]);

    // 50 changed rows on an empty table are not yet past the threshold (50 + a tenth of the table); 51 are.
    const row = () => sql`(${newId()}, null, 'platform', 'test.row', 'school', ${newId()})`;
    const insert = (n: number) =>
      db.execute(sql`insert into audit_log (id, school_id, actor_role, action, entity, entity_id)
        values ${sql.join(Array.from({ length: n }, row), sql`, `)}`);
    await insert(50);
    expect(await analyzeStaleTables(db)).toEqual([]);
    await insert(1);
    expect(await analyzeStaleTables(db)).toEqual(['audit_log']);
    expect(await tuplesOf(t, 'audit_log')).toBeGreaterThanOrEqual(51);
  });

  it('are kept by the server itself when it runs on the embedded database, from its start', async () => {
    t = await createTestApp({ embeddedAnalyzeMs: 60_000 });
    await vi.waitFor(async () => expect(await tuplesOf(t as TestApp, 'users')).toBeGreaterThanOrEqual(0), {
      timeout: 10_000,
    });
  });

  it('are left alone when switched off', async () => {
    t = await createTestApp({ embeddedAnalyzeMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tuplesOf(t, 'users')).toBeLessThan(0);
  });
});
