import type { CompanySchool } from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { DEFAULT_PLANS } from '@lyceum/shared/plans';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { CreateSchoolPage } from '../pages/create-school-page';
import { EditSchoolDialog } from './edit-school-dialog';

const PLAN_ID = '0190a0b0-0000-7000-8000-000000000001';

const school: CompanySchool = {
  id: 'school-1',
  name: 'Hill Valley High',
  address: null,
  phone: null,
  email: null,
  principalName: null,
  logo: null,
  brandColor: null,
  isActive: true,
  isDemo: false,
  status: 'active',
  planName: 'Standard',
  subscriptionEndDate: '2027-01-01T00:00:00.000Z',
  subscriptionCancelledAt: null,
  studentCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'America/Los_Angeles' },
};

describe("the school's locale in the company's forms", () => {
  it('creates a school with the language, zone and currency picked', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/plans': () =>
        json({
          items: [
            {
              ...(DEFAULT_PLANS[1] as (typeof DEFAULT_PLANS)[number]),
              id: PLAN_ID,
              currency: 'USD',
              addonIds: [],
              isActive: true,
              activeSubscriptions: 0,
            },
          ],
        }),
      'GET /api/v1/company/addons': () => json({ items: [] }),
      'POST /api/v1/company/schools': () =>
        apiError(400, 'validation', 'Invalid data: Choose a valid currency', { currency: 'Choose a valid currency' }),
    });
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    await userEvent.type(await screen.findByLabelText('School name'), 'Kauri College');
    await userEvent.type(screen.getByLabelText('Admin name'), 'Hana');
    await userEvent.type(screen.getByLabelText('Admin email'), 'hana@kauri.test');
    await userEvent.selectOptions(screen.getByLabelText('Plan'), PLAN_ID);
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('UTC');
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'Pacific/Auckland');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'NZD');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Kauri College',
      language: 'ar',
      timeZone: 'Pacific/Auckland',
      currency: 'NZD',
      dateFormat: 'medium',
      weekStart: 'monday',
    });
    expect(await screen.findByText('Choose a valid currency')).toBeTruthy();
  });

  it("edits a school's locale from its current one", async () => {
    const { calls } = mockFetch({
      'PATCH /api/v1/company/schools/school-1': (init) => json({ ...school, ...JSON.parse(String(init.body)) }),
    });
    renderWithProviders(<EditSchoolDialog school={school} open onOpenChange={() => {}} />, {
      auth: signedIn('company_admin'),
    });
    const zone = await screen.findByLabelText('Time zone');
    expect((zone as HTMLSelectElement).value).toBe('America/Los_Angeles');
    await userEvent.selectOptions(screen.getByLabelText('First day of the week'), 'sunday');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'Hill Valley High',
      timeZone: 'America/Los_Angeles',
      weekStart: 'sunday',
    });
  });
});
