import { MENUS } from '@lyceum/shared/menus';
import { ROLES } from '@lyceum/shared/roles';
import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport } from './support/checks.ts';
import { DESKTOP, expect, PHONE, test } from './support/fixtures.ts';

/**
 * Every page of every role's sidebar, reached the way a user reaches it: axe finds no serious or critical
 * violation, the page loaded without an error, and at 375 px nothing scrolls sideways. New pages are covered
 * as soon as they join a menu. The dashboards are checked by the foundation journeys. Screens of later releases
 * share one placeholder component: axe checks it once per worker, not on each of its ~27 menu entries.
 */

/** The page shows its heading and has nothing left loading (skeletons pulse; busy tables say so). */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'));
}

let placeholderChecked = false;

for (const role of ROLES) {
  test(`every sidebar page of ${role} passes axe, loads without error and fits 375 px`, async ({ signInAs }) => {
    const page = await signInAs(role, DESKTOP);
    for (const entry of MENUS[role].filter((e) => e.path !== '/dashboard')) {
      const where = `${entry.path} as ${role}`;
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: entry.label, exact: true })
        .click();
      await page.waitForURL(`**${entry.path}`);
      await settled(page);
      const errors = await page.locator('[role="alert"]').allInnerTexts();
      expect(
        errors.every((text) => text.trim() === ''),
        `${where}: shows an error: ${errors.join(' | ')}`,
      ).toBe(true);
      const placeholder = (await page.getByText('Not available yet', { exact: true }).count()) > 0;
      if (!placeholder || !placeholderChecked) await assertAccessible(page, where);
      placeholderChecked ||= placeholder;
      await page.setViewportSize(PHONE);
      expect(await fitsViewport(page), `${where}: scrolls sideways at 375 px`).toBe(true);
      await page.setViewportSize(DESKTOP);
    }
  });
}
