import type { Plan } from '@lyceum/shared/company';
import { DEFAULT_PLANS } from '@lyceum/shared/plans';
import { YEARLY_LENGTH_MESSAGE } from '@lyceum/shared/subscription-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { CreateSchoolPage } from './create-school-page';

const PLAN_ID = '0190a0b0-0000-7000-8000-000000000001';
const standard: Plan = {
  ...(DEFAULT_PLANS[1] as (typeof DEFAULT_PLANS)[number]),
  id: PLAN_ID,
  currency: 'USD',
  addonIds: [],
  isActive: true,
  activeSubscriptions: 0,
};

function setup(temporaryPassword: string | null) {
  return mockFetch({
    'GET /api/v1/company/plans': () =>
      json({ items: [standard, { ...standard, id: 'old', name: 'Old', isActive: false }] }),
    'GET /api/v1/company/addons': () => json({ items: [] }),
    'POST /api/v1/company/schools': () =>
      json(
        {
          school: { id: 'school-1', name: 'Hill Valley High' },
          admin: {
            id: 'a',
            name: 'Hana',
            email: 'hana@hv.test',
            invitationSent: !temporaryPassword,
            temporaryPassword,
          },
          subscription: { planName: 'Standard', billingCycle: 'yearly', endDate: '2027-01-01T00:00:00.000Z' },
        },
        201,
      ),
  });
}

async function fillForm() {
  await userEvent.type(await screen.findByLabelText('School name'), 'Hill Valley High');
  await userEvent.type(screen.getByLabelText('Admin name'), 'Hana');
  await userEvent.type(screen.getByLabelText('Admin email'), 'hana@hv.test');
  await userEvent.selectOptions(screen.getByLabelText('Plan'), PLAN_ID);
  await userEvent.selectOptions(screen.getByLabelText('Billing cycle'), 'yearly');
}

describe('CreateSchoolPage', () => {
  it('offers only active plans, checks the form with the shared schema, and shows the temporary password once', async () => {
    const { calls } = setup('Xy7-temporary-pass');
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    const plan = await screen.findByLabelText('Plan');
    expect(within(plan).queryByRole('option', { name: /^Old/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    expect(screen.getByText('School name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Xy7-temporary-pass');
    expect(screen.getByRole('link', { name: 'Open school' }).getAttribute('href')).toBe('/schools/school-1');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Hill Valley High',
      admin: { name: 'Hana', email: 'hana@hv.test', sendInvitation: false },
      subscription: { planId: PLAN_ID, billingCycle: 'yearly', months: 12, addonIds: [], autoRenew: false },
    });
  });

  it('gives the focus to the first field in error inside a group of fields: the school’s name, then the plan', async () => {
    const user = userEvent.setup();
    setup(null);
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    await screen.findByLabelText('Plan');
    await user.type(screen.getByLabelText('Admin name'), 'Hana');
    await user.type(screen.getByLabelText('Admin email'), 'hana@hv.test');
    await user.click(screen.getByRole('button', { name: 'Create school' }));
    expect(await screen.findByText('School name is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('School name'));
    // The school's details right: the subscription's plan is the first left in error.
    await user.type(screen.getByLabelText('School name'), 'Hill Valley High');
    await user.click(screen.getByRole('button', { name: 'Create school' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Plan')));
  });

  // react-hook-form focuses the field registered first; the page's order is what a keyboard user follows.
  it('gives the focus to the first field in error in page order when everything is empty', async () => {
    const user = userEvent.setup();
    setup(null);
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    await screen.findByLabelText('Plan');
    await user.click(screen.getByRole('button', { name: 'Create school' }));
    expect(await screen.findByText('School name is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('School name')));
  });

  it('sends an invitation instead when asked, and says so', async () => {
    const { calls } = setup(null);
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    await fillForm();
    await userEvent.click(screen.getByLabelText('Send an invitation e-mail'));
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    await screen.findByText(/invitation e-mail .* was sent to hana@hv.test/);
    expect(screen.queryByTestId('temporary-password')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ admin: { sendInvitation: true } });
  });

  // docs/product.md, "Prices and billing cycles": a yearly subscription runs whole years.
  it('says a yearly length of whole years under the length before sending anything', async () => {
    const { calls } = setup(null);
    renderWithProviders(<CreateSchoolPage />, { auth: signedIn('company_admin') });
    await fillForm();
    const months = screen.getByLabelText('Length (months)');
    await userEvent.clear(months);
    await userEvent.type(months, '18');
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${months.id}-error`)?.textContent).toBe(YEARLY_LENGTH_MESSAGE);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's refusal of the length under its field, with the focus, and raises no toast", async () => {
    toast.remove();
    mockFetch({
      'GET /api/v1/company/plans': () => json({ items: [standard] }),
      'GET /api/v1/company/addons': () => json({ items: [] }),
      'POST /api/v1/company/schools': () =>
        apiError(400, 'validation', YEARLY_LENGTH_MESSAGE, { 'subscription.months': YEARLY_LENGTH_MESSAGE }),
    });
    renderWithProviders(
      <>
        <CreateSchoolPage />
        <Toaster />
      </>,
      { auth: signedIn('company_admin') },
    );
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    const months = screen.getByLabelText('Length (months)');
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${months.id}-error`)?.textContent).toBe(YEARLY_LENGTH_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(months));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(YEARLY_LENGTH_MESSAGE)).toHaveLength(1);
  });
});
