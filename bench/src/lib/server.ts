import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory now and at its peak, in MB, from /proc/<pid>/status. */
  memory(): { rssMb: number; peakMb: number };
  output(): string;
  stop(): Promise<void>;
}

function readStatusKb(pid: number, field: string): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Compiles the server the way `npm start` does (scripts/build-server.mjs) and starts it against
 * `databaseUrl` on a free loopback port (`build: false` reuses the last compile: a second server of one run), in production mode (heap limit as in scripts/start.mjs), with the login
 * rate limit lifted.
 */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  { build = true }: { build?: boolean } = {},
): Promise<RunningServer> {
  if (build) {
    const compiled = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (compiled.status !== 0) throw new Error(`Compiling the server failed:\n${compiled.stdout}${compiled.stderr}`);
  }
  const port = await freePort();
  // The same heap limit as `npm start` (scripts/start.mjs), so the bench measures the server as shipped.
  const heap = (process.env.NODE_OPTIONS ?? '').includes('max-old-space-size') ? [] : ['--max-old-space-size=160'];
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (NODE_OPTIONS refuses --cpu-prof, and would profile the runner too).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...heap, ...extra, path.join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-data-')),
      LOG_LEVEL: 'warn',
      // As `npm start` runs it (scripts/start.mjs): two malloc arenas.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
      // The per-IP limit on sign-in (every bench request comes from 127.0.0.1); the name changed once, so both.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out = (out + c).slice(-20_000);
  });
  child.stderr?.on('data', (c) => {
    out = (out + c).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    child,
    memory: () => ({ rssMb: readStatusKb(pid, 'VmRSS') / 1024, peakMb: readStatusKb(pid, 'VmHWM') / 1024 }),
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.on('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
