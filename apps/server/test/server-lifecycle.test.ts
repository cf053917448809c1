import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

/**
 * The server as an operator runs it (`node scripts/start.mjs`, what `npm start` runs; README.md, "Run it"): what
 * its log says at start, and how it stops. Real processes, a few seconds each.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      LYCEUM_SKIP_WEB_BUILD: '1',
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes('Lyceum is running at') && resolve());
    void exited.then(() => reject(new Error(`the server ended early:\n${output}`)));
  });
  return { child, output: () => output, exited };
}

/** The log lines' messages (pino writes one JSON object per line). */
const messages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; level: number; signal?: string });

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-lifecycle-'));
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('without a company admin prints a setup code at start; SIGHUP stops it gracefully, the lock released', async () => {
    const server = await start({ DATA_DIR: dataDir, DEMO_SEED: 'false' });
    running.push(server.child);
    const notice = messages(server.output()).find((m) => m.msg.startsWith('No company admin yet'));
    expect(notice?.level).toBe(40);
    expect(notice?.msg).toMatch(/\/signup\/company-admin with the setup code [0-9A-Z]{4}(-[0-9A-Z]{4}){3} /);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    server.child.kill('SIGHUP');
    expect(await server.exited).toBe(0);
    expect(messages(server.output()).find((m) => m.msg === 'shutting down')?.signal).toBe('SIGHUP');
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
