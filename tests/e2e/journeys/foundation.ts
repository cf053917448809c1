import { MENUS } from '@lyceum/shared/menus';
import { ROLES, type Role } from '@lyceum/shared/roles';
import type { Browser, Page } from 'playwright-core';
import { assert, assertAccessible, assertEqual, type Journey, openPage, screenshot } from '../harness.ts';

const DEMO_PASSWORD = 'lyceum-demo';
const DEMO_EMAIL: Record<Role, string> = {
  company_admin: 'company-admin@lyceum.test',
  admin: 'admin@lyceum.test',
  company_user: 'company-user@lyceum.test',
  school_admin: 'school-admin@demo.lyceum.test',
  principal: 'principal@demo.lyceum.test',
  teacher: 'teacher@demo.lyceum.test',
  student: 'student@demo.lyceum.test',
  parent: 'parent@demo.lyceum.test',
};

export async function signIn(
  browser: Browser,
  baseUrl: string,
  role: Role,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await openPage(browser, baseUrl, viewport);
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAIL[role]);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

export const foundationJourneys: Journey[] = [
  ...ROLES.map(
    (role): Journey => ({
      name: `${role} signs in and sees exactly its sidebar entries, in order`,
      async run({ browser, server }) {
        const page = await signIn(browser, server.url, role);
        const labels = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
        assertEqual(
          labels.map((l) => l.trim()),
          MENUS[role].map((e) => e.label),
          `sidebar of ${role}`,
        );
        // The dashboard shows figures once they load.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `dashboard-${role}-desktop`);
        await assertAccessible(page, `dashboard as ${role}`);
        await page.close();
      },
    }),
  ),
  {
    name: 'signed out, a protected page redirects to /login',
    async run({ browser, server }) {
      const page = await openPage(browser, server.url);
      await page.goto('/dashboard');
      await page.waitForURL('**/login');
      await screenshot(page, 'login-desktop');
      await assertAccessible(page, 'login page');
      await page.close();
    },
  },
  {
    name: 'a teacher opening /schools lands on /unauthorized',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'teacher');
      await page.goto('/schools');
      await page.waitForURL('**/unauthorized');
      await page.getByText("You don't have permission to access this page.").waitFor();
      const back = page.getByRole('link', { name: 'Back to Dashboard' });
      await back.waitFor();
      await screenshot(page, 'unauthorized-teacher');
      await back.click();
      await page.waitForURL('**/dashboard');
      await page.close();
    },
  },
  {
    name: 'unknown paths redirect to /dashboard',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'parent');
      await page.goto('/no/such/page');
      await page.waitForURL('**/dashboard');
      await page.close();
    },
  },
  {
    name: 'the mobile menu at 375 px opens and closes',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'principal', { width: 375, height: 812 });
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
      const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert(noScroll, 'no horizontal scroll at 375 px');
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
      await page.close();
    },
  },
  {
    name: 'the bell shows the unread badge; opening an item marks it read',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'teacher');
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      await bell.click();
      const item = page.getByText('Welcome to Demo School');
      await item.waitFor();
      await screenshot(page, 'bell-open-teacher');
      await item.click();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await page.close();
    },
  },
  {
    name: 'a wrong password shows the error and stays on /login',
    async run({ browser, server }) {
      const page = await openPage(browser, server.url);
      await page.goto('/login');
      await page.getByLabel('Email').fill(DEMO_EMAIL.teacher);
      await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
      await page.getByLabel('Role').selectOption('teacher');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert((await alert.innerText()).includes('Incorrect email or password.'), 'login error message shown');
      assert(page.url().endsWith('/login'), 'still on /login');
      await page.close();
    },
  },
  {
    name: 'settings: a user changes name, then signs out',
    async run({ browser, server }) {
      const page = await signIn(browser, server.url, 'student');
      await page.goto('/settings');
      const name = page.getByLabel('Name', { exact: true });
      await name.fill('Stella Updated');
      await page.getByRole('button', { name: /save/i }).first().click();
      await page.getByText('Stella Updated').first().waitFor();
      await screenshot(page, 'settings-student-desktop');
      await assertAccessible(page, 'settings');
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(/\/login/, { timeout: 10_000 }).catch(() => {});
      assertEqual(new URL(page.url()).pathname + new URL(page.url()).search, '/login', 'signed out onto /login');
      await page.close();
    },
  },
];
