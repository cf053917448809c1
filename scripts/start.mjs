#!/usr/bin/env node
// `npm start` (README.md, "Run it"): builds the web app when it has never been built or was built from other
// sources (after an upgrade: scripts/web-build-stamp.mjs), printing only its summary (scripts/quiet-build.mjs), compiles the server with
// esbuild (~0.1 s, every start, so it is never stale; tsx is the fallback), then runs it with NODE_ENV=production.
// SIGINT/SIGTERM/SIGHUP are forwarded to the server so it shuts down gracefully; we exit with its code. When the
// process that started us goes away (see `parentGone` below), the server gets a SIGTERM too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSummary, runQuietly } from './quiet-build.mjs';
import { webBuildState } from './web-build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// LYCEUM_SKIP_WEB_BUILD=1 starts the API alone (the server then answers only /api).
const webBuild = process.env.LYCEUM_SKIP_WEB_BUILD ? 'skipped' : webBuildState(root);
if (webBuild === 'missing' || webBuild === 'stale') {
  console.log(
    webBuild === 'missing'
      ? 'Building the web app (first start; later starts reuse it until an upgrade changes its sources)…'
      : 'The web app was built from other sources (an upgrade?): building it again…',
  );
  const build = await runQuietly(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root });
  if (build.status !== 0) {
    process.stderr.write(build.output);
    console.error('The web app build failed; see the output above.');
    process.exit(build.status);
  }
  for (const line of buildSummary(build.output)) console.log(`  ${line}`);
}

let args;
try {
  const { buildServer } = await import('./build-server.mjs');
  args = [await buildServer({ quiet: true })];
} catch (err) {
  console.warn(`Could not precompile the server (${err.message}); running it through tsx instead.`);
  args = ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')];
}

// V8 sizes its heap from the machine's memory (~4 GB on 24 GB) and grows it lazily under load, which took the
// server past the 250 MB RSS budget (docs/product.md, "Performance budgets") at the bench with a live set far below that. 160 MB of old space holds the
// budget at the same throughput (bench/README.md); NODE_OPTIONS=--max-old-space-size=… overrides it.
const heap = (process.env.NODE_OPTIONS ?? '').includes('max-old-space-size') ? [] : ['--max-old-space-size=160'];
const child = spawn(process.execPath, ['--enable-source-maps', ...heap, ...args], {
  cwd: root,
  stdio: 'inherit',
  // glibc gives each thread that allocates (the libuv pool compressing answers, V8's helpers) its own malloc
  // arena and rarely hands their pages back: two arenas kept the server ~25 MB lower under the bench's page loads
  // (bench/README.md, "Memory"). MALLOC_ARENA_MAX=… in the environment overrides it.
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV || 'production',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  },
});

const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

// npm runs us under `sh -c`, which does not pass SIGTERM on: `kill <npm's pid>`, or a supervisor that signals only
// the main process (systemd's KillMode=process), ended npm and the shell and left us and the server running, never
// shut down. So an orphaned start is a SIGTERM. (A container whose PID 1 is npm kills everything as soon as npm
// exits: there, run `node scripts/start.mjs` itself; README.md, "Run it".)
const parent = process.ppid;
function parentGone() {
  try {
    // Linux: the parent's pid now (process.ppid is read once, at start); reparented, it is another process's.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent;
  } catch {
    try {
      process.kill(parent, 0);
      return false;
    } catch (err) {
      return err.code === 'ESRCH';
    }
  }
}
const watch = setInterval(() => {
  if (!parentGone()) return;
  clearInterval(watch);
  forward('SIGTERM');
}, 500);
watch.unref();
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
child.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
