/**
 * `npm run bench` (docs/product.md, "Performance budgets"): starts the server against the bench database (DATABASE_URL, filled by
 * `npm run bench:data`), signs in as users of many schools, drives every scenario of scenarios/index.ts with
 * autocannon over loopback and prints one table (req/s, p50/p95/p99, errors, server RSS) against the budgets;
 * for each read scenario, the same statements straight against PostgreSQL with pgbench (bench/README.md, "How
 * close to the limit"). The table is also written to bench/results/latest.md.
 *
 * `npm run bench -- --smoke`: a ~30 s version on a small data set it generates itself (3 schools, 300
 * students) into BENCH_DATABASE_URL, DATABASE_URL, or a `lyceum_bench_smoke` database it creates on the
 * TEST_DATABASE_URL server. It fails only on request errors, never on timings; without a database it skips.
 * Options: --duration s (per scenario, default 10; smoke 2), --connections n (override), --only text[,text…].
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { numberArg, parseArgs } from './lib/args.ts';
import { type CpuPerRequest, perRequest, readCpu } from './lib/cpu.ts';
import { ensureDatabase, withClient } from './lib/db.ts';
import { PgbenchError, pgbenchMissing, runPgbench, toScript } from './lib/pgbench.ts';
import { captureStatements, type RequestStatements, spread } from './lib/statements.ts';
import { repoRoot, type RunningServer, startServer } from './lib/server.ts';
import { BENCH_PASSWORD } from './data/plan.ts';
import { generate, redact } from './generate.ts';
import { dataDirWithPictures } from './data/pictures.ts';
import { type Scenario, type ScenarioContext, type Session, type SignInRole, scenarios } from './scenarios/index.ts';

const RSS_BUDGET_MB = 250;
const SAMPLE_PER_ROLE = 64;
/** Endpoint req/s ÷ pgbench tx/s of the same statements: the target for every read row (issue 15). */
const RATIO_TARGET = 0.5;
/** Requests of a read scenario whose statements are captured and replayed (spread over its kinds of request). */
const CAPTURED_PER_SCENARIO = 12;

interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  rssMb: number;
  budget: string;
  verdict: 'within' | 'over' | '—';
  /** The same statements straight against PostgreSQL: tx/s, or why there is no figure. */
  pgbench?: number | string;
  /** CPU per request of the server and of PostgreSQL while the scenario ran (lib/cpu.ts). */
  cpu?: CpuPerRequest;
}

/** A read scenario: a request loop of GETs, whose statements can be replayed with pgbench. */
const isRead = (scenario: Scenario, ctx: ScenarioContext) =>
  !scenario.measure && scenario.requests(ctx).every((r) => (r.method ?? 'GET') === 'GET');

async function resolveDatabase(smoke: boolean): Promise<string | null> {
  const direct = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (direct) return direct;
  if (smoke && process.env.TEST_DATABASE_URL)
    return ensureDatabase(process.env.TEST_DATABASE_URL, 'lyceum_bench_smoke');
  return null;
}

/** Realistic users: for each role, one per school across as many schools as possible. */
async function pickUsers(url: string): Promise<{ email: string; role: SignInRole; schoolId: string | null }[]> {
  return withClient(url, async (client) => {
    const school = await client.query<{ email: string; role: SignInRole; school_id: string }>(
      `select email, role, school_id from (
         select u.email, u.role, u.school_id, row_number() over (partition by u.role order by md5(u.school_id::text)) rn
         from (select distinct on (school_id, role) email, role, school_id from users
               where is_active and deleted_at is null order by school_id, role, email) u
       ) x where rn <= $1`,
      [SAMPLE_PER_ROLE],
    );
    const company = await client.query<{ email: string }>(
      `select email from company_staff where role = 'company_admin' and is_active order by email`,
    );
    return [
      ...school.rows.map((r) => ({ email: r.email, role: r.role, schoolId: r.school_id })),
      ...company.rows.map((r) => ({ email: r.email, role: 'company_admin' as const, schoolId: null })),
    ];
  });
}

