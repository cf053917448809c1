import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { ROOT, type StartedServer } from './server.ts';

/** Screenshots a reviewer looks through after a run; kept apart from Playwright's own (cleaned) output folder. */
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe as the page sees it once its source has been evaluated there. */
type PageWithAxe = Window & { axe?: typeof axe };

/**
 * Fails on serious or critical accessibility violations (axe).
 *
 * axe runs in the page itself, loaded once per document: a single-page app keeps it across the sweep's route
 * changes. @axe-core/playwright instead evaluated axe's half-megabyte source twice per check and finished each
 * run in a new blank tab, which cost more than the rules themselves. Only violations are collected in full
 * (`resultTypes`): passes and the rest are never read here, and axe spends much of a run gathering them.
 */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  // Every frame gets axe, so a frame's content is checked too (axe.run reaches same-origin frames through the
  // copy of axe in each).
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => typeof (window as PageWithAxe).axe?.run === 'function');
    if (!loaded) await frame.evaluate(axe.source);
  }
  const results = await page.evaluate(
    // Toasts are left out: axe measures a toast's contrast while it fades in or out (its opacity below 1) and
    // then reports dark grey on white as too faint; whether one is mid-fade depends on the machine's speed.
    (exclude) => (window as PageWithAxe).axe?.run({ exclude }, { resultTypes: ['violations'] }),
    ['[data-rht-toaster]'],
  );
  if (!results) throw new Error(`axe did not load on ${where}`);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const detail = bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
    throw new Error(`accessibility violations on ${where}:\n  ${detail.join('\n  ')}`);
  }
}

/** True when nothing on the page is wider than the viewport (no sideways scroll). */
export async function fitsViewport(page: Page, slackPx = 0): Promise<boolean> {
  return page.evaluate((slack) => document.documentElement.scrollWidth <= window.innerWidth + slack, slackPx);
}

/**
 * The newest e-mail to `to` in the server's outbox (DATA_DIR/mail/*.eml, written when no SMTP_URL is set),
 * waiting up to `timeoutMs` for it to be delivered. Returns the whole message text.
 */
export async function waitForMail(server: StartedServer, to: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const found = files
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .filter((text) => text.split('\r\n').some((line) => line.toLowerCase() === `to: ${to.toLowerCase()}`));
    if (found.length > 0) return found[found.length - 1] as string;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
