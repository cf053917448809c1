#!/usr/bin/env node
// `npm test` (README.md, "Test it"): every check a contributor needs, continuing past failures.
// Stages: lint, typecheck, web build (with bundle budgets), vitest server, vitest web, end-to-end, bench smoke.
// They run in two lanes side by side (each lane in order): the server lane is CPU-bound on both cores in short
// bursts while the browser lane mostly waits on pages, so together they take far less than one after the other.
// Each output line carries its stage's name; the summary gives each stage's time and the whole run's.
// A stage that is not a test runner counts as one check; vitest and e2e count their tests.
// The last line is always `N passed, M failed`; the exit code is 1 when anything failed.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lyceum-test-'));
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));

/** The running stage's name, so two lanes' live output can be told apart line by line. */
const stageName = new AsyncLocalStorage();

/** Writes a chunk of a stage's output with the stage's name before every line. */
function lineWriter(stream) {
  const name = stageName.getStore();
  if (!name) return (chunk) => stream.write(chunk);
  let pending = '';
  return (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) stream.write(`[${name}] ${line}\n`);
  };
}

/** Runs a command with live output; resolves with its exit code and the captured output. */
function run(cmd, args, { timeoutMs = 10 * 60_000, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    let output = '';
    const onData = (stream) => {
      const write = lineWriter(stream);
      return (chunk) => {
        output += chunk;
        write(String(chunk));
      };
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    const timer = setTimeout(() => {
      output += `\n[test] timed out after ${timeoutMs / 1000} s\n`;
      console.error(`[test] ${cmd} ${args.join(' ')} timed out after ${timeoutMs / 1000} s; stopping it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${output}\n${err.message}` });
    });
    const done = (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    };
    child.on('close', done);
    // A grandchild that outlives the command (a server it started, say) keeps the pipes and so 'close' away:
    // once the command itself has exited, give its output a moment, then stop the whole group and move on.
    child.on('exit', (code, signal) => {
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group is already gone
        }
        done(code, signal);
      }, 5_000).unref();
    });
  });
}

/** A check that passes when the command exits 0. */
const check = (cmd, args, opts) => async () => {
  const { code } = await run(cmd, args, opts);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
};

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);

/** One vitest project (server or web), run on its own so its time shows; counts come from its JSON report. */
const vitest = (project) => async () => {
  const report = path.join(tmp, `vitest-${project}.json`);
  const { code } = await run(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    // A hang guard, not a budget: the server suite takes 7–8 minutes on a busy 2-core machine beside the journeys.
    { timeoutMs: 12 * 60_000 },
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
  const r = JSON.parse(readFileSync(report, 'utf8'));
  let failed = r.numFailedTests ?? 0;
  // A file that fails to load has no tests of its own; count it once so it cannot pass silently.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  );
  failed += brokenFiles.length;
  for (const f of brokenFiles)
    console.error(`[test] ${path.relative(root, f.name)} failed to run: ${(f.message ?? '').split('\n')[0]}`);
  const passed = r.numPassedTests ?? 0;
  if (code !== 0 && failed === 0) failed = 1; // crashed after the report, or unhandled errors
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Named again in the summary, so a failure is identifiable from the last lines of a long CI log.
  const failures = (r.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => `${path.relative(root, f.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`),
  );
  failures.push(...brokenFiles.map((f) => `${path.relative(root, f.name)}: ${firstLine(f.message)}`));
  return {
    passed,
    failed,
    failures,
    note: `${(r.testResults ?? []).length} files${skipped ? `, ${skipped} skipped` : ''}`,
  };
};

/** The Playwright journeys; counts come from their JSON report (tests/e2e/report.mjs says what counts as failed). */
async function e2e() {
  const runner = path.join(root, 'tests/e2e/run.mjs');
  if (!existsSync(runner)) return { skipped: true, note: 'tests/e2e/run.mjs does not exist yet' };
  const report = path.join(tmp, 'e2e.json');
  const { code } = await run(process.execPath, [runner], { timeoutMs: 16 * 60_000, env: { E2E_REPORT: report } });
  const { readE2eReport } = await import(pathToFileURL(path.join(root, 'tests/e2e/report.mjs')).href);
  return readE2eReport(report, code);
}

