import type { MySubscriptionResponse } from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { COMPANY_ROLES, isCompanyRole, type Role } from '@lyceum/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { aSubscription } from '../../../test/fixtures';
import {
  apiError,
  createTestQueryClient,
  json,
  mockFetch,
  renderWithProviders,
  schoolResponse,
  signedIn,
} from '../../../test/utils';
import { mySchoolQueryOptions } from '../../../api/get-my-school';
import { mySubscriptionKey } from '../api/get-my-subscription';
import { PlanExpiredPage } from '../pages/plan-expired-page';
import { EXPIRED_PATH, SubscriptionExpiryWatcher } from './expiry-watcher';
import { useBrandedSchool } from './school-brand';

function Classes() {
  const classes = useQuery({ queryKey: ['classes'], queryFn: () => api.get('/classes') });
  return <p>{classes.isError ? 'failed' : 'classes'}</p>;
}

const expired = () => apiError(402, 'subscription_expired', MESSAGES.subscriptionExpired);

/** My Subscription's answer for a school whose newest subscription has lapsed or was cancelled. */
function lapsed(status: 'expired' | 'cancelled'): MySubscriptionResponse {
  const subscription = aSubscription({ status, endDate: '2026-02-01T00:00:00.000Z' });
  return {
    subscription,
    plan: null,
    addons: [],
    usage: [],
    history: {
      initialSubscriptionId: subscription.id,
      currentSubscriptionId: subscription.id,
      totalUpgrades: 0,
      totalDowngrades: 0,
      items: [subscription],
    },
    entitlements: [],
    daysLeft: status === 'cancelled' ? null : -3,
  };
}

