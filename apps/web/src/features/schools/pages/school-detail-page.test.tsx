import type { Addon, CompanySchool, Plan, SchoolDetailResponse, Subscription } from '@lyceum/shared/company';
import { DEFAULT_PLANS } from '@lyceum/shared/plans';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { YEARLY_LENGTH_MESSAGE } from '@lyceum/shared/subscription-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { aSubscription } from '../../../test/fixtures';
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
  subscriptionCancelledAt: null,
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

function subscription(status: Subscription['status']): Subscription {
  return aSubscription({
    schoolId: 'school-1',
    planId: 'plan-basic',
    planName: 'Basic',
    startDate: '2026-10-05T00:00:00.000Z',
    endDate: '2026-11-04T00:00:00.000Z',
    status,
    totalAmountMinor: 5000,
    planAmountMinor: 5000,
    createdAt: '2026-10-05T00:00:00.000Z',
  });
}

/** A school whose only subscription ended: the detail has no active one, its history the lapsed (or cancelled) one. */
function lapsedDetail(status: 'expired' | 'cancelled'): SchoolDetailResponse {
  const sub = subscription(status);
  return {
    ...detail,
    school: { ...school, status: 'expired', planName: null, subscriptionEndDate: null },
    history: { ...detail.history, initialSubscriptionId: sub.id, currentSubscriptionId: sub.id, items: [sub] },
  };
}

