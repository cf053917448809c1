import type { AddonRequest } from '@lyceum/shared/company';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAddonRequest } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AddonRequestsPage } from './addon-requests-page';

const request: AddonRequest = anAddonRequest({ id: 'r1' });

function setup(role: 'company_admin' | 'company_user') {
  const fetch = mockFetch({
    'GET /api/v1/company/addon-requests': () => json({ items: [request], nextCursor: null }),
  });
  renderWithProviders(<AddonRequestsPage />, { auth: signedIn(role), path: '/addon-requests?status=pending' });
  return fetch;
}

describe('AddonRequestsPage', () => {
  it('offers company_admin the review screen', async () => {
    setup('company_admin');
    await screen.findAllByText('API Access');
    expect(screen.getByRole('link', { name: 'Review pending requests' }).getAttribute('href')).toBe(
      '/addon-requests/manage',
    );
  });

  it('shows company_user the requests, filtered as the dashboard asked, with nothing to decide', async () => {
    const { calls } = setup('company_user');
    await screen.findAllByText('API Access');
    expect(calls.some((c) => c.url.includes('status=pending'))).toBe(true);
    expect(screen.queryByRole('link', { name: 'Review pending requests' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Approve|Reject)/ })).toBeNull();
  });

  it("shows what each request costs by the school's billing cycle", async () => {
    mockFetch({
      'GET /api/v1/company/addon-requests': () =>
        json({
          items: [
            request,
            anAddonRequest({ id: 'r2', schoolName: 'Yearly High', billingCycle: 'yearly', amountDueMinor: 90000 }),
          ],
          nextCursor: null,
        }),
    });
    renderWithProviders(<AddonRequestsPage />, { auth: signedIn('company_user'), path: '/addon-requests' });
    expect(await screen.findByText('$75.00 a month')).toBeTruthy();
    expect(screen.getByText('$900.00 a year')).toBeTruthy();
  });
});
