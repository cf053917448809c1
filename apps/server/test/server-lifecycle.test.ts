import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    const port = await freePort();
    const server = await start({ DATA_DIR: dataDir, DEMO_SEED: 'false', PORT: String(port) });
    running.push(server.child);
    // The start-up summary (README.md, "The log"): one readable line each, once the server listens.
    const said = messages(server.output()).map((m) => m.msg);
    const summary = said.slice(said.findIndex((msg) => msg.startsWith('Database:')));
    expect(summary.slice(0, 4)).toEqual([
      `Database: embedded (PGlite) in ${dataDir}/db`,
      expect.stringMatching(/^Migrations applied: \d+ \(0000_foundation … 00\d\d_[a-z-]+\)$/),
      `Mail: no SMTP_URL, so mail is not sent but written to ${dataDir}/mail and the log (README.md: Mail)`,
      `Lyceum is running at http://localhost:${port} (listening on 127.0.0.1:${port})`,
    ]);
    const notice = messages(server.output()).find((m) => m.msg.startsWith('No company admin yet'));
    expect(notice?.level).toBe(40);
    expect(notice?.msg).toMatch(/\/signup\/company-admin with the setup code [0-9A-Z]{4}(-[0-9A-Z]{4}){3} /);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    server.child.kill('SIGHUP');
    expect(await server.exited).toBe(0);
    expect(messages(server.output()).find((m) => m.msg === 'shutting down')?.signal).toBe('SIGHUP');
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('says a stale lock was taken over, no migration pending, SMTP by host (its check failing), the demo accounts one per line', async () => {
    // A server killed outright left its lock, naming a pid that no longer runs (above Linux's highest).
    writeFileSync(path.join(dataDir, 'db.lock'), '4194305\n');
    const smtpPort = await freePort();
    const server = await start({
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      SMTP_URL: `smtp://mailer:Sm7pPassw0rd@127.0.0.1:${smtpPort}`,
    });
    running.push(server.child);
    // The SMTP check answers after the start.
    for (let i = 0; i < 100 && !server.output().includes('refused a test connection'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const said = messages(server.output());
    const msgs = said.map((m) => m.msg);
    expect(said.find((m) => m.msg.startsWith('Took over'))).toMatchObject({
      level: 40,
      msg: `Took over ${dataDir}/db.lock from process 4194305, which no longer runs: the last server was killed or crashed rather than stopped`,
    });
    expect(msgs).toContain('Migrations: none pending');
    expect(msgs).toContain(`Mail: sent over SMTP via 127.0.0.1:${smtpPort}, from Lyceum <no-reply@lyceum.local>`);
    expect(said.find((m) => m.msg.startsWith('Mail: the SMTP server in SMTP_URL refused'))?.level).toBe(40);
    // The demo (seeded now: the first start made no accounts): its password once, then one line per account.
    expect(msgs).toContain('Demo data seeded; every demo account has the password lyceum-demo');
    expect(msgs).toContain('Demo account: school_admin school-admin@demo.lyceum.test');
    expect(msgs).toContain('Demo account: teacher teacher@riverside.lyceum.test');
    expect(msgs.filter((msg) => msg.includes('\n'))).toEqual([]);
    expect(server.output()).not.toContain('Sm7pPassw0rd');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
