import { DEFAULT_ADDONS } from '@lyceum/shared/plans';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
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
    // Asked first: what it costs and what follows; nothing is sent until the request is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Request API Access?' });
    expect(dialog.textContent).toContain(
      'API Access costs $75.00 a month. Our team reviews your request; once it is approved, API Access is added to your subscription',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ addonId: 'id-API-Access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await within(screen.getByRole('article', { name: 'API Access' })).findByText('Requested');
  });

  it('sends nothing when the request is cancelled; a refusal stays in the dialog', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/marketplace': () => json({ items: [item('API Access', { billingPeriod: 'yearly' })] }),
      'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
      'POST /api/v1/addon-requests': () =>
        apiError(409, 'conflict', 'This add-on has already been requested and is awaiting approval.'),
    });
    renderWithProviders(<MarketplacePage />, { auth: signedIn('school_admin') });
    const api = await screen.findByRole('article', { name: 'API Access' });
    await userEvent.click(within(api).getByRole('button', { name: 'Request API Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request API Access?' });
    expect(dialog.textContent).toContain('API Access costs $75.00 a year.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(api).getByRole('button', { name: 'Request API Access' }));
    const again = await screen.findByRole('dialog', { name: 'Request API Access?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Send request' }));
    expect(
      await within(again).findByText('This add-on has already been requested and is awaiting approval.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
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
        'GET /api/v1/marketplace': () =>
          json({ items: [item('SMS', { owned: true, includedInPlan: true }), item('API Access')] }),
        'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
      });
      renderWithProviders(<MarketplacePage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'المتجر' })).toBeTruthy();
      const sms = (await screen.findByRole('article', { name: 'SMS' })) as HTMLElement;
      expect(within(sms).getByText('مضمّنة في الخطة')).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
      // The add-on's Latin name keeps its place in the Arabic question (isolated in the catalogue).
      const api = screen.getByRole('article', { name: 'API Access' });
      await userEvent.click(within(api).getByRole('button', { name: 'طلب \u2068API Access\u2069' }));
      const dialog = await screen.findByRole('dialog', { name: 'طلب \u2068API Access\u2069؟' });
      expect(dialog.textContent).toContain('سعر \u2068API Access\u2069 هو');
      expect(dialog.textContent).toContain('شهريًا. سيراجع فريقنا طلبك');
      expect(within(dialog).getByRole('button', { name: 'إرسال الطلب' })).toBeTruthy();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
