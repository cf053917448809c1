import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { DEMO_PASSWORD, expect, fillSignInForm, PHONE, test } from './support/fixtures.ts';

const TEAL = '#0f766e';
async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), `GET ${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

type Named = { id: string; name: string };

/**
 * White Label reaches the sign-in page: company staff give Riverside Academy the add-on and a colour; its
 * branded link (`/login?school=`) shows the school instead of the product, and its admin finds that link in
 * Settings. It changes Riverside's subscription, which no other journey depends on.
 */
test("white label: a school's branded sign-in page carries its name and colour; its admin can share the link", async ({
  openPage,
  signInAs,
}) => {
  const company = await signInAs('company_admin');
  const schools = await getJson<{ items: Named[] }>(company, '/api/v1/company/schools?search=Riverside');
  const school = schools.items.find((s) => s.name === 'Riverside Academy');
  if (!school) throw new Error('Riverside Academy is listed');
  const plans = await getJson<{ items: Named[] }>(company, '/api/v1/company/plans');
  const addons = await getJson<{ items: Named[] }>(company, '/api/v1/company/addons');
  const standard = plans.items.find((p) => p.name === 'Standard');
  const whiteLabel = addons.items.find((a) => a.name === 'White Label');
  if (!standard || !whiteLabel) throw new Error('the Standard plan and the White Label add-on exist');
  const patched = await company.request.patch(`/api/v1/company/schools/${school.id}`, {
    data: { brandColor: TEAL },
  });
  expect(patched.ok(), `setting the brand colour answered ${patched.status()}`).toBe(true);
  const assigned = await company.request.post(`/api/v1/company/schools/${school.id}/subscriptions`, {
    data: { planId: standard.id, addonIds: [whiteLabel.id] },
  });
  expect(assigned.status(), 'assigning Standard with White Label').toBe(201);
  await company.close();

  const visitor = await openPage();
  const signInColour = () =>
    visitor.getByRole('button', { name: 'Sign in' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  await visitor.goto('/login');
  const productColour = await signInColour();
  await visitor.goto(`/login?school=${school.id}`);
  await visitor.getByText('Riverside Academy', { exact: true }).waitFor();
  expect(await visitor.getByText('Lyceum', { exact: true }).count(), 'the product title is replaced').toBe(0);
  expect(
    await visitor.getByRole('link', { name: 'Register your school' }).count(),
    'no school-registration link on a school page',
  ).toBe(0);
  expect(
    await visitor.evaluate(() => document.documentElement.style.getPropertyValue('--color-blue-600')),
    'the theme takes the school colour',
  ).toBe(TEAL);
  expect(await signInColour(), 'the sign-in button no longer wears the product colour').not.toBe(productColour);
  await screenshot(visitor, 'white-label-sign-in-desktop');
  await assertAccessible(visitor, 'branded sign-in page');
  await visitor.setViewportSize(PHONE);
  expect(await fitsViewport(visitor), 'the branded sign-in page fits 375 px').toBe(true);
  await screenshot(visitor, 'white-label-sign-in-375');
  // Password reset stays on the school's pages, and leads back to them.
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await visitor.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await visitor.getByText('Riverside Academy', { exact: true }).waitFor();
  await screenshot(visitor, 'white-label-forgot-password-375');
  await visitor.getByRole('link', { name: 'Back to sign in' }).click();
  await visitor.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  expect(visitor.url(), 'back on the branded sign-in page').toContain(`school=${school.id}`);
  await visitor.setViewportSize({ width: 1280, height: 800 });

  await fillSignInForm(visitor, {
    email: 'school-admin@riverside.lyceum.test',
    password: DEMO_PASSWORD,
    role: 'school_admin',
  });
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
  expect(await fitsViewport(visitor), 'Settings with the branded link fits 375 px').toBe(true);
  await visitor.getByRole('heading', { name: 'Branded sign-in page' }).scrollIntoViewIfNeeded();
  await screenshot(visitor, 'white-label-settings-375');
});
