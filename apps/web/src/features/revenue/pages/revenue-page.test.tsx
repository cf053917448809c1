import { DATE_RANGE_MESSAGE, type RevenueResponse } from '@lyceum/shared/company';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { RevenuePage } from './revenue-page';

// No month of payments: the chart (Recharts, its own lazy chunk) stays out of these tests.
const revenue: RevenueResponse = {
  currency: 'USD',
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-06-30T00:00:00.000Z',
  mrrMinor: 120000,
  arrMinor: 1440000,
  paidMinor: 50000,
  outstandingMinor: 20000,
  outstandingCount: 2,
  byMonth: [],
  byPlan: [{ planName: 'Standard', amountMinor: 50000, count: 5 }],
  byAddon: [],
  expiringSoon: [],
};

describe('RevenuePage', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the key figures in English', async () => {
    mockFetch({ 'GET /api/v1/company/revenue': () => json(revenue) });
    renderWithProviders(<RevenuePage />, { auth: signedIn('company_admin'), path: '/revenue' });
    await screen.findByRole('heading', { level: 1, name: 'Revenue' });
    expect(screen.getByText('$1,200.00')).toBeTruthy();
    expect(screen.getByText('2 pending payments')).toBeTruthy();
    expect(screen.getByText('Nothing paid in this range.')).toBeTruthy();
  });

  it('a From after To is said under From, not sent, and To and the figures stay', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/company/revenue': () => json(revenue) });
    const { router } = renderWithProviders(<RevenuePage />, { auth: signedIn('company_admin'), path: '/revenue' });
    const from = (await screen.findByLabelText('From')) as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect(to.value).toBe('2026-06-30');
    fireEvent.change(from, { target: { value: '2027-01-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2027-01-01'));
    expect(await screen.findByText(DATE_RANGE_MESSAGE)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.value).toBe('2026-06-30');
    expect(screen.getByText('$1,200.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls.some((c) => c.url.includes('from=2027-01-01'))).toBe(false);
    // Back to a sound range: asked for and shown.
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('from=2026-03-01'))).toBe(true));
    await waitFor(() => expect(screen.queryByText(DATE_RANGE_MESSAGE)).toBeNull());
  });

  it('the server refusing a range is said under From too, not as an error box', async () => {
    mockFetch({
      'GET /api/v1/company/revenue': () => apiError(400, 'validation', 'Invalid data', { from: DATE_RANGE_MESSAGE }),
    });
    renderWithProviders(<RevenuePage />, { auth: signedIn('company_admin'), path: '/revenue?from=2999-01-01' });
    expect(await screen.findByText(DATE_RANGE_MESSAGE)).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2999-01-01');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('reads right to left in Arabic, with Arabic plurals', async () => {
    await changeLanguage('ar');
    mockFetch({ 'GET /api/v1/company/revenue': () => json(revenue) });
    renderWithProviders(<RevenuePage />, { auth: signedIn('company_admin'), path: '/revenue' });
    await screen.findByRole('heading', { level: 1, name: 'الإيرادات' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('دفعتان معلّقتان')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'تنتهي خلال 30 يومًا' })).toBeTruthy();
  });
});
