import type { CompanySchool, SchoolDetailResponse } from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { SchoolDetailPage } from './school-detail-page';

const school: CompanySchool = {
  id: 'school-1',
  name: 'Hill Valley High',
  address: '1 Clock Tower Sq',
  phone: null,
  email: null,
  principalName: 'Strickland',
  logo: null,
  brandColor: null,
  isActive: true,
  isDemo: false,
  status: 'active',
  planName: 'Standard',
  subscriptionEndDate: '2027-01-01T00:00:00.000Z',
  studentCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  locale: DEFAULT_SCHOOL_LOCALE,
};

const detail: SchoolDetailResponse = {
  school,
  subscription: null,
  history: {
    initialSubscriptionId: null,
    currentSubscriptionId: null,
    totalUpgrades: 2,
    totalDowngrades: 1,
    items: [],
  },
  usage: [
    { metric: 'students', used: 3, limit: 100, ratio: 0.03 },
    { metric: 'storage', used: 512 * 1024 ** 2, limit: 5 * 1024 ** 3, ratio: 0.1 },
  ],
  admins: [],
  entitlements: ['api_access'],
};

function render(role: 'company_admin' | 'company_user' = 'company_admin') {
  const fetch = mockFetch({
    'GET /api/v1/company/schools/school-1': () => json(detail),
    'POST /api/v1/company/schools/school-1/deactivate': () => json({ ...school, isActive: false, status: 'inactive' }),
  });
  const routes = [{ path: '/schools/:id', element: <SchoolDetailPage /> }];
  renderWithProviders(null, { auth: signedIn(role), path: '/schools/school-1', routes });
  return fetch;
}

describe('SchoolDetailPage', () => {
  it('shows usage (storage in GB and MB), the empty history and active add-ons', async () => {
    render();
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    expect(screen.getByText('3 / 100')).toBeTruthy();
    expect(screen.getByText('512 MB / 5 GB')).toBeTruthy();
    expect(screen.getByText('No subscriptions yet.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Active add-ons' })).getByText('API Access')).toBeTruthy();
    const people = screen.getByRole('navigation', { name: "This school's people" });
    expect(within(people).getByRole('link', { name: 'Students' }).getAttribute('href')).toBe(
      '/students?schoolId=school-1',
    );
  });

  it('deactivates only after confirming', async () => {
    const { calls } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Hill Valley High?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/school-1/deactivate'))).toBe(true));
  });

  it('gives company_user no actions', async () => {
    render('company_user');
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    for (const name of ['Edit', 'Assign plan', 'Deactivate']) expect(screen.queryByRole('button', { name })).toBeNull();
    // company_user cannot read a school's people, so no links to lists it would be refused.
    expect(screen.queryByRole('navigation', { name: "This school's people" })).toBeNull();
  });
});
