import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MENUS } from '@lyceum/shared/menus';
import type { Role } from '@lyceum/shared/roles';
import type { Page } from '@playwright/test';
import { type ApiRequestLog, describeRequest, MAX_DATA_REQUESTS, settled } from './api-requests.ts';
import { assertAccessible, fitsViewport } from './checks.ts';
import { DESKTOP, expect, PHONE } from './fixtures.ts';
import { ROOT } from './server.ts';

type Catalogue = { [key: string]: string | Catalogue };

/** A message of the web app's catalogue in `language`, by its key ("menu.students"), as the UI shows it. */
export function uiText(language: string, key: string, namespace = 'common'): string {
  const file = path.join(ROOT, 'apps/web/src/locales', language, `${namespace}.json`);
  let node: string | Catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`${language}/${namespace}: no "${key}"`);
    node = node[part] as string | Catalogue;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}: "${key}" is not a message`);
  return node;
}

const placeholdersChecked = new Set<string>();

export interface SweepOptions {
  /**
   * The page's API requests, recorded from before its load of the dashboard. With it the sweep opens each page
   * with a full navigation to its address (after checking its sidebar link points there) instead of clicking
   * the link, and fails when a page, the dashboard it starts on included, makes more than MAX_DATA_REQUESTS API
   * requests for its data. A click is a client-side route change, whose data may already be cached; a full
   * navigation is what a fresh visit costs.
   */
  requests?: ApiRequestLog;
}

/**
 * Every page of the role's sidebar, reached from its entry in `language`: the page loads without an error,
 * axe finds no serious or critical violation, and at 375 px nothing scrolls sideways. Screens of later
 * releases share one placeholder component: axe checks it once per worker and language.
 */
export async function sweepSidebar(
  page: Page,
  role: Role,
  language: string,
  { requests }: SweepOptions = {},
): Promise<void> {
  const nav = page.getByRole('navigation', { name: uiText(language, 'shell.mainNavigation') });
  const checkRequests = async (where: string) => {
    if (!requests) return;
    const made = await requests.settle();
    expect(
      made.length,
      `${where}: ${made.length} API requests on a fresh visit, at most ${MAX_DATA_REQUESTS}: ${made.map(describeRequest).join(', ')}`,
    ).toBeLessThanOrEqual(MAX_DATA_REQUESTS);
  };
  // The sweep starts on the dashboard, freshly loaded after the sign-in.
  await checkRequests(`/dashboard as ${role}`);
  for (const entry of MENUS[role].filter((e) => e.path !== '/dashboard')) {
    const where = `${entry.path} as ${role} in ${language}`;
    const link = nav.getByRole('link', { name: uiText(language, `menu.${entry.id}`), exact: true });
    if (requests) {
      await expect(link).toHaveAttribute('href', entry.path);
      requests.reset();
      await page.goto(entry.path);
    } else {
      await link.click();
    }
    await page.waitForURL(`**${entry.path}`);
    await settled(page);
    await checkRequests(where);
    const errors = await page.locator('[role="alert"]').allInnerTexts();
    expect(
      errors.every((text) => text.trim() === ''),
      `${where}: shows an error: ${errors.join(' | ')}`,
    ).toBe(true);
    const placeholder = (await page.locator('[data-page="not-available"]').count()) > 0;
    if (!placeholder || !placeholdersChecked.has(language)) await assertAccessible(page, where);
    if (placeholder) placeholdersChecked.add(language);
    await page.setViewportSize(PHONE);
    expect(await fitsViewport(page), `${where}: scrolls sideways at 375 px`).toBe(true);
    await page.setViewportSize(DESKTOP);
  }
}
