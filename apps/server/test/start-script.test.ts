import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './free-port.ts';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` (scripts/start.mjs, README.md "Run it") as an operator's supervisor sees it: npm, its `sh -c`, the
 * start script and the server. Reads the process tree from /proc, so Linux only.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // Gone while we read.
    }
  }
  return found;
}

function descendantsOf(pid: number): Proc[] {
  const all = processes();
  const out: Proc[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        out.push(p);
        grew = true;
      }
    }
  }
  return out;
}

/** Running: a zombie (exited, not yet reaped by its parent) does not count. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-npm-start-'));
  /** Every process of the run, killed at the end whatever happened. */
  let started: number[] = [];
  afterAll(() => {
    for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps no esbuild helper, and shuts the server down gracefully when only npm gets SIGTERM', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_SEED: 'false',
        LOG_LEVEL: 'info',
        LYCEUM_SKIP_WEB_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk) => {
      output += chunk;
    });
    npm.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // The pipes close once every process holding them (npm, the shell, the start script, the server) has exited.
    const allClosed = new Promise<void>((resolve) => npm.stdout.on('close', resolve));
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', () => output.includes('Lyceum is running at') && resolve());
      npm.on('exit', () => reject(new Error(`npm start ended early:\n${output}`)));
    });
    const tree = descendantsOf(npm.pid as number);
    started = [npm.pid as number, ...tree.map((p) => p.pid)];
    expect(tree.filter((p) => p.cmdline.includes('esbuild')).map((p) => p.cmdline)).toEqual([]);
    const server = tree.find((p) => p.cmdline.includes('server.js') || p.cmdline.includes('server.ts'));
    expect(server, tree.map((p) => p.cmdline).join('\n')).toBeDefined();

    npm.kill('SIGTERM');
    await allClosed;
    expect(output).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
    expect(started.filter(alive)).toEqual([]);
  });
});