describe('plan expiry', () => {
  it('sends the user to the expiry screen when a call answers subscription_expired', async () => {
    mockFetch({ 'GET /api/v1/classes': expired });
    const { router } = renderWithProviders(null, {
      auth: signedIn('teacher', { name: 'Hill Valley High', logo: null }),
      path: '/classes',
      routes: [
        {
          path: '/classes',
          element: (
            <>
              <SubscriptionExpiryWatcher />
              <Classes />
            </>
          ),
        },
        { path: EXPIRED_PATH, element: <PlanExpiredPage /> },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(EXPIRED_PATH));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.subscriptionExpired);
    // Only a school admin is offered the renewal; everyone may contact sales.
    expect(screen.queryByRole('link', { name: 'Renew subscription' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Contact sales' })).toBeTruthy();
  });

  it('stays put on other errors', async () => {
    mockFetch({ 'GET /api/v1/classes': () => apiError(403, 'forbidden', 'No') });
    const { router } = renderWithProviders(
      <>
        <SubscriptionExpiryWatcher />
        <Classes />
      </>,
      { auth: signedIn('teacher'), path: '/classes' },
    );
    await screen.findByText('failed');
    expect(router.state.location.pathname).toBe('/classes');
  });

  it('tells a teacher of a cancelled subscription to contact the administrator, not to have it renewed', async () => {
    for (const [language, sentence, title] of [
      [
        'en',
        "Your school's subscription was cancelled. Please contact your school administrator.",
        'Subscription cancelled',
      ],
      [
        'es',
        'La suscripción de su escuela se canceló. Póngase en contacto con el administrador de su escuela.',
        'Suscripción cancelada',
      ],
      ['ar', 'أُلغي اشتراك مدرستك. يُرجى التواصل مع مدير مدرستك.', 'تم إلغاء الاشتراك'],
    ] as const) {
      await changeLanguage(language);
      try {
        // A teacher cannot read My Subscription: the school's card says the subscription was cancelled.
        const { calls } = mockFetch({
          'GET /api/v1/school': () => json(schoolResponse({ subscriptionStatus: 'cancelled' })),
        });
        const { unmount } = renderWithProviders(<PlanExpiredPage />, { auth: signedIn('teacher') });
        expect(await screen.findByText(sentence)).toBeTruthy();
        expect(screen.getByRole('alert').textContent).toBe(sentence);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
        expect(screen.queryByRole('link')).toBeNull();
        expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/school']);
        unmount();
      } finally {
        await changeLanguage('en');
      }
    }
  });

  it("keeps the lapse's words for a teacher whose school's subscription expired", async () => {
    mockFetch({ 'GET /api/v1/school': () => json(schoolResponse({ subscriptionStatus: 'expired' })) });
    renderWithProviders(<PlanExpiredPage />, { auth: signedIn('principal') });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.subscriptionExpired));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription expired');
  });

  /** The plan-expiry screen opened at its address, with the dashboard it may send the user on to. */
  function openExpiryScreen(role: Role, queryClient = createTestQueryClient()) {
    return renderWithProviders(null, {
      auth: signedIn(role, isCompanyRole(role) ? null : { name: 'Hill Valley High', logo: null }),
      path: EXPIRED_PATH,
      queryClient,
      routes: [
        { path: EXPIRED_PATH, element: <PlanExpiredPage /> },
        { path: '/dashboard', element: <p>dashboard</p> },
      ],
    });
  }

  it('sends company staff, whom no subscription holds back, to their dashboard without asking the server', async () => {
    for (const role of COMPANY_ROLES) {
      const { calls } = mockFetch({});
      const { router, unmount } = openExpiryScreen(role);
      await screen.findByText('dashboard');
      expect({ role, at: router.state.location.pathname }).toEqual({ role, at: '/dashboard' });
      expect(screen.queryByRole('button', { name: 'Contact sales' })).toBeNull();
      expect(calls).toEqual([]);
      unmount();
    }
  });

  it("sends a school admin to the dashboard when My Subscription says the school's subscription is active", async () => {
    const active = { ...lapsed('expired'), subscription: aSubscription(), daysLeft: 335 };
    mockFetch({ 'GET /api/v1/subscription': () => json(active) });
    const { router } = openExpiryScreen('school_admin');
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("sends everyone else of the school to the dashboard when the school's card says it is active", async () => {
    for (const role of ['principal', 'teacher', 'student', 'parent'] as const) {
      mockFetch({ 'GET /api/v1/school': () => json(schoolResponse({ subscriptionStatus: 'active' })) });
      const { router, unmount } = openExpiryScreen(role);
      await screen.findByText('dashboard');
      expect({ role, at: router.state.location.pathname }).toEqual({ role, at: '/dashboard' });
      unmount();
    }
  });

  it('asks afresh rather than trusting an answer cached before the lapse, which would send the user back', async () => {
    // Each role's read, as cached while the subscription was active; the server now says it lapsed.
    const cases = [
      ['school_admin', mySubscriptionKey, { ...lapsed('expired'), subscription: aSubscription(), daysLeft: 3 }],
      ['teacher', mySchoolQueryOptions.queryKey, schoolResponse({ subscriptionStatus: 'active' })],
    ] as const;
    for (const [role, key, cached] of cases) {
      mockFetch({
        'GET /api/v1/subscription': () => json(lapsed('expired')),
        'GET /api/v1/school': () => json(schoolResponse({ subscriptionStatus: 'expired' })),
      });
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(key, cached);
      const { router, unmount } = openExpiryScreen(role, queryClient);
      // The screen asked the server again (a second answer in the cache) and stayed with the lapse's words.
      await waitFor(() => expect(queryClient.getQueryState(key)?.dataUpdateCount).toBe(2));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription expired');
      expect({ role, at: router.state.location.pathname }).toEqual({ role, at: EXPIRED_PATH });
      unmount();
    }
  });

  it('records a lead from the contact-sales modal', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/subscription': () => json(lapsed('expired')),
      'POST /api/v1/sales-leads': () => json({ id: 'lead' }, 201),
    });
    renderWithProviders(<PlanExpiredPage />, {
      auth: signedIn('school_admin', { name: 'Hill Valley High', logo: null }),
    });
    // A lapsed subscription can still be renewed: its admin is offered that first.
    const renew = await screen.findByRole('link', { name: 'Renew subscription' });
    expect(renew.getAttribute('href')).toBe('/subscription');
    // The admin is not told to contact the school's administrator: they are that person.
    expect(screen.getByRole('alert').textContent).toBe("Your school's subscription has expired.");
    expect(screen.queryByText(/contact your school administrator/)).toBeNull();
    expect(
      screen.getByText(
        'As the school administrator, you can pay for a renewal or ask our sales team for another plan.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Contact sales' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'school_admin@example.test',
      message: expect.stringContaining('Hill Valley High'),
    });
  });

  it("tells a lapsed subscription's admin in Spanish and Arabic too that it expired, not to contact the admin", async () => {
    for (const [language, sentence] of [
      ['es', 'La suscripción de su escuela ha vencido.'],
      ['ar', 'انتهى اشتراك مدرستك.'],
    ] as const) {
      await changeLanguage(language);
      try {
        mockFetch({ 'GET /api/v1/subscription': () => json(lapsed('expired')) });
        const { unmount } = renderWithProviders(<PlanExpiredPage />, { auth: signedIn('school_admin') });
        await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(sentence));
        unmount();
      } finally {
        await changeLanguage('en');
      }
    }
  });

  it("offers a cancelled subscription's admin no renewal: the page says what My Subscription says", async () => {
    const { calls } = mockFetch({ 'GET /api/v1/subscription': () => json(lapsed('cancelled')) });
    renderWithProviders(<PlanExpiredPage />, { auth: signedIn('school_admin') });
    await screen.findByText(
      "Your school's subscription was cancelled, so it cannot be renewed. Contact sales to choose a plan.",
    );
    expect(screen.queryByRole('link', { name: 'Renew subscription' })).toBeNull();
    expect(screen.queryByText(/you can pay for a renewal/)).toBeNull();
    // Only that sentence: not the lapse's "has expired … contact your school administrator to renew it".
    expect(screen.getByRole('alert').textContent).toBe(
      "Your school's subscription was cancelled, so it cannot be renewed. Contact sales to choose a plan.",
    );
    expect(screen.queryByText(/renew the subscription/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription cancelled');
    expect(screen.getByRole('button', { name: 'Contact sales' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/subscription']);
  });

  it("prefills a cancelled subscription's message to sales with a new plan, not a renewal", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/subscription': () => json(lapsed('cancelled')),
      'POST /api/v1/sales-leads': () => json({ id: 'lead' }, 201),
    });
    renderWithProviders(<PlanExpiredPage />, {
      auth: signedIn('school_admin', { name: 'Hill Valley High', logo: null }),
    });
    await screen.findByText(/was cancelled, so it cannot be renewed/);
    await userEvent.click(screen.getByRole('button', { name: 'Contact sales' }));
    const message = ((await screen.findByLabelText('Message')) as HTMLTextAreaElement).value;
    expect(message).toBe('Our subscription for Hill Valley High was cancelled and we would like to choose a new plan.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ message });
  });

  it('says it in Spanish and Arabic too, with no renewal link', async () => {
    for (const [language, sentence, prefilled, title] of [
      [
        'es',
        'La suscripción de su escuela se canceló, así que no se puede renovar. Contacte con ventas para elegir un plan.',
        'Nuestra suscripción se canceló y nos gustaría elegir un plan nuevo.',
        'Suscripción cancelada',
      ],
      [
        'ar',
        'أُلغي اشتراك مدرستك، لذا لا يمكن تجديده. تواصل مع المبيعات لاختيار خطة.',
        'أُلغي اشتراكنا ونرغب في اختيار خطة جديدة.',
        'تم إلغاء الاشتراك',
      ],
    ] as const) {
      await changeLanguage(language);
      try {
        mockFetch({ 'GET /api/v1/subscription': () => json(lapsed('cancelled')) });
        const { unmount } = renderWithProviders(<PlanExpiredPage />, { auth: signedIn('school_admin') });
        expect(await screen.findByText(sentence)).toBeTruthy();
        // The sentence alone, under its own heading: nothing asks for a renewal.
        expect(screen.getByRole('alert').textContent).toBe(sentence);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
        expect(screen.queryByRole('link')).toBeNull();
        // Contact sales is the one action left.
        expect(screen.getAllByRole('button')).toHaveLength(1);
        // And the message to sales it prefills asks for a new plan, in the reader's language.
        await userEvent.click(screen.getByRole('button'));
        expect(((await screen.findByRole('dialog')).querySelector('textarea') as HTMLTextAreaElement).value).toBe(
          prefilled,
        );
        unmount();
      } finally {
        await changeLanguage('en');
      }
    }
  });
});

function BrandProbe() {
  const school = useBrandedSchool({ name: 'Hill Valley High', logo: null, locale: DEFAULT_SCHOOL_LOCALE });
  return <p>{school?.name}</p>;
}

describe('White Label', () => {
  it('uses the brand name and colour only when the server sends a brand', async () => {
    const brand = { name: 'Hill Valley Academy', logo: '/logo.png', color: '#aa3300' };
    const { unmount } = renderWithProviders(<BrandProbe />, {
      auth: signedIn('teacher', { name: 'Hill Valley High', logo: null, brand }),
    });
    await screen.findByText('Hill Valley Academy');
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('#aa3300');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('');
  });

  it('keeps the school and the default theme without White Label', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<BrandProbe />, {
      auth: signedIn('teacher', { name: 'Hill Valley High', logo: null, brand: null }),
    });
    // The brand is the session's: nothing is fetched for it.
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Hill Valley High')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--color-blue-600')).toBe('');
  });
});