/** The 30-second bench smoke: needs a PostgreSQL; fails only on request errors, never on timings. */
async function benchSmoke() {
  if (!process.env.BENCH_DATABASE_URL) {
    return { skipped: true, note: 'set BENCH_DATABASE_URL (a database on a PostgreSQL server) to run it' };
  }
  return check(bin('tsx'), ['bench/src/run.ts', '--smoke'], { timeoutMs: 3 * 60_000 })();
}

const stages = {
  lint: check(npm, ['run', '--silent', 'lint']),
  typecheck: check(npm, ['run', '--silent', 'typecheck']),
  'web build': check(npm, ['run', 'build', '-w', 'apps/web']),
  'vitest server': vitest('server'),
  'vitest web': vitest('web'),
  e2e,
  'bench smoke': benchSmoke,
};
/**
 * Two lanes side by side, of about the same length, so that neither waits long for the other: the checks and the
 * server suite in one; the web build, the journeys (which start as soon as the build is done) and then the web
 * component tests in the other. Measured on a 2-core machine, the lanes side by side: lint + typecheck + server
 * suite ~450–460 s, web build + journeys ~400–415 s, the web component tests ~75–80 s. A third lane for the web
 * component tests was tried and was slower (519 s against 492 s): the cores, not the lanes, are the limit.
 */
const lanes = [
  ['lint', 'typecheck', 'vitest server', 'bench smoke'],
  ['web build', 'e2e', 'vitest web'],
];

const results = [];
const started = Date.now();
async function runLane(names) {
  for (const name of names) {
    // `npm test -- vitest` runs both vitest stages, `npm test -- vitest-web` one of them.
    const selectors = [name.replace(' ', '-'), ...(name.startsWith('vitest') ? ['vitest'] : [])];
    if (only.length && !only.some((o) => selectors.includes(o))) continue;
    console.log(`\n━━ ${name} started ${'━'.repeat(Math.max(0, 62 - name.length))}`);
    const t = Date.now();
    let result;
    try {
      result = await stageName.run(name, stages[name]);
    } catch (err) {
      result = { passed: 0, failed: 1, note: String(err?.stack ?? err) };
    }
    const seconds = (Date.now() - t) / 1000;
    console.log(`━━ ${name} finished in ${seconds.toFixed(1)} s`);
    results.push({ name, seconds, ...result });
  }
}
await Promise.all(lanes.map(runLane));
results.sort((a, b) => Object.keys(stages).indexOf(a.name) - Object.keys(stages).indexOf(b.name));

const failures = results.flatMap((r) =>
  r.failures?.length ? r.failures.map((f) => `${r.name}: ${f}`) : r.failed ? [`${r.name}: ${r.note ?? 'failed'}`] : [],
);
if (failures.length) {
  console.log('\n━━ failed tests ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━');
  for (const f of failures.slice(0, 20)) console.log(f);
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more`);
}

let passed = 0;
let failed = 0;
console.log('\n━━ summary ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━');
for (const r of results) {
  const status = r.skipped ? 'skipped' : r.failed ? 'FAILED ' : 'ok     ';
  const counts = r.skipped ? '' : `${r.passed} passed, ${r.failed} failed`;
  console.log(
    `${status}  ${r.name.padEnd(14)} ${counts.padEnd(24)} ${r.seconds.toFixed(1).padStart(6)} s${r.note ? `  (${r.note})` : ''}`,
  );
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
}
const vitestSeconds = results.filter((r) => r.name.startsWith('vitest')).reduce((sum, r) => sum + r.seconds, 0);
if (vitestSeconds > 0) console.log(`vitest time ${vitestSeconds.toFixed(1)} s (server and web)`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
