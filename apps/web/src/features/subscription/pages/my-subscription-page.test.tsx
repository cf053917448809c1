import {
  type MySubscriptionResponse,
  type Subscription,
  SUBSCRIPTION_RECOVERY_ROUTES,
  SUBSCRIPTION_REQUEST_MESSAGES,
} from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { API_ACCESS } from '@lyceum/shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, type MockHandlers, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { anAddonRequest, aPayment, aSubscription } from '../../../test/fixtures';
import { EXPIRED_PATH, SubscriptionExpiryWatcher } from '../components/expiry-watcher';
import { MySubscriptionPage } from './my-subscription-page';

const SUB_ID = '0190a0b0-0000-7000-8000-0000000000aa';
const REQUEST_ID = '0190a0b0-0000-7000-8000-0000000000bb';

/** A subscription billed $100.00 (nothing for a trial's `none`), paid in full only when `paid`. */
function subscription(paymentStatus: Subscription['paymentStatus']): Subscription {
  const billed = paymentStatus === 'none' ? 0 : 10000;
  const paid = paymentStatus === 'paid' ? billed : 0;
  return aSubscription({
    id: SUB_ID,
    schoolId: 's1',
    planId: 'p1',
    paymentStatus,
    amountDueMinor: billed,
    paidMinor: paid,
    outstandingMinor: billed - paid,
  });
}

function answer(
  paymentStatus: Subscription['paymentStatus'],
  over: Partial<Subscription> = {},
): MySubscriptionResponse {
  const sub = { ...subscription(paymentStatus), ...over };
  return {
    subscription: sub,
    plan: null,
    addons: [],
    usage: [{ metric: 'students', used: 120, limit: -1, ratio: 0 }],
    history: {
      initialSubscriptionId: SUB_ID,
      currentSubscriptionId: SUB_ID,
      totalUpgrades: 0,
      totalDowngrades: 0,
      items: [sub],
    },
    entitlements: [],
    daysLeft: 30,
  };
}

function handlers(mine: MySubscriptionResponse): MockHandlers {
  return {
    'GET /api/v1/subscription': () => json(mine),
    'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
    'GET /api/v1/payments': () => json({ items: [], nextCursor: null }),
    'POST /api/v1/payments': () => json({ id: 'pay1', receiptNumber: 'R-1', amountMinor: 10000, currency: 'USD' }, 201),
    'POST /api/v1/subscription/requests': () => json({ id: 'lead1' }, 201),
    'GET /api/v1/plans': () => json([]),
  };
}

function setup(paymentStatus: Subscription['paymentStatus'], over: Partial<Subscription> = {}) {
  return mockFetch(handlers(answer(paymentStatus, over)));
}

/** What a school whose subscription lapsed may still call (docs/product.md, "When a subscription lapses mid-session"). */
/** The page as the school admin sees it, with the toasts its errors raise (none left from an earlier test). */
function renderWithToasts() {
  toast.remove();
  renderWithProviders(
    <>
      <MySubscriptionPage />
      <Toaster />
    </>,
    { auth: signedIn('school_admin') },
  );
}

const openWhenLapsed = (key: string) => SUBSCRIPTION_RECOVERY_ROUTES.has(key) || API_ACCESS[key] === 'public';

async function pay(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
  await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-9');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
  await within(dialog).findByText(/is recorded/);
}

