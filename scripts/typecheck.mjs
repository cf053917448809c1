#!/usr/bin/env node
// `npm run typecheck`: the three programs (shared + server + bench, the web app, the journeys), one after another,
// stopping at the first that fails. Checked by TypeScript 7, the native compiler (package alias `typescript-7`):
// it finds the same errors as the JavaScript compiler for about a third of the CPU, and npm test's stages share
// two cores. TypeScript 5.9 (`typescript`) stays installed for the tools that call its JavaScript API
// (dependency-cruiser in `npm run lint`), which TypeScript 7 does not offer.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
const programs = ['tsconfig.node.json', 'apps/web', 'tests/e2e'];

for (const program of programs) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', program], { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck: ${program} has type errors (above)`);
    process.exit(status ?? 1);
  }
}
