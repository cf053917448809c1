import type { Page } from 'playwright-core';
import { assert, assertAccessible, assertEqual, type Journey, openPage, screenshot } from '../harness.ts';
import { signIn } from './foundation.ts';

const TEAL = '#0f766e';
const PHONE = { width: 375, height: 812 };

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  assert(res.ok(), `GET ${url} answered ${res.status()}`);
  return (await res.json()) as T;
}

type Named = { id: string; name: string };

/**
 * White Label reaches the sign-in page: company staff give Riverside Academy the add-on and a colour; its
 * branded link (`/login?school=`) shows the school instead of the product, and its admin finds that link in
 * Settings. Runs last: it changes Riverside's subscription.
 */
export const whiteLabelJourneys: Journey[] = [
  {
    name: "white label: a school's branded sign-in page carries its name and colour; its admin can share the link",
    async run({ browser, server }) {
      const company = await signIn(browser, server.url, 'company_admin');
      const schools = await getJson<{ items: Named[] }>(company, '/api/v1/company/schools?search=Riverside');
      const school = schools.items.find((s) => s.name === 'Riverside Academy');
      assert(school, 'Riverside Academy is listed');
      const plans = await getJson<{ items: Named[] }>(company, '/api/v1/company/plans');
      const addons = await getJson<{ items: Named[] }>(company, '/api/v1/company/addons');
      const standard = plans.items.find((p) => p.name === 'Standard');
      const whiteLabel = addons.items.find((a) => a.name === 'White Label');
      assert(standard && whiteLabel, 'the Standard plan and the White Label add-on exist');
      const patched = await company.request.patch(`/api/v1/company/schools/${school.id}`, {
        data: { brandColor: TEAL },
      });
      assert(patched.ok(), `setting the brand colour answered ${patched.status()}`);
      const assigned = await company.request.post(`/api/v1/company/schools/${school.id}/subscriptions`, {
        data: { planId: standard.id, addonIds: [whiteLabel.id] },
      });
      assertEqual(assigned.status(), 201, 'assigning Standard with White Label');
      await company.close();

      const visitor = await openPage(browser, server.url);
      try {
        const signInColour = () =>
          visitor.getByRole('button', { name: 'Sign in' }).evaluate((el) => getComputedStyle(el).backgroundColor);
        await visitor.goto('/login');
        const productColour = await signInColour();
        await visitor.goto(`/login?school=${school.id}`);
        await visitor.getByText('Riverside Academy', { exact: true }).waitFor();
        assertEqual(await visitor.getByText('Lyceum', { exact: true }).count(), 0, 'the product title is replaced');
        assertEqual(
          await visitor.getByRole('link', { name: 'Register your school' }).count(),
          0,
          'no school-registration link on a school page',
        );
        assertEqual(
          await visitor.evaluate(() => document.documentElement.style.getPropertyValue('--color-blue-600')),
          TEAL,
          'the theme takes the school colour',
        );
        assert((await signInColour()) !== productColour, 'the sign-in button no longer wears the product colour');
        await screenshot(visitor, 'white-label-sign-in-desktop');
        await assertAccessible(visitor, 'branded sign-in page');
        await visitor.setViewportSize(PHONE);
        assert(
          await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'the branded sign-in page fits 375 px',
        );
        await screenshot(visitor, 'white-label-sign-in-375');
        // Password reset stays on the school's pages, and leads back to them.
        await visitor.getByRole('link', { name: 'Forgot password?' }).click();
        await visitor.getByRole('heading', { name: 'Reset your password' }).waitFor();
        await visitor.getByText('Riverside Academy', { exact: true }).waitFor();
        await screenshot(visitor, 'white-label-forgot-password-375');
        await visitor.getByRole('link', { name: 'Back to sign in' }).click();
        await visitor.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
        assert(visitor.url().includes(`school=${school.id}`), 'back on the branded sign-in page');
        await visitor.setViewportSize({ width: 1280, height: 800 });

        await visitor.getByLabel('Email').fill('school-admin@riverside.lyceum.test');
        await visitor.getByLabel('Password', { exact: true }).fill('lyceum-demo');
        await visitor.getByLabel('Role').selectOption('school_admin');
        await visitor.getByRole('button', { name: 'Sign in' }).click();
        await visitor.waitForURL('**/dashboard');
        await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
        await visitor.getByRole('heading', { name: 'Branded sign-in page' }).waitFor();
        await visitor.getByText(`/login?school=${school.id}`, { exact: false }).waitFor();
        await screenshot(visitor, 'white-label-settings-desktop');
        await visitor.setViewportSize(PHONE);
        // The sidebar slides off-canvas below 768 px: wait until it has left the screen.
        await visitor.waitForFunction(
          () => (document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().right ?? 0) <= 0,
        );
        assert(
          await visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'Settings with the branded link fits 375 px',
        );
        await visitor.getByRole('heading', { name: 'Branded sign-in page' }).scrollIntoViewIfNeeded();
        await screenshot(visitor, 'white-label-settings-375');
      } finally {
        await visitor.close();
      }
    },
  },
];