async function signIn(server: RunningServer, users: Awaited<ReturnType<typeof pickUsers>>): Promise<Session[]> {
  const sessions: Session[] = [];
  const queue = [...users];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let u = queue.shift(); u; u = queue.shift()) {
        const res = await fetch(`${server.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: u.email, password: BENCH_PASSWORD, role: u.role }),
        });
        const cookie = res.headers.get('set-cookie')?.split(';')[0];
        if (!res.ok || !cookie) failures.push(`${u.email} (${u.role}): ${res.status} ${await res.text()}`);
        else sessions.push({ role: u.role, email: u.email, schoolId: u.schoolId, cookie });
      }
    }),
  );
  if (failures.length)
    throw new Error(`Sign-in failed for ${failures.length} users:\n  ${failures.slice(0, 5).join('\n  ')}`);
  return sessions;
}

/** Exact percentiles of every recorded time (autocannon's summary has no p95). */
function percentiles(times: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : Number.NaN;
  return { p50: pct(50), p95: pct(95), p99: pct(99) };
}

/**
 * autocannon starts every connection at the first request of the list and walks it in order, so a 10 s run
 * at a few hundred req/s never got past the first half of a long list (the student list's teacher requests,
 * its last third, were never sent). A fixed shuffle gives every prefix the scenario's mix.
 */
function mixed<T>(requests: T[]): T[] {
  const out = [...requests];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Every autocannon connection walks the same list from its first request, so without this all of them sent
 * request 0, then request 1, … in step: the sign-in row's 8 connections signed the same account in from the same
 * address at once, and the sign-in throttle (which counts an attempt as a failure until its password proves
 * right) rightly answered 429 to some. Each connection starts at its own place in the list instead.
 */
function staggered<T>(requests: T[], connections: number): (client: { setRequests(r: T[]): void }) => void {
  let next = 0;
  return (client) => {
    const offset = Math.floor(((next++ % connections) * requests.length) / connections);
    client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
  };
}

async function runScenario(
  server: RunningServer,
  scenario: Scenario,
  ctx: ScenarioContext,
  opts: { duration: number; connections?: number; smoke: boolean; databaseUrl: string },
): Promise<Row> {
  if (scenario.measure) {
    const m = await scenario.measure({
      serverUrl: server.url,
      databaseUrl: opts.databaseUrl,
      ctx,
      duration: opts.duration,
      smoke: opts.smoke,
      memory: () => server.memory(),
    });
    const measured: Row = {
      scenario: scenario.name,
      connections: m.connections,
      rps: m.requests / opts.duration,
      ...percentiles(m.latenciesMs),
      requests: m.requests,
      errors: m.errors,
      rssMb: m.rssMb,
      budget: scenario.budget ? `${scenario.budget.label}, RSS < ${RSS_BUDGET_MB} MB` : `RSS < ${RSS_BUDGET_MB} MB`,
      verdict: '—',
    };
    const overLatency = scenario.budget?.p95Ms !== undefined && measured.p95 > scenario.budget.p95Ms;
    measured.verdict = m.errors > 0 || overLatency || m.rssMb > RSS_BUDGET_MB ? 'over' : 'within';
    return measured;
  }
  const requests = mixed(scenario.requests(ctx));
  if (!requests.length) throw new Error(`Scenario ${scenario.name} has no requests (no signed-in users of its role?)`);
  const connections = opts.connections ?? scenario.connections;
  const base = { url: server.url, connections, timeout: 10, requests, setupClient: staggered(requests, connections) };
  if (!opts.smoke) await autocannon({ ...base, duration: 1 }); // warm-up, not measured
  // autocannon's summary has no p95, so every response time is recorded and the percentiles computed exactly.
  const times: number[] = [];
  const cpuBefore = await readCpu(server.pid, opts.databaseUrl);
  const instance = autocannon({ ...base, duration: opts.duration });
  const statuses = new Map<number, number>();
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const cpu = perRequest(cpuBefore, await readCpu(server.pid, opts.databaseUrl), result.requests.total);
  await scenario.after?.(opts.databaseUrl);
  const lat = percentiles(times);
  const { rssMb } = server.memory();
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) {
    const byStatus = [...statuses].filter(([status]) => status >= 300).map(([status, n]) => `${n} × ${status}`);
    console.error(
      `\n  ${scenario.name}: ${result.non2xx} non-2xx (${byStatus.join(', ') || 'none'}), ${result.errors} connection errors, ${result.timeouts} timeouts`,
    );
    // Show what went wrong: replay the scenario's first requests once and print the first failure.
    for (const r of requests.slice(0, 20)) {
      const res = await fetch(server.url + r.path, { method: r.method, headers: r.headers, body: r.body }).catch(
        (e) => e as Error,
      );
      if (res instanceof Error || !res.ok) {
        const detail = res instanceof Error ? res.message : `${res.status} ${(await res.text()).slice(0, 300)}`;
        console.error(`\n  ${scenario.name}: ${r.method} ${r.path} → ${detail}`);
        break;
      }
    }
  }
  const row: Row = {
    scenario: scenario.name,
    connections,
    rps: result.requests.average,
    p50: lat.p50,
    p95: lat.p95,
    p99: lat.p99,
    requests: result.requests.total,
    errors,
    rssMb,
    budget: scenario.budget ? `${scenario.budget.label}, RSS < ${RSS_BUDGET_MB} MB` : `RSS < ${RSS_BUDGET_MB} MB`,
    verdict: '—',
    cpu,
  };
  const overLatency =
    (scenario.budget?.p95Ms !== undefined && row.p95 > scenario.budget.p95Ms) ||
    (scenario.budget?.p50Ms !== undefined && row.p50 > scenario.budget.p50Ms);
  row.verdict = errors > 0 || overLatency || rssMb > RSS_BUDGET_MB ? 'over' : 'within';
  return row;
}

/** The scenario, budget and verdict columns read as text; the figures line up on the right. */
const leftAligned = (column: number) => column === 0 || column === 9 || column === 10;

const ratioCell = (ratio: number) => `${ratio.toFixed(2)} ${ratio >= RATIO_TARGET ? 'within' : 'under'}`;

/**
 * The read scenario's captured statements replayed with pgbench at the scenario's connections for as long as
 * it ran; in the smoke, two transactions per script on one connection (a check that they run, not a figure).
 */
async function pgbenchFigure(
  url: string,
  captured: RequestStatements[] | undefined,
  opts: { connections: number; duration: number; smoke: boolean },
): Promise<number | string> {
  if (!captured?.length) return 'not captured';
  // A warm request that sends nothing (answered from the process's memory) has nothing to compare with.
  const withSql = captured.filter((statements) => statements.length > 0);
  if (!withSql.length) return 'no SQL (cached)';
  const scripts = withSql.map((statements, i) => toScript(statements, i));
  try {
    const tps = await runPgbench(
      url,
      scripts,
      opts.smoke ? { clients: 1, transactions: 2 } : { clients: opts.connections, seconds: opts.duration },
    );
    return opts.smoke ? 'ran (smoke)' : tps;
  } catch (err) {
    if (!(err instanceof PgbenchError)) throw err;
    console.error(`\n  ${err.message}`);
    return 'failed';
  }
}

function table(rows: Row[]): string {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'requests',
    'errors',
    'RSS MB',
    'budget',
    'verdict',
    'pgbench tx/s',
    'ratio',
    'CPU ms/req server / PostgreSQL',
  ];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.requests),
    String(r.errors),
    r.rssMb.toFixed(0),
    r.budget,
    r.verdict,
    typeof r.pgbench === 'number' ? r.pgbench.toFixed(0) : (r.pgbench ?? '—'),
    typeof r.pgbench === 'number' ? ratioCell(r.rps / r.pgbench) : '—',
    r.cpu ? `${fmtCpu(r.cpu.serverMs)} / ${fmtCpu(r.cpu.postgresMs)}` : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (leftAligned(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [
    fmt(header),
    `|${widths.map((w, i) => (leftAligned(i) ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...lines.map(fmt),
  ].join('\n');
}

const fmtCpu = (ms: number | null) => (ms === null ? '?' : ms.toFixed(2));

const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

async function main(): Promise<number> {
  const args = parseArgs();
  const smoke = args.has('smoke');
  const url = await resolveDatabase(smoke);
  if (!url) {
    const msg = 'needs a PostgreSQL database: set DATABASE_URL (or BENCH_DATABASE_URL; TEST_DATABASE_URL for --smoke).';
    if (smoke) {
      console.log(`Bench smoke skipped: it ${msg}`);
      return 0;
    }
    console.error(`The bench ${msg} Fill it first with \`npm run bench:data\`.`);
    return 2;
  }
  const started = performance.now();
  // The machine is shared: the load average before and after says how much of it the bench had.
  const loadBefore = os.loadavg();
  if (smoke) {
    console.log(`Bench smoke: generating a small data set into ${redact(url)}`);
    await generate(url, { schools: 3, students: 300, seed: 42 });
  }
  const users = await pickUsers(url).catch((err) => {
    throw new Error(`Could not read bench users (${err.message}); run \`npm run bench:data\` first.`);
  });
  if (!users.length) throw new Error('The database has no users; run `npm run bench:data` first.');

  const dataCounts = await withClient(url, async (c) => {
    const r = await c.query<{ schools: number; users: number; students: number }>(
      `select (select count(*)::int from schools) schools, (select count(*)::int from users) users,
              (select count(*)::int from users where role = 'student') students`,
    );
    return r.rows[0];
  });
  const pictures = await dataDirWithPictures(url);
  console.log(`${pictures.files} profile pictures written for the server`);
  const server = await startServer(url, { DATA_DIR: pictures.dataDir });
  const rows: Row[] = [];
  let failed = false;
  try {
    const signedIn = await signIn(server, users);
    const byRole = (role: SignInRole) => signedIn.filter((s) => s.role === role);
    const ctx: ScenarioContext = {
      sessions: {
        school_admin: byRole('school_admin'),
        principal: byRole('principal'),
        teacher: byRole('teacher'),
        student: byRole('student'),
        parent: byRole('parent'),
        company_admin: byRole('company_admin'),
      },
      credentials: users.map((u) => ({ email: u.email, password: BENCH_PASSWORD, role: u.role })),
    };
    // --only a,b: the scenarios whose name contains any of the comma-separated texts.
    const only = args.get('only');
    const wanted = typeof only === 'string' ? only.split(',').filter(Boolean) : [];
    const chosen = scenarios.filter((s) => !wanted.length || wanted.some((w) => s.name.includes(w)));
    const duration = numberArg(args, 'duration', smoke ? 2 : 10);
    const connections = args.has('connections') ? numberArg(args, 'connections', 32) : smoke ? 4 : undefined;
    const reads = chosen.filter((s) => isRead(s, ctx));
    const noPgbench = pgbenchMissing();
    let captured = new Map<string, RequestStatements[]>();
    if (reads.length && !noPgbench) {
      process.stdout.write(`  capturing the statements of ${reads.length} read scenarios… `);
      captured = await captureStatements(
        url,
        pictures.dataDir,
        reads.map((s) => ({ name: s.name, requests: spread(s.requests(ctx), smoke ? 3 : CAPTURED_PER_SCENARIO) })),
      );
      console.log('done');
    }
    for (const scenario of chosen) {
      process.stdout.write(`  ${scenario.name}… `);
      const row = await runScenario(server, scenario, ctx, { duration, connections, smoke, databaseUrl: url });
      if (reads.includes(scenario)) {
        row.pgbench = noPgbench
          ? 'no pgbench'
          : await pgbenchFigure(url, captured.get(scenario.name), { connections: row.connections, duration, smoke });
      }
      const vsPgbench = typeof row.pgbench === 'number' ? `, pgbench ${row.pgbench.toFixed(0)} tx/s` : '';
      const cpu = row.cpu ? `, CPU ${fmtCpu(row.cpu.serverMs)} + ${fmtCpu(row.cpu.postgresMs)} ms/req` : '';
      console.log(`${row.rps.toFixed(0)} req/s, p95 ${row.p95.toFixed(1)} ms, ${row.errors} errors${vsPgbench}${cpu}`);
      rows.push(row);
      if (row.errors > 0 || row.pgbench === 'failed') failed = true;
    }
  } finally {
    const peak = server.memory().peakMb;
    await server.stop();
    if (failed) console.error(`Server output (tail):\n${server.output().slice(-4000)}`);
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}`;
    const data = dataCounts
      ? `${dataCounts.schools} schools, ${dataCounts.users.toLocaleString('en')} school users (${dataCounts.students.toLocaleString('en')} students)`
      : '';
    const body = [
      `${smoke ? 'Bench smoke' : 'Bench'} — ${new Date().toISOString()}`,
      '',
      `Machine: ${machine}; load average (1/5/15 min) ${fmtLoad(loadBefore)} before, ${fmtLoad(os.loadavg())} after. Data: ${data}. Server peak RSS ${peak.toFixed(0)} MB.`,
      '',
      table(rows),
      '',
      `Each scenario: ${smoke ? '' : '1 s warm-up, then '}autocannon for the duration shown by requests/req/s, over loopback; percentiles from every response time. RSS read from /proc/<pid>/status after the scenario. Budgets: docs/product.md, "Performance budgets".`,
      `pgbench tx/s: the statements the endpoint sent for ${smoke ? 3 : CAPTURED_PER_SCENARIO} of the row's requests (captured from a second server), replayed straight against PostgreSQL as the app role under row-level security, at the row's connections${smoke ? ' (smoke: twice each on one connection, a check only)' : ' for the same duration'}; ratio = req/s ÷ pgbench tx/s, target ≥ ${RATIO_TARGET} (bench/README.md, "How close to the limit").`,
      'CPU ms/req: user + system CPU of the server process and of the PostgreSQL backends of the bench database while the scenario ran, divided by its requests; on a shared machine the figures to compare before and after (bench/README.md, "CPU per request").',
      ...(rows.some((r) => r.scenario.startsWith('event streams'))
        ? [
            '',
            'Event streams (no warm-up, no autocannon): streams held open, notifications written by the bench process through its own database connection at a steady rate; requests = events delivered, latency = start of the writing transaction to the event parsed by the client, RSS = highest while the streams were held.',
          ]
        : []),
    ].join('\n');
    console.log(`\n${body}`);
    if (rows.length && !smoke) {
      const dir = path.join(repoRoot, 'bench/results');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'latest.md'), `# ${body}\n`);
      console.log('Written to bench/results/latest.md');
    }
    console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (failed) {
    console.error('Bench failed: some requests returned errors (the errors column) or a pgbench replay did not run.');
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
