import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MENUS } from '@lyceum/shared/menus';
import { ROLES, type Role } from '@lyceum/shared/roles';
import type { Page } from '@playwright/test';
import { type ApiRequestLog, describeRequest, MAX_DATA_REQUESTS, recordApiRequests } from './support/api-requests.ts';
import { DESKTOP, demoAccount, expect, signInThroughApi, test } from './support/fixtures.ts';
import { ROOT } from './support/server.ts';

/**
 * What a cold visit costs in a real browser: each role's dashboard and the Students page (for the roles whose
 * sidebar has it), each opened in a browser context with an empty cache. Records every request the page made,
 * the bytes they brought (encoded: as sent, compressed; decoded: as the browser used them) and the time from
 * navigation start to the app's main-content mark, and writes the table to PAGE_WEIGHT_OUT (the Playwright
 * config runs this spec only when it is set: `npm run bench:pages` writes bench/results/pages.md). Timings depend
 * on the machine and never fail the run; more than two data requests on a page does.
 */
const OUT = path.resolve(ROOT, process.env.PAGE_WEIGHT_OUT ?? 'test-results/pages.md');

/** Must match apps/web/src/components/ui/page-header.tsx. */
const MAIN_CONTENT_MARK = 'lyceum:main-content';

interface Weight {
  page: string;
  role: Role;
  requests: number;
  dataRequests: number;
  encodedBytes: number;
  decodedBytes: number;
  mainContentMs: number | null;
}

/** Reads the document's own figures from the Performance API once the page has settled. */
async function measure(page: Page): Promise<Omit<Weight, 'page' | 'role' | 'dataRequests'>> {
  return page.evaluate((mark) => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    const main = performance.getEntriesByName(mark, 'mark')[0];
    return {
      requests: entries.length,
      encodedBytes: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
      decodedBytes: entries.reduce((sum, e) => sum + e.decodedBodySize, 0),
      mainContentMs: main ? Math.round(main.startTime) : null,
    };
  }, MAIN_CONTENT_MARK);
}

/** Waits for the page's data, fails on more than two data requests, and returns its figures. */
async function weigh(page: Page, name: string, role: Role, requests: ApiRequestLog) {
  const made = await requests.settle();
  expect(
    made.length,
    `${name} as ${role}: ${made.length} API requests on a cold visit, at most ${MAX_DATA_REQUESTS}: ${made.map(describeRequest).join(', ')}`,
  ).toBeLessThanOrEqual(MAX_DATA_REQUESTS);
  return { page: name, role, dataRequests: made.length, ...(await measure(page)) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(rows: Weight[], browserVersion: string): string {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.versions.node}, Chromium ${browserVersion}`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    '# Page weight in a real browser (cold visits)',
    '',
    'Written by `npm run bench:pages` (tests/e2e/page-weight.spec.ts) on the demo data. Each page is opened in a',
    'browser context with an empty cache, signed in. Requests: everything the page loaded (document, scripts,',
    'styles, fonts, pictures, API; the live stream, held open, is not counted); data: the API requests for the',
    "page itself (not the shell's reads: `GET /auth/me`, the unread-messages badge, the e-mail banner). KB",
    'transferred: encoded body sizes (compressed, as sent); KB decoded: as the browser used them. Main content:',
    "from navigation start to the app's `lyceum:main-content` mark (the page's main content first rendered with",
    'its data). Timings depend on the machine and its load',
    `(load average ${os.loadavg()[0]?.toFixed(2)} when written).`,
    '',
    '| page | role | requests | data | KB transferred | KB decoded | ms to main content | date (UTC) | machine |',
    '|---|---|--:|--:|--:|--:|--:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.role} | ${r.requests} | ${r.dataRequests} | ${kb(r.encodedBytes)} | ${kb(r.decodedBytes)} | ${r.mainContentMs ?? '—'} | ${date} | ${machine} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

test('page weight: each role’s dashboard and the Students page on a cold visit', async ({ browser, openPage }) => {
  const rows: Weight[] = [];
  for (const role of ROLES) {
    // A new context per role: its first load of the dashboard is the cold visit.
    const page = await openPage(DESKTOP);
    await signInThroughApi(page, demoAccount(role));
    const requests = recordApiRequests(page);
    await page.goto('/dashboard');
    rows.push(await weigh(page, '/dashboard', role, requests));
    if (MENUS[role].some((entry) => entry.path === '/students')) {
      // Same context, cache switched off (and emptied): the Students page loads as on a first visit.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      requests.reset();
      await page.goto('/students');
      rows.push(await weigh(page, '/students', role, requests));
    }
    await page.context().close();
  }
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, table(rows, browser.version()));
});
