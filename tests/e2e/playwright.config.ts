import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ROOT } from './support/server.ts';

/**
 * Debian's Chromium: Playwright must never try to download a browser of its own. The headless shell (Debian
 * package chromium-headless-shell, the same engine without the desktop browser around it) is preferred: the
 * journeys cost about a quarter less CPU in it than in the full browser, on the cores the rest of npm test shares.
 */
function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
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

/** Journeys that check screens against the demo data as seeded; what they change themselves, none of them checks. */
const SEEDED = ['**/foundation.spec.ts', '**/every-page.spec.ts'];

/**
 * Cold-visit page weights and timings (`npm run bench:pages`, which says where to write them): a measurement,
 * not a check the every-page sweep does not already make, so it stays out of `npm test`'s time.
 */
const PAGE_WEIGHT = '**/page-weight.spec.ts';
const weighPages = Boolean(process.env.PAGE_WEIGHT_OUT);

/** Where run.mjs (and so `npm test`) reads the counts from. */
export const REPORT = process.env.E2E_REPORT ?? path.join(ROOT, 'test-results', 'e2e-report.json');

export default defineConfig({
  testDir: '.',
  globalSetup: './support/global-setup.ts',
  // Playwright empties this folder at the start of a run; the journeys' screenshots live beside it.
  outputDir: path.join(ROOT, 'test-results', 'playwright'),
  // Every worker starts its own server and database, so workers cannot disturb each other; within a worker,
  // journeys run one after another in any order.
  fullyParallel: true,
  // Each worker is a server plus a browser: two fit this 2-core machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A journey that fails once is a defect to fix, not something to retry away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The longest journey (company) takes under a minute alone, but over four when the shared machine is saturated.
  timeout: 420_000,
  // Only a guard against a hung run: the suite takes several minutes when the 2-core machine is shared and busy.
  globalTimeout: Number(process.env.E2E_GLOBAL_TIMEOUT_MS ?? 900_000),
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: REPORT }]],
  // A project's workers never run another project's journeys, so each project gets servers of its own. The
  // dashboards and the every-page sweep check the demo data as seeded (a sales lead added by a company journey
  // changes the company dashboards), so they never share a server with journeys that add or change data. The
  // long journeys go first so they are not left running alone at the end.
  projects: [
    { name: 'changes-data', testMatch: '**/*.spec.ts', testIgnore: [...SEEDED, PAGE_WEIGHT] },
    { name: 'reads-seed', testMatch: weighPages ? [...SEEDED, PAGE_WEIGHT] : SEEDED },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // The app's service worker precaches the whole built app in every new browser context (each journey opens
    // several): about a seventh of the browser's CPU in the sweeps, on cores the rest of npm test shares. Journeys
    // of the offline shell and the sign-in basics (attendance.spec.ts, foundation.spec.ts) run with it, as a
    // user's browser does; the worker never answers /api, so what the others check does not depend on it.
    serviceWorkers: 'block',
  },
});
