#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` on :3000 (PORT) and the Vite dev server (which proxies /api to it).
// Ctrl-C stops both; if either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: process.env }),
];

let stopping = false;
function stopAll(signal = 'SIGTERM', code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
  setTimeout(() => process.exit(code), 5_000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r))))).then(() =>
    process.exit(code),
  );
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal, 0));
for (const c of children) c.on('exit', (code) => stopAll('SIGTERM', code ?? 1));
