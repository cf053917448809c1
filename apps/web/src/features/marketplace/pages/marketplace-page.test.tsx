import { DEFAULT_ADDONS } from '@lyceum/shared/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { MarketplacePage } from './marketplace-page';

const item = (name: string, extra: Record<string, unknown> = {}) => {
  const base = DEFAULT_ADDONS.find((a) => a.name === name);
  return {
    ...base,
    id: `id-${name.replaceAll(' ', '-')}`,
    key: null,
    currency: 'USD',
    isActive: true,
    owned: false,
    includedInPlan: false,
    pendingRequestId: null,
    ...extra,
  };
};

describe('MarketplacePage', () => {
  it('marks owned add-ons, shows prices, and requests one', async () => {
    let requested = false;
    const { calls } = mockFetch({
      'GET /api/v1/marketplace': () =>
        json({
          items: [
            item('SMS', { owned: true, includedInPlan: true }),
            item('API Access', requested ? { pendingRequestId: 'r1' } : {}),
          ],
        }),
      'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
      'POST /api/v1/addon-requests': () => {
        requested = true;
        return json({ id: 'r1' }, 201);
      },
    });
    renderWithProviders(<MarketplacePage />, { auth: signedIn('school_admin') });
    const sms = (await screen.findByRole('article', { name: 'SMS' })) as HTMLElement;
    expect(within(sms).getByText('Included in plan')).toBeTruthy();
    expect(within(sms).queryByRole('button')).toBeNull();
    const api = screen.getByRole('article', { name: 'API Access' });
    expect(api.textContent).toContain('$75.00');

    await userEvent.click(within(api).getByRole('button', { name: 'Request API Access' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ addonId: 'id-API-Access' }));
    await within(screen.getByRole('article', { name: 'API Access' })).findByText('Requested');
  });

  it('tells other roles the school admin chooses add-ons, without calling the server', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<MarketplacePage />, { auth: signedIn('principal') });
    expect(screen.getByText('For school administrators')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  // Company staff belong to no school: no school administrator to ask (docs/product.md, "The eight roles").
  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)('sends %s to the add-ons it keeps, not to a school administrator', (role) => {
    const { calls } = mockFetch({});
    renderWithProviders(<MarketplacePage />, { auth: signedIn(role) });
    expect(screen.getByText("For each school's administrators")).toBeTruthy();
    expect(screen.queryByText(/Your school administrator/)).toBeNull();
    expect(screen.queryByText(/Add features to your school/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Subscription Plans' }).getAttribute('href')).toBe(
      '/subscription-plans',
    );
    expect(calls).toHaveLength(0);
  });

  it('speaks Arabic right to left', async () => {
    await changeLanguage('ar');
    try {
      mockFetch({
        'GET /api/v1/marketplace': () => json({ items: [item('SMS', { owned: true, includedInPlan: true })] }),
        'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
      });
      renderWithProviders(<MarketplacePage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'المتجر' })).toBeTruthy();
      const sms = (await screen.findByRole('article', { name: 'SMS' })) as HTMLElement;
      expect(within(sms).getByText('مضمّنة في الخطة')).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
