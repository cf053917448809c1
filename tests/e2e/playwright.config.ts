import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ROOT } from './support/server.ts';

/** Debian's Chromium: Playwright must never try to download a browser of its own. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) throw new Error('Chromium not found: run `bash scripts/install-browser.sh` (Debian package chromium).');
  return found;
}

/** Flags that keep Chromium from reaching for the network this machine does not have. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Where run.mjs (and so `npm test`) reads the counts from. */
export const REPORT = process.env.E2E_REPORT ?? path.join(ROOT, 'test-results', 'e2e-report.json');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Playwright empties this folder at the start of a run; the journeys' screenshots live beside it.
  outputDir: path.join(ROOT, 'test-results', 'playwright'),
  // Every worker starts its own server and database, so journeys can run in any order on any worker.
  fullyParallel: true,
  // Each worker is a server plus a browser: two fit this 2-core machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A journey that fails once is a defect to fix, not something to retry away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The longest journey (company) takes about two minutes on a loaded machine.
  timeout: 240_000,
  globalTimeout: Number(process.env.E2E_GLOBAL_TIMEOUT_MS ?? 360_000),
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: REPORT }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
  },
});