function render(role: 'company_admin' | 'company_user' = 'company_admin', answer = detail) {
  const fetch = mockFetch({
    'GET /api/v1/company/schools/school-1': () => json(answer),
    'POST /api/v1/company/schools/school-1/subscription/renew': () =>
      json({ ...subscription('active'), endDate: '2027-12-01T00:00:00.000Z' }),
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

  it('renews an expired school from its page, as the server allows', async () => {
    const { calls } = render('company_admin', lapsedDetail('expired'));
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    const card = screen.getByRole('region', { name: 'Subscription' });
    expect(within(card).getByText(/The Basic subscription expired on/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Basic' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/subscription/renew'))?.body).toEqual({ months: 12 }));
  });

  // docs/product.md, "Prices and billing cycles": a yearly subscription renews by whole years.
  it('says under Months that a yearly subscription renews by whole years, before sending anything', async () => {
    const yearly = lapsedDetail('expired');
    yearly.history.items = yearly.history.items.map((s) => ({ ...s, billingCycle: 'yearly' as const }));
    const { calls } = render('company_admin', yearly);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Basic' });
    const months = within(dialog).getByLabelText('Months');
    await userEvent.clear(months);
    await userEvent.type(months, '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${months.id}-error`)?.textContent).toBe(YEARLY_LENGTH_MESSAGE);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's refusal of the length under Months in the Renew dialog, without a toast", async () => {
    toast.remove();
    mockFetch({
      'GET /api/v1/company/schools/school-1': () => json(lapsedDetail('expired')),
      'POST /api/v1/company/schools/school-1/subscription/renew': () =>
        apiError(422, 'rule', YEARLY_LENGTH_MESSAGE, { months: YEARLY_LENGTH_MESSAGE }),
    });
    renderWithProviders(<Toaster />, {
      auth: signedIn('company_admin'),
      path: '/schools/school-1',
      routes: [
        {
          path: '/schools/:id',
          element: (
            <>
              <SchoolDetailPage />
              <Toaster />
            </>
          ),
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Basic' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    const months = within(dialog).getByLabelText('Months');
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${months.id}-error`)?.textContent).toBe(YEARLY_LENGTH_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(YEARLY_LENGTH_MESSAGE)).toHaveLength(1);
  });

  it('shows what the subscription billed, was paid and owes, as My Subscription words it', async () => {
    render('company_user', {
      ...detail,
      subscription: { ...subscription('active'), amountDueMinor: 15000, paidMinor: 5000, outstandingMinor: 10000 },
    });
    const card = await screen.findByRole('region', { name: 'Subscription' });
    const figure = (label: string) =>
      within(card)
        .getAllByRole('term')
        .find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
    expect(figure('Billed')).toBe('$150.00');
    expect(figure('Paid')).toBe('$50.00');
    expect(figure('Outstanding')).toBe('$100.00');
  });

  it.each([
    ['en', ['Billed', 'Paid', 'Outstanding'], 'Nothing is outstanding', 'cancelled on Mar 10, 2026'],
    ['es', ['Facturado', 'Pagado', 'Pendiente de pago'], 'No hay nada pendiente de pago', 'se canceló el Mar 10, 2026'],
    ['ar', ['المفوتر', 'المدفوع', 'المتبقي'], 'لا يوجد مبلغ مستحق', 'في Mar 10, 2026'],
  ] as const)('in %s, a cancelled subscription says when, and what it billed and was paid', async (language, labels, nothing, when) => {
    await changeLanguage(language);
    const answer = lapsedDetail('cancelled');
    const sub = { ...subscription('cancelled'), cancelledAt: '2026-03-10T12:00:00.000Z' };
    render('company_admin', { ...answer, history: { ...answer.history, items: [sub] } });
    await waitFor(() => expect(document.body.textContent).toContain(when));
    const terms = screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    const billing = terms.filter(([label]) => (labels as readonly string[]).includes(label ?? ''));
    expect(billing).toEqual([
      [labels[0], expect.stringMatching(/100[.,٫]00/)],
      [labels[1], expect.stringMatching(/100[.,٫]00/)],
      [labels[2], nothing],
    ]);
  });

  it('a cancelled subscription that billed and received nothing says so in one sentence', async () => {
    const answer = lapsedDetail('cancelled');
    const sub = { ...subscription('cancelled'), amountDueMinor: 0, paidMinor: 0, outstandingMinor: 0 };
    render('company_admin', { ...answer, history: { ...answer.history, items: [sub] } });
    expect(
      await screen.findByText('Nothing was billed and no payments were made, so nothing is outstanding.'),
    ).toBeTruthy();
    expect(screen.queryByText('Billed')).toBeNull();
  });

  it('offers no Renew for a cancelled subscription (the server refuses it: assign a plan instead)', async () => {
    render('company_admin', lapsedDetail('cancelled'));
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    // Named as cancelled, as its history row says, not as if the school never had one.
    expect(
      screen.getByText('The Basic subscription was cancelled. Assign a plan to give the school access.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assign plan' })).toBeTruthy();
  });

  it('shows each add-on once: those bought with the subscription, then those its plan includes', async () => {
    render('company_admin', {
      ...detail,
      subscription: { ...subscription('active'), addonNames: ['WhatsApp'] },
      entitlements: ['whatsapp', 'api_access'],
    });
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    expect(screen.getAllByText('WhatsApp')).toHaveLength(1);
    const chips = screen.getByRole('list', { name: 'Active add-ons' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['API Access']);
  });

  describe('Assign plan', () => {
    // The request's ids are checked as UUIDs before it is sent.
    const GOLD = '01a2156e-f639-76ab-861c-2750f7133786';
    const LIBRARY = '01a2156e-0000-7000-8000-000000000001';
    const WHITE_LABEL = '01a2156e-0000-7000-8000-000000000002';
    const gold: Plan = {
      ...(DEFAULT_PLANS[2] as (typeof DEFAULT_PLANS)[number]),
      id: GOLD,
      name: 'Gold',
      currency: 'USD',
      addonIds: [],
      isActive: true,
      activeSubscriptions: 0,
    };
    const addon = (id: string, name: string, isActive: boolean): Addon => ({
      id,
      name,
      key: null,
      description: '',
      icon: 'puzzle',
      priceMinor: 1250,
      currency: 'USD',
      billingPeriod: 'monthly',
      features: [],
      isActive,
    });
    // The school holds Library, since retired, and White Label, still offered.
    const holding = {
      ...detail,
      subscription: {
        ...subscription('active'),
        addonIds: [LIBRARY, WHITE_LABEL],
        addonNames: ['Library', 'White Label'],
      },
    };

    function openAssign(answer: () => Response) {
      const fetch = mockFetch({
        'GET /api/v1/company/schools/school-1': () => json(holding),
        'GET /api/v1/company/plans': () => json({ items: [gold] }),
        'GET /api/v1/company/addons': () =>
          json({ items: [addon(LIBRARY, 'Library', false), addon(WHITE_LABEL, 'White Label', true)] }),
        'POST /api/v1/company/schools/school-1/subscriptions': answer,
      });
      const routes = [{ path: '/schools/:id', element: <SchoolDetailPage /> }];
      renderWithProviders(null, { auth: signedIn('company_admin'), path: '/schools/school-1', routes });
      return fetch;
    }

    it('names a retired add-on the school holds and leaves it out, so the plan can be assigned', async () => {
      const { calls } = openAssign(() => json({ ...subscription('active'), planName: 'Gold' }, 201));
      await userEvent.click(await screen.findByRole('button', { name: 'Assign plan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign plan' });
      expect(
        await within(dialog).findByText('Library is no longer offered, so it will not carry over to the new plan.'),
      ).toBeTruthy();
      expect((within(dialog).getByLabelText(/White Label/) as HTMLInputElement).checked).toBe(true);
      await userEvent.selectOptions(within(dialog).getByLabelText('Plan'), GOLD);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Assign plan' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ planId: GOLD, addonIds: [WHITE_LABEL] });
    });

    it('says under the length that a yearly subscription runs whole years, before sending anything', async () => {
      const { calls } = openAssign(() => json(subscription('active'), 201));
      await userEvent.click(await screen.findByRole('button', { name: 'Assign plan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign plan' });
      await userEvent.selectOptions(await within(dialog).findByLabelText('Plan'), GOLD);
      await userEvent.selectOptions(within(dialog).getByLabelText('Billing cycle'), 'yearly');
      const months = within(dialog).getByLabelText('Length (months)');
      await userEvent.clear(months);
      await userEvent.type(months, '13');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Assign plan' }));
      await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(`${months.id}-error`)?.textContent).toBe(YEARLY_LENGTH_MESSAGE);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it("shows the server's refusal in the dialog, under the add-ons it names", async () => {
      openAssign(() =>
        apiError(400, 'validation', 'Choose add-ons from the offered ones', {
          addonIds: 'Choose add-ons from the offered ones',
        }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Assign plan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign plan' });
      await userEvent.selectOptions(await within(dialog).findByLabelText('Plan'), GOLD);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Assign plan' }));
      const addons = await within(dialog).findByRole('group', { name: 'Add-ons' });
      await waitFor(() =>
        expect(within(addons).getByText('Choose add-ons from the offered ones').id).toBe('assign-addons-error'),
      );
      expect(addons.getAttribute('aria-describedby')).toBe('assign-addons-error');
    });
  });

  it('shows a dash for a school without a phone, as for every other empty detail', async () => {
    render();
    const details = await screen.findByRole('region', { name: 'Details' });
    const phone = within(details).getByText('Phone').nextElementSibling as HTMLElement;
    expect(phone.textContent).toBe('—');
  });

  it('gives company_user no actions', async () => {
    render('company_user');
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    for (const name of ['Edit', 'Assign plan', 'Deactivate']) expect(screen.queryByRole('button', { name })).toBeNull();
    // company_user cannot read a school's people, so no links to lists it would be refused.
    expect(screen.queryByRole('navigation', { name: "This school's people" })).toBeNull();
  });

  it('shows company_user the school, its subscription and history, read-only, without usage or administrators', async () => {
    render('company_user', { ...detail, subscription: subscription('active'), usage: [], admins: [] });
    await screen.findByRole('heading', { level: 1, name: 'Hill Valley High' });
    expect(screen.getByRole('heading', { name: 'Subscription' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subscription history' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Usage' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Administrators' })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
