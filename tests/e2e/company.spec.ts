import type { Page } from '@playwright/test';
import { assertAccessible, fitsViewport, screenshot } from './support/checks.ts';
import { type Account, DEMO_PASSWORD, expect, fillSignInForm, PHONE, test } from './support/fixtures.ts';

/** Plans, a new school with its subscription, add-on and payment approval, entitlements. */
const DESKTOP = { width: 1280, height: 900 };

// Both journeys add a sales lead to the company dashboard, which the first checks with axe: they run in this
// order, on one server, as they always have.
test.describe.configure({ mode: 'default' });

/** Opens a page, waits for its heading and for the network to settle, then checks it with axe and shoots it. */
async function visit(page: Page, path: string, heading: string | RegExp, shot: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  await assertAccessible(page, `${path} (${shot})`);
}

/** Below 768 px the sidebar slides off-canvas: waits until it has left the screen. */
async function sidebarOffCanvas(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (document.querySelector('aside[aria-label="Sidebar"]')?.getBoundingClientRect().right ?? 0) <= 0,
  );
}

async function noHorizontalScroll(page: Page, where: string): Promise<void> {
  expect(await fitsViewport(page, 1), `no horizontal scroll at 375 px on ${where}`).toBe(true);
}

/** The "Paid in range" figure of the revenue page, as text. */
async function paidInRange(page: Page): Promise<string> {
  await page.goto('/revenue');
  const figure = page.getByRole('region', { name: 'Key figures' }).locator('div', { hasText: 'Paid in range' }).last();
  await figure.waitFor();
  return (await figure.innerText()).trim();
}

