import type { Plan } from '@lyceum/shared/company';
import { DEFAULT_PLANS } from '@lyceum/shared/plans';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { PlansPage } from './plans-page';

const plans: Plan[] = DEFAULT_PLANS.map((p, i) => ({
  ...p,
  id: `plan-${i}`,
  currency: 'USD',
  addonIds: [],
  isActive: true,
  activeSubscriptions: i,
}));

function setup(role: 'company_admin' | 'company_user' = 'company_admin') {
  const fetch = mockFetch({
    'GET /api/v1/company/plans': () => json({ items: plans }),
    'GET /api/v1/company/addons': () => json({ items: [] }),
    'POST /api/v1/company/plans': (init) => {
      const body = JSON.parse(String(init.body)) as { name: string };
      const message = `Plan "${body.name}" already exists`;
      return apiError(409, 'conflict', message);
    },
  });
  renderWithProviders(<PlansPage />, { auth: signedIn(role) });
  return fetch;
}

describe('PlansPage', () => {
  it('shows -1 limits as "Unlimited"', async () => {
    setup();
    const enterprise = (await screen.findByRole('heading', { name: 'Enterprise' })).closest('article') as HTMLElement;
    expect(within(enterprise).getAllByText('Unlimited')).toHaveLength(8);
    const basic = screen.getByRole('heading', { name: 'Basic' }).closest('article') as HTMLElement;
    expect(within(basic).queryByText('Unlimited')).toBeNull();
    expect(within(basic).getByText('1,000')).toBeTruthy();
  });

  it('the colour input resets to a colour, not to "" (which the browser warns about)', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const colour = within(screen.getByRole('dialog')).getByLabelText('Colour') as HTMLInputElement;
    expect(colour.value).toBe('#2563eb');
    // What a native form reset (react-hook-form's reset on closing) puts back.
    expect(colour.defaultValue).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows a taken name inline under the name field, and sends -1 for an unlimited limit', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'standard');
    await userEvent.type(within(dialog).getByLabelText('Price per month (USD)'), '80');
    for (const label of ['Students', 'Teachers', 'Parents', 'Admins', 'Principals', 'Storage (GB)']) {
      await userEvent.type(within(dialog).getByLabelText(label), '10');
    }
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unlimited API calls per month' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));

    const name = within(dialog).getByLabelText('Name');
    await within(dialog).findByText('Plan "standard" already exists');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Plan "standard" already exists',
    );
    const sent = calls.find((c) => c.method === 'POST')?.body as { priceMinor: number; limits: Record<string, number> };
    expect(sent.priceMinor).toBe(8000);
    expect(sent.limits.apiCallsPerMonth).toBe(-1);
    expect(sent.limits.maxStudents).toBe(10);
  });

  it('refuses an empty form with the shared schema messages, without calling the server', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says a price with a third decimal has too many, rather than asking for an amount', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Price per month (USD)'), '149.995');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(within(dialog).getByText('Amount must be in whole cents (at most 2 decimal places)')).toBeTruthy();
    expect(within(dialog).queryByText('Enter an amount')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers a retired plan again once for a double click on Reactivate', async () => {
    const retired = { ...plans[0], isActive: false } as Plan;
    let offered = false;
    const { calls } = mockFetch({
      'GET /api/v1/company/plans': () => json({ items: [{ ...retired, isActive: offered }] }),
      'GET /api/v1/company/addons': () => json({ items: [] }),
      [`PATCH /api/v1/company/plans/${retired.id}`]: () => {
        offered = true;
        return json({ ...retired, isActive: true });
      },
    });
    renderWithProviders(<PlansPage />, { auth: signedIn('company_admin') });
    const reactivate = await screen.findByRole('button', { name: `Reactivate ${retired.name}` });
    fireEvent.click(reactivate);
    fireEvent.click(reactivate);
    await screen.findByRole('button', { name: `Deactivate ${retired.name}` });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('gives the focus to the first limit in error when the plan is sent without its limits', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Standard');
    await user.type(within(dialog).getByLabelText('Price per month (USD)'), '12.00');
    within(dialog).getByRole('button', { name: 'Create plan' }).focus();
    await user.keyboard('{Enter}');
    const students = within(dialog).getByLabelText('Students');
    await waitFor(() => expect(students.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(students);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('names each "Unlimited" box after its limit as the catalogue writes it, in English, Spanish and Arabic', async () => {
    const expected = {
      en: ['Unlimited students', 'Unlimited storage (GB)', 'Unlimited API calls per month'],
      es: [
        'Número ilimitado de alumnos',
        'Almacenamiento ilimitado (GB)',
        'Número ilimitado de llamadas a la API al mes',
      ],
      ar: ['عدد غير محدود من الطلاب', 'تخزين غير محدود (غيغابايت)', 'طلبات API غير محدودة في الشهر'],
    } as const;
    const newPlan = { en: 'New plan', es: 'Nuevo plan', ar: 'خطة جديدة' } as const;
    try {
      for (const language of ['en', 'es', 'ar'] as const) {
        await changeLanguage(language);
        mockFetch({
          'GET /api/v1/company/plans': () => json({ items: plans }),
          'GET /api/v1/company/addons': () => json({ items: [] }),
        });
        const { unmount } = renderWithProviders(<PlansPage />, { auth: signedIn('company_admin') });
        await userEvent.click(await screen.findByRole('button', { name: newPlan[language] }));
        const dialog = screen.getByRole('dialog');
        for (const name of expected[language]) expect(within(dialog).getByRole('checkbox', { name })).toBeTruthy();
        unmount();
      }
    } finally {
      await changeLanguage('en');
    }
  });

  it('hides every write button from company_user', async () => {
    setup('company_user');
    await screen.findByRole('heading', { name: 'Enterprise' });
    expect(screen.queryByRole('button', { name: 'New plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Deactivate/ })).toBeNull();
  });

  describe('in Spanish', () => {
    afterEach(() => changeLanguage('en'));

    it('shows the catalogue, its limits and plurals in Spanish, left to right', async () => {
      await changeLanguage('es');
      setup();
      const enterprise = (await screen.findByRole('heading', { name: 'Enterprise' })).closest('article');
      if (!enterprise) throw new Error('no Enterprise card');
      expect(document.documentElement.dir).toBe('ltr');
      expect(screen.getByRole('heading', { level: 1, name: 'Planes de suscripción' })).toBeTruthy();
      expect(within(enterprise).getAllByText('Ilimitado')).toHaveLength(8);
      expect(within(enterprise).getByText(/escuelas activas/)).toBeTruthy();
      expect(screen.getByRole('tab', { name: /Complementos/ })).toBeTruthy();
    });
  });
});
