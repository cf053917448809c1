import { ROLES } from '@lyceum/shared/roles';
import type { Page } from '@playwright/test';
import { screenshot } from './support/checks.ts';
import { DESKTOP, expect, PHONE, test } from './support/fixtures.ts';
import { sweepSidebar, uiText } from './support/sweep.ts';

/**
 * The every-page sweep in Arabic: each role's own language set to Arabic (as the person would in Settings),
 * the page laid out right to left, then every sidebar page checked as in English (axe, no error, fits 375 px).
 * It changes the demo accounts' language, so it runs with the journeys that change data, and puts it back.
 */
async function useLanguage(page: Page, language: 'ar' | null): Promise<void> {
  const res = await page.context().request.put('/api/v1/profile/language', {
    data: { language },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status(), `setting the language to ${language}`).toBe(200);
}

for (const role of ROLES) {
  test(`every sidebar page of ${role} in Arabic passes axe, loads without error and fits 375 px`, async ({
    signInAs,
  }) => {
    const page = await signInAs(role, DESKTOP);
    await useLanguage(page, 'ar');
    try {
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await sweepSidebar(page, role, 'ar');
    } finally {
      await useLanguage(page, null);
    }
  });
}

test('the school admin in Arabic: dashboard, a list, a form with errors and the bell, at desktop and 375 px', async ({
  signInAs,
}) => {
  const page = await signInAs('school_admin', DESKTOP);
  await useLanguage(page, 'ar');
  try {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, `ar-dashboard-${size}`);

      await page.goto('/students');
      await expect(page.getByRole('heading', { level: 1, name: uiText('ar', 'title', 'students') })).toBeVisible();
      await page.waitForFunction(() => !document.querySelector('.animate-pulse, [aria-busy="true"]'));
      await screenshot(page, `ar-students-${size}`);

      const add = uiText('ar', 'actions.add', 'students');
      await page.getByRole('button', { name: add }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: add }).click();
      await expect(dialog.locator('[id$="-error"]').first()).toBeVisible();
      // The browser-side field messages are in Arabic too: no English left in the form's errors.
      for (const message of await dialog.locator('[id$="-error"]').allInnerTexts())
        expect(message).not.toMatch(/[A-Za-z]{3}/);
      await screenshot(page, `ar-student-form-errors-${size}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: new RegExp(`^${uiText('ar', 'bell.title', 'notifications')}`) }).click();
      await expect(page.getByRole('heading', { name: uiText('ar', 'bell.title', 'notifications') })).toBeVisible();
      await screenshot(page, `ar-bell-${size}`);
      await page.keyboard.press('Escape');
    }
  } finally {
    await useLanguage(page, null);
  }
});
