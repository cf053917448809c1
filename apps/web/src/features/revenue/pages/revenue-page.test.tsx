import type { RevenueResponse } from '@lyceum/shared/company';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
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
