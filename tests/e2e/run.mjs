// Entry point for `npm run test:e2e` and `node tests/e2e/run.mjs [filter]`: runs the Playwright journeys (only
// those whose title contains `filter`, when given) and ends with the line `E2E: N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readE2eReport } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const report = process.env.E2E_REPORT ?? path.join(here, '../../test-results/e2e-report.json');
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@playwright/test/package.json')), 'cli.js');
const filter = process.argv[2];
const escaped = filter?.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// A report left by an earlier run must not be mistaken for this one's.
rmSync(report, { force: true });
mkdirSync(path.dirname(report), { recursive: true });
const args = [
  cli,
  'test',
  '--config',
  path.join(here, 'playwright.config.ts'),
  ...(escaped ? ['--grep', escaped] : []),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, E2E_REPORT: report } });
const exitCode = result.status ?? 1;
const { passed, failed, note } = readE2eReport(report, exitCode);
if (note) console.log(`  ✗ ${note}`);
console.log(`E2E: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && exitCode === 0 ? 0 : 1);
