import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * The embedded database's buffer pool is resident for the server's whole life, so it is kept small
 * (docs/scaling.md, "The embedded database"): 32 MB rather than PostgreSQL's 128 MB.
 */
const onPglite = !process.env.TEST_DATABASE_URL;

const setting = async (database: Pick<DatabaseHandle, 'db'>, name: 'shared_buffers') =>
  (await database.db.execute(sql`select current_setting(${name}) as value`)).rows[0] as { value: string };

describe('the embedded database keeps a small buffer pool', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-embedded-'));
  let opened: DatabaseHandle | null = null;
  let t: TestApp | null = null;
  afterAll(async () => {
    await opened?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('in a data directory, as an install opens it', async () => {
    opened = openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    expect(await setting(opened, 'shared_buffers')).toEqual({ value: '32MB' });
    // The rest of PGlite's own settings are kept.
    const r = await opened.db.execute(sql`select current_setting('max_parallel_workers') as value`);
    expect(r.rows[0]).toEqual({ value: '0' });
  });

  it.runIf(onPglite)('in memory, as the tests open it', async () => {
    t = await createTestApp();
    expect(await setting(t.app.deps.database, 'shared_buffers')).toEqual({ value: '32MB' });
  });
});
