import { DEFAULT_ADDONS } from '@lyceum/shared/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
