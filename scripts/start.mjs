#!/usr/bin/env node
// `npm start` (README.md, "Run it"): builds the web app once if it has never been built, compiles the server with
// esbuild (~0.1 s, every start, so it is never stale; tsx is the fallback), then runs it with NODE_ENV=production.
// SIGINT/SIGTERM/SIGHUP are forwarded to the server so it shuts down gracefully; we exit with its code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// LYCEUM_SKIP_WEB_BUILD=1 starts the API alone (the server then answers only /api).
if (!process.env.LYCEUM_SKIP_WEB_BUILD && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start only; later starts skip this)…');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

let args;
try {
  const { buildServer, stopBuildService } = await import('./build-server.mjs');
  args = [await buildServer({ quiet: true })];
  await stopBuildService().catch(() => {});
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

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
});
child.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
