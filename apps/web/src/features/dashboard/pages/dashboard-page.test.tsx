import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getFormatSettings, setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { authState, json, makeUser, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { DashboardPage } from './dashboard-page';

const stat = (key: string, label: string, value: number) => ({ key, label, value });

/** A sales lead as the leads list answers it: a contact-sales request unless told otherwise. */
const leadOf = (over: Record<string, unknown>) => ({
  id: '0190a0a0-0000-7000-8000-000000000011',
  schoolId: '0190a0a0-0000-7000-8000-000000000002',
  schoolName: 'Birch School',
  kind: 'contact_sales',
  status: 'new',
  name: 'Bea Birch',
  email: 'bea@birch.test',
  phone: null,
  message: '',
  planName: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('DashboardPage', () => {
  it('welcomes the session of a first sign-in without a "back", in every language, and back on a later one', async () => {
    mockFetch({
      'GET /api/v1/dashboard': () => json({ role: 'teacher', title: 'Maple Grove', stats: [], subscription: null }),
    });
    const tom = (firstVisit: boolean) => authState({ user: makeUser('teacher', { name: 'Tom Teacher', firstVisit }) });
    const { unmount } = renderWithProviders(<DashboardPage />, { auth: tom(true) });
    expect(await screen.findByText('Welcome, Tom.')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    unmount();
    renderWithProviders(<DashboardPage />, { auth: tom(false) });
    expect(await screen.findByText('Welcome back, Tom.')).toBeTruthy();
    cleanup();
    for (const [language, text] of [
      ['es', 'Hola, Tom.'],
      ['ar', 'مرحبًا يا \u2068Tom\u2069.'],
    ] as const) {
      await changeLanguage(language);
      try {
        const { unmount: done } = renderWithProviders(<DashboardPage />, { auth: tom(true) });
        expect(await screen.findByText(text)).toBeTruthy();
        done();
      } finally {
        await changeLanguage('en');
      }
    }
  });

  it('links a school administrator’s figures to their lists, the staff figure to the Users page', async () => {
    mockFetch({
      'GET /api/v1/dashboard': () =>
        json({
          role: 'school_admin',
          title: 'Demo School',
          stats: [stat('students', 'Students', 120), stat('staff', 'Administrators and principals', 2)],
          subscription: null,
        }),
    });
    renderWithProviders(<DashboardPage />, { auth: signedIn('school_admin') });
    expect((await screen.findByRole('link', { name: /Students/ })).getAttribute('href')).toBe('/students');
    expect(screen.getByRole('link', { name: /Administrators and principals/ }).getAttribute('href')).toBe('/users');
    expect(screen.queryByRole('heading', { name: 'Shortcuts' })).toBeNull();
  });

  describe('company figures', () => {
    const company = [
      stat('schools', 'Schools', 3),
      stat('pendingAddonRequests', 'Add-on requests to review', 2),
      stat('pendingPayments', 'Payments to confirm', 1),
      stat('users', 'School accounts', 40),
    ];
    const dashboardOf = (role: 'company_admin' | 'company_user', stats: ReturnType<typeof stat>[]) =>
      mockFetch({
        'GET /api/v1/dashboard': () => json({ role, title: 'Company overview', stats, subscription: null }),
        'GET /api/v1/company/leads': () => json({ items: [], nextCursor: null }),
      });
    const href = async (name: RegExp) => (await screen.findByRole('link', { name })).getAttribute('href');

    it('link company_user’s figures to the lists it reads; pending add-on requests to the list, not the approval screen', async () => {
      dashboardOf('company_user', company);
      renderWithProviders(<DashboardPage />, { auth: signedIn('company_user') });
      expect(await href(/Schools/)).toBe('/schools');
      expect(await href(/Add-on requests to review/)).toBe('/addon-requests?status=pending');
      expect(await href(/Payments to confirm/)).toBe('/payments?status=pending');
      expect(screen.queryByRole('link', { name: /School accounts/ })).toBeNull();
    });

    it('link company_admin’s figures to the management screens, as before', async () => {
      dashboardOf('company_admin', company);
      renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin') });
      expect(await href(/Schools/)).toBe('/schools');
      expect(await href(/Add-on requests to review/)).toBe('/addon-requests/manage');
      expect(await href(/Payments to confirm/)).toBe('/payments?status=pending');
    });
  });

  it('isolates each lead’s school, person and plan names in Arabic, so a Latin name keeps its own order', async () => {
    await changeLanguage('ar');
    try {
      mockFetch({
        'GET /api/v1/dashboard': () =>
          json({ role: 'company_admin', title: 'Company overview', stats: [], subscription: null }),
        'GET /api/v1/company/leads': () =>
          json({
            items: [
              {
                id: '0190a0a0-0000-7000-8000-000000000001',
                schoolId: '0190a0a0-0000-7000-8000-000000000002',
                schoolName: 'St. Mary (North)',
                kind: 'contact',
                status: 'new',
                name: 'Jane "JJ" Doe',
                email: 'jane@example.test',
                phone: null,
                message: 'Call me',
                planName: 'Premium (2026)',
                createdAt: '2026-11-20T10:00:00.000Z',
              },
            ],
            nextCursor: null,
          }),
      });
      renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin') });
      const school = await screen.findByText('St. Mary (North)');
      const isolated = (text: string) => screen.getByText(text).tagName;
      expect(school.tagName).toBe('BDI');
      expect([isolated('Jane "JJ" Doe'), isolated('jane@example.test'), isolated('Premium (2026)')]).toEqual([
        'BDI',
        'BDI',
        'BDI',
      ]);
    } finally {
      await changeLanguage('en');
    }
  });

  it("words what a renewal request asks for in the reader's language, apart from the school's own message", async () => {
    const lead = (over: Record<string, unknown>) =>
      leadOf({ kind: 'renewal', billingCycle: 'yearly', receiptNumber: 'RCP-20261126-3B5145DB', ...over });
    const page = (items: unknown[]) => {
      mockFetch({
        'GET /api/v1/dashboard': () =>
          json({ role: 'company_admin', title: 'Company overview', stats: [], subscription: null }),
        'GET /api/v1/company/leads': () => json({ items, nextCursor: null }),
      });
      return renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin') });
    };
    const { unmount } = page([lead({})]);
    expect(await screen.findByText('Payment RCP-20261126-3B5145DB sent with the request')).toBeTruthy();
    expect(screen.getByText(/· Billed yearly/)).toBeTruthy();
    unmount();
    await changeLanguage('es');
    try {
      page([lead({ id: '0190a0a0-0000-7000-8000-000000000012', message: 'Llámenos, por favor.' })]);
      expect(await screen.findByText('Pago RCP-20261126-3B5145DB enviado con la solicitud')).toBeTruthy();
      expect(screen.getByText(/· Facturación anual/)).toBeTruthy();
      expect(screen.getByText('Llámenos, por favor.')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it("opens on a lead's notification with the leads card in view and that lead marked", async () => {
    const lead = (id: string, schoolName: string) => leadOf({ id, schoolName });
    const opened = '0190a0a0-0000-7000-8000-000000000022';
    mockFetch({
      'GET /api/v1/dashboard': () =>
        json({ role: 'company_admin', title: 'Company overview', stats: [], subscription: null }),
      'GET /api/v1/company/leads': () =>
        json({
          items: [lead('0190a0a0-0000-7000-8000-000000000021', 'Ash School'), lead(opened, 'Birch School')],
          nextCursor: null,
        }),
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin'), path: `/dashboard?lead=${opened}` });
      const marked = (await screen.findByText('Birch School')).closest('li');
      expect(marked?.getAttribute('aria-current')).toBe('true');
      expect(screen.getByText('Ash School').closest('li')?.hasAttribute('aria-current')).toBe(false);
      expect(scrolled).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('gives a teacher shortcuts to their classes and profile, and no links on figures', async () => {
    mockFetch({
      'GET /api/v1/dashboard': () =>
        json({
          role: 'teacher',
          title: 'Demo School',
          stats: [stat('unread', 'Unread notifications', 1)],
          subscription: null,
        }),
    });
    renderWithProviders(<DashboardPage />, { auth: signedIn('teacher') });
    expect((await screen.findByRole('link', { name: /My Classes/ })).getAttribute('href')).toBe('/classes');
    expect(screen.getByRole('link', { name: /My profile/ }).getAttribute('href')).toBe('/teachers/user-teacher');
    expect(screen.queryByRole('link', { name: /Unread notifications/ })).toBeNull();
  });

  it('writes the MRR from its amount and currency in the reader’s language', async () => {
    const mrr = { key: 'mrr', label: 'Monthly recurring revenue', value: 22_000, currency: 'USD' };
    mockFetch({
      'GET /api/v1/dashboard': () =>
        json({ role: 'company_admin', title: 'Platform overview', stats: [mrr], subscription: null }),
    });
    const { unmount } = renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin') });
    expect(await screen.findByText('$220.00')).toBeTruthy();
    unmount();
    await changeLanguage('ar');
    setFormatSettings({ ...getFormatSettings(), language: 'ar' });
    try {
      renderWithProviders(<DashboardPage />, { auth: signedIn('company_admin') });
      // Arabic style, the currency kept whole right to left ("US$ 220.00" on screen).
      expect(
        await screen.findByText((text) => text.includes('220.00') && text.includes('\u2068US$\u2069')),
      ).toBeTruthy();
    } finally {
      await changeLanguage('en');
      setFormatSettings({ ...getFormatSettings(), language: 'en' });
    }
  });

  it('speaks Arabic right to left: shortcuts, the subscription card and its days left', async () => {
    await changeLanguage('ar');
    try {
      mockFetch({
        'GET /api/v1/dashboard': () =>
          json({
            role: 'teacher',
            title: 'Demo School',
            stats: [],
            subscription: { planName: 'Standard', status: 'active', endDate: '2030-01-01', daysLeft: 3 },
          }),
      });
      renderWithProviders(<DashboardPage />, { auth: signedIn('teacher') });
      expect(await screen.findByRole('heading', { name: 'اختصارات' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'الاشتراك' })).toBeTruthy();
      expect(screen.getByText(/بقيت (3|٣) أيام/)).toBeTruthy();
      expect(screen.getByRole('link', { name: /فصولي/ }).getAttribute('href')).toBe('/classes');
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
