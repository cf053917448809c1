import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DataDirInUseError } from '../src/db/data-dir.ts';

/**
 * One process per embedded database (README.md, "Configuration", DATA_DIR): a second server, or the CLI while the
 * server runs, would work on its own copy and one of the two would lose its writes without a word.
 */
describe('the embedded database is locked to the process that opened it', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'lyceum-lock-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const dataDir = (name: string) => path.join(root, name);
  const countOf = async (handle: ReturnType<typeof openDatabase>) =>
    Number((await handle.db.execute(sql`select count(*)::int as n from kept`)).rows[0]?.n);

  it('refuses a second open of the same directory, naming it and the pid, and the first keeps working', async () => {
    const dir = dataDir('twice');
    const first = openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    try {
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (1)`);
      expect(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));

      let refused: unknown;
      try {
        openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as Error).message).toBe(
        `The data directory ${dir} is in use by another Lyceum process (pid ${process.pid}): stop that process ` +
          `first, or set DATA_DIR to another directory. If no process ${process.pid} is running, delete ${dir}/db.lock.`,
      );

      await first.db.execute(sql`insert into kept values (2)`);
      expect(await countOf(first)).toBe(2);
    } finally {
      await first.close();
    }
    // Closing lets it go: the next opener finds the rows.
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
    const again = openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    try {
      expect(await countOf(again)).toBe(2);
    } finally {
      await again.close();
    }
  });

  it('refuses while another live process holds the lock, before creating anything', async () => {
    const dir = dataDir('other-process');
    mkdirSync(dir);
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const pid = holder.pid as number;
      writeFileSync(path.join(dir, 'db.lock'), `${pid}\n`);
      expect(() => openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') })).toThrow(
        `The data directory ${dir} is in use by another Lyceum process (pid ${pid})`,
      );
      expect(existsSync(path.join(dir, 'db'))).toBe(false);
      expect(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock whose process is gone (killed, crashed), and releases it on close', async () => {
    const dir = dataDir('stale');
    mkdirSync(dir);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(path.join(dir, 'db.lock'), `${gone}\n`);
    const handle = openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    try {
      expect(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
      expect((await handle.db.execute(sql`select 1 as one`)).rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });
});
