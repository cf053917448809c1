import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Finished, finished } from './process-output.ts';

/**
 * What `npm start` prints while it builds the web app (scripts/start.mjs, scripts/quiet-build.mjs): one line before,
 * the build's summary after, not its hundreds of lines; a failed build prints all of it. A copy of the start
 * script in a scratch install whose web build is a stand-in printing as Vite and the budget check do (the real
 * build takes a minute of CPU).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const NOISY_BUILD = `
import { mkdirSync, writeFileSync } from 'node:fs';
console.log('vite v7.1.0 building for production...');
console.warn('node_modules/zod/v4/core/util.js (1:1): A comment "/*#__PURE__*/" contains an annotation...');
for (let i = 0; i < 300; i++) console.log('dist/assets/chunk-' + i + '.js   12.34 kB │ gzip: 4.56 kB');
if (process.env.FAIL_BUILD) {
  console.error('error during build: src/main.tsx (3:7): "nothing" is not exported by "src/app.tsx"');
  // Not process.exit(): the lines still in the pipe would be lost.
  process.exitCode = 1;
} else {
  console.log('\\u001b[32m✓ built in 41.20s\\u001b[39m');
  console.log('\\nBundle budgets (gzip level 9)');
  for (let i = 0; i < 250; i++) console.log('assets/chunk-' + i + '.js  lazy  12.3 KB  4.5 KB  60.0 KB  ok');
  console.log('All budgets met: initial 120.0 KB ≤ 150.0 KB, every lazy chunk ≤ 60.0 KB.');
  console.log('precompress: 612 files, 4100 KB → 1000 KB brotli');
  mkdirSync('dist', { recursive: true });
  writeFileSync('dist/index.html', '<html>');
}
`;

function run(dir: string, env: Record<string, string>): Promise<Finished> {
  // The server itself is absent from the scratch install: the script stops after the build, as far as we look.
  const child = spawn(process.execPath, [path.join(dir, 'scripts/start.mjs')], {
    cwd: dir,
    env: { ...process.env, ...env },
  });
  return finished(child);
}

describe('npm start building the web app', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const scratch = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-quiet-build-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'scripts'));
    for (const file of ['start.mjs', 'quiet-build.mjs', 'web-build-stamp.mjs']) {
      copyFileSync(path.join(root, 'scripts', file), path.join(dir, 'scripts', file));
    }
    mkdirSync(path.join(dir, 'apps/web'), { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, workspaces: ['apps/web'] }),
    );
    writeFileSync(
      path.join(dir, 'apps/web/package.json'),
      JSON.stringify({ name: '@scratch/web', private: true, scripts: { build: 'node noisy-build.mjs' } }),
    );
    writeFileSync(path.join(dir, 'apps/web/noisy-build.mjs'), NOISY_BUILD);
    return dir;
  };

  it('prints one line before and the summary after, not every file', async () => {
    const { stdout, stderr } = await run(scratch(), {});
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'Building the web app (first start; later starts reuse it until an upgrade changes its sources)…',
      '  ✓ built in 41.20s',
      '  All budgets met: initial 120.0 KB ≤ 150.0 KB, every lazy chunk ≤ 60.0 KB.',
      '  precompress: 612 files, 4100 KB → 1000 KB brotli',
    ]);
    expect(`${stdout}${stderr}`).not.toMatch(/chunk-|zod|Bundle budgets/);
  });

  it('prints all the build said when it fails, and stops', async () => {
    const { code, stdout, stderr } = await run(scratch(), { FAIL_BUILD: '1' });
    expect(code).toBe(1);
    expect(stdout.trim()).toBe(
      'Building the web app (first start; later starts reuse it until an upgrade changes its sources)…',
    );
    expect(stderr).toContain('error during build: src/main.tsx (3:7)');
    expect(stderr).toContain('dist/assets/chunk-299.js');
    expect(stderr.trim().split('\n').at(-1)).toBe('The web app build failed; see the output above.');
  });
});