describe('MySubscriptionPage', () => {
  it('opened from a notice (#my-payments) scrolls to the part it is about once drawn', async () => {
    setup('pending');
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      renderWithProviders(<MySubscriptionPage />, {
        auth: signedIn('school_admin'),
        path: '/subscription#my-payments',
      });
      await screen.findByText('120 / Unlimited');
      expect(scrolled).toEqual(['my-payments']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('pays an unpaid subscription without asking for a renewal, and shows unlimited limits', async () => {
    const { calls } = setup('pending');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByText('120 / Unlimited')).toBeTruthy();
    await pay('Pay now');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ subscriptionId: SUB_ID, amountMinor: 10000 });
    expect(calls.some((c) => c.url === '/api/v1/subscription/requests')).toBe(false);
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('renewal');
  });

  it('renewing a paid subscription asks for the renewal with the payment, in one request', async () => {
    const { calls } = setup('paid');
    renderWithToasts();
    await pay('Renew');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ subscriptionId: SUB_ID, renewal: true });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Confirming the payment does not renew: the company renews (docs/product.md, "Payments"), and the toast says so.
    expect(
      await screen.findByText('Renewal requested: our team will renew your subscription and confirm your payment.'),
    ).toBeTruthy();
  });

  it('a renewal already asked for is said in the payment dialog, and nothing is recorded', async () => {
    mockFetch({
      ...handlers(answer('paid')),
      'POST /api/v1/payments': () => apiError(409, 'conflict', SUBSCRIPTION_REQUEST_MESSAGES.renewalPending),
    });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    expect(
      await within(dialog).findByText('A renewal has already been requested and is awaiting a reply.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/is recorded/)).toBeNull();
  });

  it('offers no payment while one awaits confirmation, and says so, for the subscription and an add-on', async () => {
    const { calls } = mockFetch({
      ...handlers(answer('pending')),
      'GET /api/v1/payments': () =>
        json({
          items: [
            aPayment({ subscriptionId: SUB_ID, amountMinor: 173389 }),
            aPayment({ id: 'pay-2', subscriptionId: null, addonRequestId: 'req-wl', amountMinor: 20000 }),
          ],
          nextCursor: null,
        }),
      'GET /api/v1/addon-requests': () =>
        json({
          items: [
            anAddonRequest({ id: 'req-wl', addonName: 'White Label', status: 'approved' }),
            anAddonRequest({ id: 'req-sms', addonName: 'SMS', status: 'approved' }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    expect(
      await screen.findByText(
        'A payment of $1,733.89 is awaiting confirmation. You can pay again once it is confirmed or rejected.',
      ),
    ).toBeTruthy();
    for (const name of ['Pay now', 'Renew', 'Subscribe']) expect(screen.queryByRole('button', { name })).toBeNull();
    // The add-on whose payment waits says so; the other one may still be paid for.
    expect(screen.queryByRole('button', { name: 'Pay for White Label' })).toBeNull();
    expect(screen.getByText('Payment awaiting confirmation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay for SMS' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says a refused payment once, in the dialog, without a toast repeating it', async () => {
    mockFetch({
      ...handlers(answer('pending')),
      'POST /api/v1/payments': () => apiError(409, 'conflict', SUBSCRIPTION_REQUEST_MESSAGES.paymentPending),
    });
    renderWithToasts();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    await within(dialog).findByText(SUBSCRIPTION_REQUEST_MESSAGES.paymentPending);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(SUBSCRIPTION_REQUEST_MESSAGES.paymentPending)).toHaveLength(1);
  });

  // docs/product.md, "Billing: what is due": what the subscription billed, what was paid, and what is outstanding.
  it('shows what is billed, paid and outstanding, and Pay now starts with what is outstanding, not the total', async () => {
    const { calls } = setup('pending', { amountDueMinor: 120000, paidMinor: 20000, outstandingMinor: 100000 });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const plan = await screen.findByRole('region', { name: 'No plan' });
    const figure = (label: string) => within(plan).getByText(label).nextElementSibling?.textContent;
    expect(figure('Price')).toBe('$100.00');
    expect(figure('Billed')).toBe('$1,200.00');
    expect(figure('Paid')).toBe('$200.00');
    expect(figure('Outstanding')).toBe('$1,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('1000.00');
    expect(within(dialog).getByText('At most the $1,000.00 outstanding.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    await within(dialog).findByText(/is recorded/);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amountMinor: 100000 });
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('renewal');
  });

  it('with nothing outstanding offers no Pay now and says so; Renew starts with the next billing cycle', async () => {
    setup('paid');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const plan = await screen.findByRole('region', { name: 'No plan' });
    expect(within(plan).getByText('Outstanding').nextElementSibling?.textContent).toBe('Nothing is outstanding');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('100.00');
  });

  // The server takes a renewal payment up to what is outstanding and the cycle the renewal will bill: `The amount
  // is more than the {amount} due, the next billing cycle included.`
  it('renewing a lapsed subscription left partly unpaid starts with what is outstanding and the next cycle', async () => {
    const lapsed = answer('pending', { status: 'expired', paidMinor: 5000, outstandingMinor: 5000 });
    lapsed.daysLeft = -2;
    const { calls } = mockFetch(handlers(lapsed));
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('150.00');
    expect(
      within(dialog).getByText('At most $150.00: what is outstanding and the next billing cycle ($100.00).'),
    ).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    await within(dialog).findByText(/is recorded/);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amountMinor: 15000, renewal: true });
  });

  it('a cancelled subscription left unpaid is paid for what is outstanding, without a renewal', async () => {
    const cancelled = answer('pending', { status: 'cancelled' });
    cancelled.daysLeft = null;
    const { calls } = mockFetch(handlers(cancelled));
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    await pay('Pay now');
    expect(screen.queryByRole('button', { name: 'Renew' })).toBeNull();
    const body = calls.find((c) => c.method === 'POST')?.body;
    expect(body).toMatchObject({ subscriptionId: SUB_ID, amountMinor: 10000 });
    expect(body).not.toHaveProperty('renewal');
  });

  // A receipt is for money received (docs/product.md, "Payments"): a pending or rejected payment has none (409).
  it('lists payments without repeating what is outstanding on each, marks a renewal, and links receipts of confirmed payments only', async () => {
    mockFetch({
      ...handlers(answer('paid')),
      'GET /api/v1/payments': () =>
        json({
          items: [
            aPayment({ id: 'pay-1', receiptNumber: 'R-1', status: 'confirmed', outstandingMinor: 0 }),
            aPayment({ id: 'pay-2', receiptNumber: 'R-2', status: 'rejected', outstandingMinor: 0 }),
            aPayment({ id: 'pay-3', receiptNumber: 'R-3', status: 'pending', renewal: true, outstandingMinor: 2500 }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const list = await screen.findByRole('region', { name: 'Payments' });
    const receipt = await within(list).findByRole('link', { name: 'Receipt R-1' });
    expect(receipt.getAttribute('href')).toBe('/payments/pay-1/receipt');
    expect(within(list).queryByRole('link', { name: 'Receipt R-2' })).toBeNull();
    expect(within(list).queryByRole('link', { name: 'Receipt R-3' })).toBeNull();
    const rows = within(list).getAllByRole('listitem');
    // What is outstanding is the subscription's, said once in its figures, not on every payment.
    for (const row of rows) expect(row.textContent).not.toMatch(/outstanding/i);
    expect(within(rows[2] as HTMLElement).getByText('Renewal')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText('Renewal')).toBeNull();
  });

  it('an add-on request shows its charge by its cycle, Pay starts with what it still owes, and a paid one says so', async () => {
    const { calls } = mockFetch({
      ...handlers(answer('paid', { billingCycle: 'yearly' })),
      'GET /api/v1/addon-requests': () =>
        json({
          items: [
            anAddonRequest({
              id: REQUEST_ID,
              addonName: 'API Access',
              status: 'approved',
              billingCycle: 'yearly',
              amountDueMinor: 90000,
              outstandingMinor: 90000,
            }),
            anAddonRequest({
              id: 'req-sms',
              addonName: 'SMS',
              status: 'approved',
              amountDueMinor: 7500,
              outstandingMinor: 0,
            }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const addons = await screen.findByRole('region', { name: 'Add-ons' });
    expect(await within(addons).findByText('$900.00 a year')).toBeTruthy();
    expect(within(addons).getByText('$75.00 a month')).toBeTruthy();
    expect(within(addons).queryByRole('button', { name: 'Pay for SMS' })).toBeNull();
    expect(within(addons).getByText('Nothing is outstanding')).toBeTruthy();
    await userEvent.click(within(addons).getByRole('button', { name: 'Pay for API Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('900.00');
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    await within(dialog).findByText(/is recorded/);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      addonRequestId: REQUEST_ID,
      amountMinor: 90000,
    });
  });

  it.each([
    ['es', ['Facturado', 'Pagado', 'Pendiente de pago'], 'No hay nada pendiente de pago'],
    ['ar', ['المفوتر', 'المدفوع', 'المتبقي'], 'لا يوجد مبلغ مستحق'],
  ] as const)('names what is billed, paid and outstanding in %s', async (language, labels, nothing) => {
    await changeLanguage(language);
    try {
      setup('paid');
      renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
      await screen.findByRole('button', { name: language === 'es' ? 'Renovar' : 'تجديد' });
      const figures = screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
      expect(figures.slice(-3).map(([label]) => label)).toEqual(labels);
      expect(figures.at(-1)?.[1]).toBe(nothing);
    } finally {
      await changeLanguage('en');
    }
  });

  it('lists the add-ons the plan includes with the bought ones, marked as included', async () => {
    mockFetch(
      handlers({
        ...answer('paid'),
        addons: [
          {
            id: 'a-wl',
            name: 'White Label',
            key: 'white_label',
            description: '',
            icon: 'palette',
            priceMinor: 20000,
            currency: 'USD',
            billingPeriod: 'monthly',
            features: [],
            isActive: true,
          },
        ],
        entitlements: ['api_access', 'white_label'],
      }),
    );
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const list = await screen.findByRole('list', { name: 'Active add-ons' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['White Label', 'API Access · Included in your plan']);
  });

  it("contact sales while the school's earlier request is open says so in the dialog", async () => {
    mockFetch({
      ...handlers(answer('paid')),
      'POST /api/v1/sales-leads': () => apiError(409, 'conflict', SUBSCRIPTION_REQUEST_MESSAGES.contactSalesPending),
    });
    renderWithToasts();
    await userEvent.click(await screen.findByRole('button', { name: 'Contact sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact sales' });
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Can we add a campus?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        'Your school already has an open request to our sales team. We will be in touch soon.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Thanks! Our sales team will contact you shortly.')).toBeNull();
  });

  it('a lapsed school admin stays on it and renews: it calls nothing a lapsed school is refused', async () => {
    const expired = answer('paid');
    expired.subscription = { ...subscription('paid'), status: 'expired' };
    expired.daysLeft = -3;
    // As the server answers a lapsed school: 402 outside the recovery routes, which sends the app to the expiry screen.
    const asLapsed = Object.fromEntries(
      Object.entries(handlers(expired)).map(([key, handler]) => [
        key,
        openWhenLapsed(key) ? handler : () => apiError(402, 'subscription_expired', MESSAGES.subscriptionExpired),
      ]),
    );
    const { calls } = mockFetch(asLapsed);
    const { router } = renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/subscription',
      routes: [
        {
          path: '/subscription',
          element: (
            <>
              <SubscriptionExpiryWatcher />
              <MySubscriptionPage />
            </>
          ),
        },
        { path: EXPIRED_PATH, element: <p>Expired screen</p> },
      ],
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/addon-requests')).toBe(true));
    await pay('Renew');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ renewal: true });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/plans')).toBe(true));
    expect(router.state.location.pathname).toBe('/subscription');
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`).filter((key) => !openWhenLapsed(key))).toEqual([]);
  });

  it('shows a trial as a free trial until its end, and paying for what follows asks the company to renew', async () => {
    const { calls } = setup('none', { isTrial: true, planName: 'Basic', endDate: '2026-12-08T12:00:00.000Z' });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const plan = await screen.findByRole('region', { name: 'No plan' });
    const figure = (label: string) => within(plan).getByText(label).nextElementSibling?.textContent;
    expect(figure('Status')).toBe('Trial');
    expect(figure('Payment')).toBe('Free trial');
    expect(figure('After the trial')).toBe('$100.00');
    expect(figure('Ends')).toMatch(/2026/);
    expect(screen.queryByText('Pending')).toBeNull();
    // A trial owes nothing (docs/product.md, "Billing: what is due"): said once, not as two zero amounts.
    expect(
      within(plan).getByText('Nothing was billed and no payments were made, so nothing is outstanding.'),
    ).toBeTruthy();
    expect(within(plan).queryByText('Billed')).toBeNull();
    expect(within(plan).queryByText('$0.00')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Trial')).toBeTruthy();
    await pay('Subscribe');
    // What follows the trial: its first billing cycle, which the renewal will bill.
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      subscriptionId: SUB_ID,
      renewal: true,
      amountMinor: 10000,
    });
  });

  it('a cancelled subscription that billed and received nothing says so, in every language, not "Billed $0.00"', async () => {
    const cancelled = answer('none', { status: 'cancelled', amountDueMinor: 0, paidMinor: 0, outstandingMinor: 0 });
    cancelled.daysLeft = null;
    mockFetch(handlers(cancelled));
    for (const [language, sentence] of [
      ['en', 'Nothing was billed and no payments were made, so nothing is outstanding.'],
      ['es', 'No se facturó nada ni se recibieron pagos, así que no hay nada pendiente de pago.'],
      ['ar', 'لم يُفوتر أي مبلغ ولم تُسجَّل أي دفعة، لذا لا يوجد مبلغ مستحق.'],
    ] as const) {
      await changeLanguage(language);
      const { unmount } = renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByText(sentence)).toBeTruthy();
      expect(screen.queryByText(/(^|\D)0[.,٫]00/)).toBeNull();
      unmount();
    }
  });

  it('a cancelled subscription has no days left and offers no renewal or plan change: the school is sent to sales', async () => {
    const cancelled = answer('paid', { status: 'cancelled' });
    cancelled.daysLeft = null;
    const { calls } = mockFetch(handlers(cancelled));
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const plan = await screen.findByRole('region', { name: 'No plan' });
    const figure = (label: string) => within(plan).getByText(label).nextElementSibling?.textContent;
    expect(figure('Status')).toBe('Cancelled');
    expect(figure('Days left')).toBe('—');
    expect(
      within(plan).getByText(
        "Your school's subscription was cancelled, so it cannot be renewed. Contact sales to choose a plan.",
      ),
    ).toBeTruthy();
    for (const name of ['Renew', 'Pay now', 'Subscribe', 'Upgrade plan']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // Nor the marketplace, which answers a cancelled school with the plan-expiry screen.
    expect(screen.queryByRole('link', { name: 'Marketplace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact sales' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('tells other school roles that the school admin manages it, without calling the server', () => {
    const { calls } = setup('paid');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('teacher') });
    expect(screen.getByText('Managed by your school administrator')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  // Company staff belong to no school: no school administrator to ask (docs/product.md, "The eight roles").
  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)("sends %s to the schools' own pages, not to a school administrator", (role) => {
    const { calls } = setup('paid');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn(role) });
    expect(screen.getByText("For each school's administrators")).toBeTruthy();
    expect(screen.queryByText(/Ask your school administrator/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Schools' }).getAttribute('href')).toBe('/schools');
    expect(calls).toHaveLength(0);
  });

  it('speaks Arabic right to left: the plan, its figures and the payment dialog', async () => {
    await changeLanguage('ar');
    try {
      setup('pending');
      renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'اشتراكي' })).toBeTruthy();
      const history = screen.getByRole('region', { name: 'السجل' });
      // The plan's name is isolated, so the date after it keeps its order (QA at 1280 px, Arabic).
      expect(within(history).getByText('Standard').tagName).toBe('BDI');
      expect(screen.getByText('شهرية')).toBeTruthy();
      expect(screen.getByText(/^(30|٣٠) يومًا$/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'ادفع الآن' }));
      const dialog = await screen.findByRole('dialog', { name: 'إجراء دفعة' });
      expect(within(dialog).getByText('\u2068Standard\u2069 (شهري)')).toBeTruthy();
      expect(within(dialog).getByLabelText('المبلغ (USD)')).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
