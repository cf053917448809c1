import type { MySubscriptionResponse, Subscription } from '@lyceum/shared/company';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { MySubscriptionPage } from './my-subscription-page';

const SUB_ID = '0190a0b0-0000-7000-8000-0000000000aa';

function subscription(paymentStatus: Subscription['paymentStatus']): Subscription {
  return {
    id: SUB_ID,
    schoolId: 's1',
    planId: 'p1',
    planName: 'Standard',
    addonIds: [],
    addonNames: [],
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    status: 'active',
    autoRenew: false,
    paymentStatus,
    billingCycle: 'monthly',
    totalAmountMinor: 10000,
    planAmountMinor: 10000,
    addonsAmountMinor: 0,
    discountMinor: 0,
    currency: 'USD',
    subscriptionType: 'initial',
    isInitial: true,
    isTrial: false,
    changeKind: 'new',
    previousSubscriptionId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
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

function setup(paymentStatus: Subscription['paymentStatus'], over: Partial<Subscription> = {}) {
  return mockFetch({
    'GET /api/v1/subscription': () => json(answer(paymentStatus, over)),
    'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
    'GET /api/v1/payments': () => json({ items: [], nextCursor: null }),
    'POST /api/v1/payments': () => json({ id: 'pay1', receiptNumber: 'R-1', amountMinor: 10000, currency: 'USD' }, 201),
    'POST /api/v1/subscription/requests': () => json({ id: 'lead1' }, 201),
  });
}

async function pay(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
  await userEvent.type(within(dialog).getByLabelText('Reference'), 'TX-9');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
  await within(dialog).findByText(/is recorded/);
}

describe('MySubscriptionPage', () => {
  it('pays an unpaid subscription without asking for a renewal, and shows unlimited limits', async () => {
    const { calls } = setup('pending');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByText('120 / Unlimited')).toBeTruthy();
    await pay('Pay now');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ subscriptionId: SUB_ID, amountMinor: 10000 });
    expect(calls.some((c) => c.url === '/api/v1/subscription/requests')).toBe(false);
  });

  it('renewing a paid subscription records the payment and asks the company to renew', async () => {
    const { calls } = setup('paid');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    await pay('Renew');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/subscription/requests')?.body).toMatchObject({ kind: 'renewal' }),
    );
  });

  it('shows a trial as a free trial until its end, and paying for what follows asks the company to renew', async () => {
    const { calls } = setup('pending', { isTrial: true, planName: 'Basic', endDate: '2026-12-08T12:00:00.000Z' });
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
    const plan = await screen.findByRole('region', { name: 'No plan' });
    const figure = (label: string) => within(plan).getByText(label).nextElementSibling?.textContent;
    expect(figure('Status')).toBe('Trial');
    expect(figure('Payment')).toBe('Free trial');
    expect(figure('After the trial')).toBe('$100.00');
    expect(figure('Ends')).toMatch(/2026/);
    expect(screen.queryByText('Pending')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Trial')).toBeTruthy();
    await pay('Subscribe');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/subscription/requests')?.body).toMatchObject({ kind: 'renewal' }),
    );
  });

  it('tells other school roles that the school admin manages it, without calling the server', () => {
    const { calls } = setup('paid');
    renderWithProviders(<MySubscriptionPage />, { auth: signedIn('teacher') });
    expect(screen.getByText('Managed by your school administrator')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('speaks Arabic right to left: the plan, its figures and the payment dialog', async () => {
    await changeLanguage('ar');
    try {
      setup('pending');
      renderWithProviders(<MySubscriptionPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'اشتراكي' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'السجل' })).toBeTruthy();
      expect(screen.getByText('شهرية')).toBeTruthy();
      expect(screen.getByText(/^(30|٣٠) يومًا$/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'ادفع الآن' }));
      const dialog = await screen.findByRole('dialog', { name: 'إجراء دفعة' });
      expect(within(dialog).getByText('Standard (شهري)')).toBeTruthy();
      expect(within(dialog).getByLabelText('المبلغ (USD)')).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