test('company: plan duplicate, new school with subscription, add-on and payment approved, entitlement and revenue change', async ({
  openPage,
  signInAs,
}) => {
  const admin = await signInAs('company_admin', DESKTOP);

  // A plan whose name differs from a default one only in case is refused, under the name field.
  await admin.goto('/subscription-plans');
  await admin.getByRole('heading', { name: 'Standard', level: 2 }).waitFor();
  await admin.getByRole('button', { name: 'New plan' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New plan' });
  await dialog.getByLabel('Name').fill('standard');
  await dialog.getByLabel('Price per month (USD)').fill('80');
  for (const label of ['Students', 'Teachers', 'Parents', 'Admins', 'Principals', 'Storage (GB)']) {
    await dialog.getByLabel(label, { exact: true }).fill('10');
  }
  await dialog.getByLabel('API calls per month', { exact: true }).fill('1000');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await dialog.getByText('Plan "standard" already exists').waitFor();
  const invalid = await dialog.getByLabel('Name').getAttribute('aria-invalid');
  expect(invalid, 'the name field is marked invalid').toBe('true');
  await screenshot(admin, 'company-plan-duplicate-desktop');
  await assertAccessible(admin, 'new plan dialog');
  await dialog.getByLabel('Name').fill('Campus');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await admin.getByRole('heading', { name: 'Campus', level: 2 }).waitFor();

  // A new school with its first admin (temporary password) and a yearly Standard subscription.
  await admin.goto('/schools/create');
  await admin.getByLabel('School name').fill('Hillcrest E2E Academy');
  await admin.getByLabel('Address').fill('1 Test Road, Springfield');
  await admin.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
  await admin.getByLabel('Email', { exact: true }).fill('office@hillcrest.e2e.test');
  await admin.getByLabel('Principal name').fill('Pat Principal');
  await admin.getByLabel('Admin name').fill('Hana Hillcrest');
  await admin.getByLabel('Admin email').fill('admin@hillcrest.e2e.test');
  const planSelect = admin.getByLabel('Plan', { exact: true });
  const standard = await planSelect.locator('option', { hasText: 'Standard' }).getAttribute('value');
  expect(standard, 'Standard is offered').toBeTruthy();
  await planSelect.selectOption(standard as string);
  await admin.getByLabel('Billing cycle').selectOption('yearly');
  // Standard: 12 × $100 less 15 % = $1,020.00 a year.
  await admin.getByTestId('subscription-total').getByText('$1,020.00').waitFor();
  await screenshot(admin, 'company-create-school-desktop');
  await assertAccessible(admin, 'create school form');
  await admin.getByRole('button', { name: 'Create school' }).click();
  const passwordBox = admin.getByTestId('temporary-password');
  await passwordBox.waitFor();
  const temporaryPassword = (await passwordBox.innerText()).trim();
  expect(temporaryPassword.length, `an 18-character temporary password (got ${temporaryPassword.length})`).toBe(18);
  await screenshot(admin, 'company-school-created-desktop');
  await admin.getByRole('link', { name: 'Open school' }).click();
  await admin.getByRole('heading', { level: 1, name: 'Hillcrest E2E Academy' }).waitFor();
  const schoolPath = new URL(admin.url()).pathname;
  const paidBefore = await paidInRange(admin);

  // The school's admin signs in, requests API Access and pays the subscription.
  const schoolAdmin: Account = { email: 'admin@hillcrest.e2e.test', password: temporaryPassword, role: 'school_admin' };
  const school = await signInAs(schoolAdmin, DESKTOP);
  await school.goto('/settings');
  await school.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await school.waitForLoadState('networkidle');
  expect(await school.getByRole('heading', { name: 'API keys' }).count(), 'no API keys card yet').toBe(0);
  await school.goto('/addon-marketplace');
  await school.getByRole('button', { name: 'Request API Access' }).click();
  // Asked first, naming the price and what follows; the question is checked for accessibility like the page.
  const confirm = school.getByRole('dialog', { name: 'Request API Access?' });
  await confirm.getByText('Our team reviews your request').waitFor();
  await assertAccessible(school, 'marketplace request question');
  await confirm.getByRole('button', { name: 'Send request' }).click();
  await school.getByRole('link', { name: 'Pay or check status' }).first().waitFor();
  await screenshot(school, 'school-marketplace-requested-desktop');
  await assertAccessible(school, 'marketplace');

  await school.goto('/subscription');
  await school.getByRole('heading', { name: 'Standard plan' }).waitFor();
  await school.getByRole('button', { name: 'Pay now' }).click();
  const pay = school.getByRole('dialog', { name: 'Make a payment' });
  await pay.getByLabel('Payment method').selectOption('bank_transfer');
  await pay.getByLabel('Reference').fill('E2E-TRANSFER-001');
  await assertAccessible(school, 'payment modal');
  await pay.getByRole('button', { name: 'Submit payment' }).click();
  await pay.getByText('waits for confirmation').waitFor();
  // A receipt is for money received: the pending payment has none yet (docs/product.md, "Payments").
  expect(await pay.getByRole('link', { name: 'View receipt' }).count(), 'no receipt before confirmation').toBe(0);
  await pay.getByRole('button', { name: 'Done' }).click();

  // The school admin waits on the dashboard with the live event stream open…
  const streamOpen = school.waitForResponse((r) => r.url().endsWith('/api/v1/events') && r.status() === 200);
  await school.goto('/dashboard');
  await streamOpen;

  // Company admin approves the request and confirms the payment.
  await admin.goto('/addon-requests/manage');
  await admin.getByRole('button', { name: 'Approve API Access for Hillcrest E2E Academy' }).click();
  await admin.getByText('API Access approved for Hillcrest E2E Academy').waitFor();
  // …and the bell shows the approval without a reload (the list is otherwise only polled once a minute).
  await school.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await school.getByRole('region', { name: 'Notifications' }).getByText('API Access is active').waitFor();
  await school.keyboard.press('Escape');
  await admin.goto('/payments?status=pending');
  const row = admin.getByRole('row', { name: /Hillcrest E2E Academy/ });
  await row.getByRole('button', { name: /^Confirm/ }).click();
  await admin.getByText(/^Payment .* confirmed$/).waitFor();

  // Confirmed, the payment has its receipt: the school admin opens it from My Subscription.
  await school.goto('/subscription');
  await school
    .getByRole('region', { name: 'Payments' })
    .getByRole('link', { name: /^Receipt / })
    .click();
  await school.getByRole('heading', { level: 1, name: /^Receipt / }).waitFor();
  await school.getByText('Period', { exact: true }).waitFor();
  const pdfHref = await school.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await school.request.get(pdfHref ?? '');
  expect(
    pdf.ok() && (pdf.headers()['content-type'] ?? '').includes('application/pdf'),
    'the receipt PDF downloads',
  ).toBe(true);
  await screenshot(school, 'school-receipt-desktop');
  await assertAccessible(school, 'receipt');
  const paidAfter = await paidInRange(admin);
  expect(paidAfter, `revenue changed (before "${paidBefore}", after "${paidAfter}")`).not.toBe(paidBefore);
  const csvHref = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await admin.request.get(csvHref ?? '');
  expect(csv.ok() && (csv.headers()['content-type'] ?? '').includes('text/csv'), 'the revenue CSV downloads').toBe(
    true,
  );
  expect(await csv.text(), 'the CSV carries the figures').toContain('MRR');

  // The entitlement is live: the marketplace shows it active and Settings offers API keys.
  await school.goto('/addon-marketplace');
  await school.getByRole('article', { name: 'API Access' }).getByText('Active', { exact: true }).waitFor();
  await school.goto('/settings');
  await school.getByRole('heading', { name: 'API keys' }).waitFor();
  await school.getByLabel('Key name').fill('Timetable sync');
  await school.getByRole('button', { name: 'Create key' }).click();
  const newKey = school.getByTestId('new-api-key');
  const key = (await newKey.innerText()).trim();
  expect(key.startsWith('lyk_'), 'the new key is shown once').toBe(true);
  await newKey.scrollIntoViewIfNeeded();
  await screenshot(school, 'school-api-keys-desktop');
  // The plan expiry screen (shown when the server answers subscription_expired) and its contact-sales modal.
  // Hillcrest's subscription is active, and the screen sends a school in force on to its dashboard: My
  // Subscription's answer is read as lapsed here, so the screen shows what a lapsed school's admin sees.
  await school.route('**/api/v1/subscription', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, subscription: { ...body.subscription, status: 'expired' } } });
  });
  await visit(school, '/subscription-expired', 'Subscription expired', 'school-plan-expired-desktop');
  await school.getByRole('link', { name: 'Renew subscription' }).waitFor();
  await school.unroute('**/api/v1/subscription');
  await school.getByRole('button', { name: 'Contact sales' }).click();
  const sales = school.getByRole('dialog', { name: 'Contact sales' });
  await sales.getByLabel('Phone').fill('+1 555 0101');
  await screenshot(school, 'school-contact-sales-desktop');
  await sales.getByRole('button', { name: 'Send' }).click();
  await school.getByText('Our sales team will contact you shortly.', { exact: false }).waitFor();
  await admin.goto('/dashboard');
  await admin
    .getByRole('region', { name: 'Recent sales leads' })
    .getByText(/Hillcrest E2E Academy/)
    .first()
    .waitFor();

  await school.goto('/subscription');
  await school.getByRole('heading', { name: 'Standard plan' }).waitFor();
  await school.waitForLoadState('networkidle');
  await screenshot(school, 'school-subscription-desktop');
  await assertAccessible(school, 'my subscription');
  await school.close();

  // The school's own pages at 375 px.
  const schoolPhone = await signInAs(schoolAdmin, PHONE);
  for (const [path, heading, name] of [
    ['/subscription', 'My Subscription', 'subscription'],
    ['/addon-marketplace', 'Marketplace', 'marketplace'],
  ] as const) {
    await visit(schoolPhone, path, heading, `school-${name}-375`);
    await noHorizontalScroll(schoolPhone, path);
  }
  await schoolPhone.close();

  // Deactivating the school shuts its users out with a clear message; reactivating lets them back in.
  await admin.goto(schoolPath);
  await admin.getByRole('button', { name: 'Deactivate' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await admin.getByText('Hillcrest E2E Academy deactivated').waitFor();
  const shutOut = await openPage(DESKTOP);
  await shutOut.goto('/login');
  await fillSignInForm(shutOut, schoolAdmin);
  await shutOut.getByText('Your school has been deactivated').waitFor();
  await shutOut.close();
  await admin.getByRole('button', { name: 'Reactivate' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await admin.getByText('Hillcrest E2E Academy reactivated').waitFor();

  // Every company page, on desktop and at 375 px, checked with axe.
  // The dashboard's title comes from the server.
  const pages: [string, string | RegExp, string][] = [
    ['/dashboard', /\w/, 'dashboard'],
    ['/schools', 'Schools', 'schools'],
    [schoolPath, 'Hillcrest E2E Academy', 'school-detail'],
    ['/schools/create', 'Create School', 'create-school'],
    ['/subscription-plans', 'Subscription Plans', 'plans'],
    ['/addon-requests', 'Addon Requests', 'addon-requests'],
    ['/addon-requests/manage', 'Manage Addon Requests', 'addon-requests-manage'],
    ['/payments?status=all', 'Payments', 'payments'],
    ['/revenue', 'Revenue', 'revenue'],
    ['/schools-usage', 'Schools Usage', 'schools-usage'],
  ];
  // One load per page: the same page narrowed to 375 px lays out as one loaded there (CSS media queries and
  // the shell's own width checks follow the viewport), and loading every page twice cost this journey a minute.
  for (const [path, heading, name] of pages) {
    await visit(admin, path, heading, `company-${name}-desktop`);
    await admin.setViewportSize(PHONE);
    await sidebarOffCanvas(admin);
    await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
    await noHorizontalScroll(admin, path);
    await screenshot(admin, `company-${name}-375`);
    await assertAccessible(admin, `${path} (company-${name}-375)`);
    await admin.setViewportSize(DESKTOP);
  }
  await admin.close();
});

test('company: a lapsed school is refused at sign-in and reaches sales from the plan-expiry screen', async ({
  openPage,
  signInAs,
}) => {
  const page = await openPage(DESKTOP);
  await page.goto('/login');
  await fillSignInForm(page, { email: 'teacher@hillside.lyceum.test', password: DEMO_PASSWORD, role: 'teacher' });
  await page.getByText("Your school's subscription has expired.", { exact: false }).first().waitFor();
  await page.getByRole('link', { name: 'Contact sales to renew' }).click();
  await page.getByRole('heading', { level: 1, name: 'Subscription expired' }).waitFor();
  await screenshot(page, 'plan-expired-signed-out-desktop');
  await assertAccessible(page, 'signed-out plan-expiry screen');
  await page.getByRole('button', { name: 'Contact sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact sales' });
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').filter({ hasText: 'Our sales team will contact you shortly.' }).first().waitFor();
  await page.close();

  const admin = await signInAs('company_admin', DESKTOP);
  await admin
    .getByRole('region', { name: 'Recent sales leads' })
    .getByText(/Hal Teacher/)
    .first()
    .waitFor();
  await admin.close();
});
