import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort } from './free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An operator's mistakes at start (README.md, "Configuration"): the server and the CLI stop with one clear line and
 * exit 1, before they write anything. These run the real entry points as processes (a couple of seconds each).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(entry: 'server' | 'cli', args: string[], env: Record<string, string>, asNobody = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, `apps/server/src/${entry}.ts`), ...args],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        // Root writes anywhere: the unwritable directory is tried as nobody.
        ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('start-up mistakes stop with one line', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-start-'));
    chmodSync(dir, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the CLI refuses the data directory of a running server, saying to stop the server first', async () => {
    const dataDir = path.join(dir, 'held');
    mkdirSync(dataDir);
    // This test process plays the running server.
    writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid}\n`);
    const result = await run('cli', ['create-company-admin', '--email', 'boss@env.test', '--name', 'Boss Person'], {
      DATA_DIR: dataDir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `The data directory ${dataDir} is in use by another Lyceum process (pid ${process.pid}): stop the server ` +
        `first, then run this again. If no process ${process.pid} is running, delete ${dataDir}/db.lock.\n`,
    );
    expect(readdirSync(dataDir)).toEqual(['db.lock']);
  });

  it('a port in use is said before the database is created or seeded', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const dataDir = path.join(dir, 'port');
    try {
      const result = await run('server', [], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Port ${port} is in use on 127.0.0.1: stop the process that holds it, or set PORT to a free port.\n`,
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('an existing data directory this user may not write is named, with what to do', async () => {
    const dataDir = path.join(dir, 'readonly');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const asNobody = process.getuid?.() === 0;
    if (!asNobody) chmodSync(dataDir, 0o555);
    const result = await run(
      'server',
      [],
      { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DEMO_SEED: 'false' },
      asNobody,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^The data directory ${dataDir} cannot be written by this user \\(uid \\d+\\): give it to the user the ` +
          'server runs as \\(chown -R\\), or set DATA_DIR to a directory that user may write\\.\\n$',
      ),
    );
    chmodSync(dataDir, 0o755);
    expect(readdirSync(dataDir)).toEqual(['db']);
  });

  it('a data directory this user may not create is named, with what to do', async () => {
    const parent = path.join(dir, 'closed');
    mkdirSync(parent);
    const asNobody = process.getuid?.() === 0;
    if (!asNobody) chmodSync(parent, 0o555);
    const dataDir = path.join(parent, 'data');
    const result = await run(
      'server',
      [],
      { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DEMO_SEED: 'false' },
      asNobody,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The data directory ${dataDir} cannot be created (EACCES): create it for the user the server runs as, or ` +
        'set DATA_DIR to a directory that user may write.\n',
    );
    chmodSync(parent, 0o755);
    expect(readdirSync(parent)).toEqual([]);
  });
});
