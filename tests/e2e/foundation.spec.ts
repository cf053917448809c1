import { MENUS } from '@lyceum/shared/menus';
import { ROLES } from '@lyceum/shared/roles';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { demoAccount, expect, fillSignInForm, PHONE, test } from './support/fixtures.ts';

// With the app's service worker, as a user's browser runs it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Each role goes through the sign-in form here, so the form is proven for every role; other journeys take the
// API shortcut.
for (const role of ROLES) {
  test(`${role} signs in and sees exactly its sidebar entries, in order`, async ({ signInThroughForm }) => {
    const page = await signInThroughForm(role);
    const labels = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
    expect(
      labels.map((l) => l.trim()),
      `sidebar of ${role}`,
    ).toEqual(MENUS[role].map((e) => e.label));
    // The dashboard shows figures once they load.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `dashboard-${role}-desktop`);
    await assertAccessible(page, `dashboard as ${role}`);
  });
}

test('signed out, a protected page redirects to /login', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  await screenshot(page, 'login-desktop');
  await assertAccessible(page, 'login page');
});

test('a teacher opening /schools lands on /unauthorized', async ({ signInAs }) => {
  const page = await signInAs('teacher');
  await page.goto('/schools');
  await page.waitForURL('**/unauthorized');
  await page.getByText("You don't have permission to access this page.").waitFor();
  const back = page.getByRole('link', { name: 'Back to Dashboard' });
  await back.waitFor();
  await screenshot(page, 'unauthorized-teacher');
  await back.click();
  await page.waitForURL('**/dashboard');
});

test('unknown paths redirect to /dashboard', async ({ signInAs }) => {
  const page = await signInAs('parent');
  await page.goto('/no/such/page');
  await page.waitForURL('**/dashboard');
});

test('the mobile menu at 375 px opens and closes', async ({ signInAs }) => {
  const page = await signInAs('principal', PHONE);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Off-canvas means translated out of the viewport: wait for the slide to finish, then measure.
  const onScreen = (open: boolean) =>
    page.waitForFunction((expectOpen) => {
      const aside = document.querySelector('aside[aria-label="Sidebar"]');
      const right = aside?.getBoundingClientRect().right ?? 0;
      return expectOpen ? (aside?.getBoundingClientRect().left ?? -1) >= 0 && right > 0 : right <= 0;
    }, open);
  await onScreen(false);
  await page.waitForLoadState('networkidle');
  expect(await fitsViewport(page), 'no horizontal scroll at 375 px').toBe(true);
  await screenshot(page, 'dashboard-principal-375');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await onScreen(true);
  await screenshot(page, 'mobile-menu-open-375');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await onScreen(false);
  // Opening again and following a link also closes it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await onScreen(true);
  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/settings');
  await onScreen(false);
  await screenshot(page, 'settings-principal-375');
});

test('the bell shows the unread badge; opening an item marks it read', async ({ signInAs }) => {
  const page = await signInAs('teacher');
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor();
  await bell.click();
  const item = page.getByText('Welcome to Demo School');
  await item.waitFor();
  await screenshot(page, 'bell-open-teacher');
  await item.click();
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
});

test('a wrong password shows the error and stays on /login', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/login');
  await fillSignInForm(page, { ...demoAccount('teacher'), password: 'definitely-wrong' });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText(), 'login error message shown').toContain('Incorrect email or password.');
  expect(page.url().endsWith('/login'), 'still on /login').toBe(true);
});

test('settings: a user changes name, then signs out', async ({ signInAs }) => {
  const page = await signInAs('student');
  await page.goto('/settings');
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Stella Updated');
  await page.getByRole('button', { name: /save/i }).first().click();
  await page.getByText('Stella Updated').first().waitFor();
  await screenshot(page, 'settings-student-desktop');
  await assertAccessible(page, 'settings');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/login/, { timeout: 10_000 }).catch(() => {});
  const url = new URL(page.url());
  expect(url.pathname + url.search, 'signed out onto /login').toBe('/login');
});
