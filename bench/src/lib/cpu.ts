import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { withClient } from './db.ts';

/**
 * CPU time per request, of the server process and of the PostgreSQL backends serving the bench database.
 * Latency and throughput move with whatever else the machine runs; the CPU a request costs each side moves far
 * less, so before/after pairs on a shared machine compare these (bench/README.md, "CPU per request").
 */

const TICKS_PER_SECOND = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(out.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** utime + stime of a process in ms, or null once it is gone (or /proc is not readable). */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The backends connected to the URL's database, other than the one asking. */
async function backendPids(databaseUrl: string): Promise<number[]> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => r.pid);
  });
}

export interface CpuReading {
  serverMs: number | null;
  backends: Map<number, number>;
}

export async function readCpu(serverPid: number, databaseUrl: string): Promise<CpuReading> {
  const backends = new Map<number, number>();
  for (const pid of await backendPids(databaseUrl)) {
    const ms = processCpuMs(pid);
    if (ms !== null) backends.set(pid, ms);
  }
  return { serverMs: processCpuMs(serverPid), backends };
}

export interface CpuPerRequest {
  serverMs: number | null;
  postgresMs: number | null;
}

/**
 * ms of CPU per request between two readings. A backend that appeared in between counts whole (the pool opened
 * it for this load); one that closed in between is lost, so the pool is expected to keep its connections for the
 * scenario (pg-pool keeps an idle one for 10 s).
 */
export function perRequest(before: CpuReading, after: CpuReading, requests: number): CpuPerRequest {
  if (requests <= 0) return { serverMs: null, postgresMs: null };
  const server =
    before.serverMs === null || after.serverMs === null ? null : (after.serverMs - before.serverMs) / requests;
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  return { serverMs: server, postgresMs: after.backends.size ? postgres / requests : null };
}
