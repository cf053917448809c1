import type { DashboardResponse } from '@lyceum/shared/api';
import type { AuthResponse } from '@lyceum/shared/auth';
import { MESSAGES } from '@lyceum/shared/errors';
import { MENUS } from '@lyceum/shared/menus';
import { ROLE_LABELS, ROLES } from '@lyceum/shared/roles';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authResponse, createTestQueryClient, json, mockFetch, apiError } from '../test/utils';
import { api } from '../lib/api-client';
import { AppProvider } from './provider';
import { routes } from './router';

const dashboard: DashboardResponse = {
  role: 'school_admin',
  title: 'School overview',
  stats: [
    { key: 'students', label: 'Students', value: 1234, hint: 'active' },
    { key: 'teachers', label: 'Teachers', value: 56 },
  ],
  subscription: { planName: 'Standard', status: 'active', endDate: '2026-01-31', daysLeft: 40 },
};

function renderApp(path: string, me: AuthResponse | null, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocks = mockFetch({
    'GET /api/v1/auth/me': () => (me ? json(me) : apiError(401, 'unauthenticated', MESSAGES.signedOut)),
    'GET /api/v1/notifications': () => json({ items: [], unread: 3 }),
    'GET /api/v1/dashboard': () => json(dashboard),
    ...extra,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...mocks };
}

describe('app routes (docs/product.md, "Roles and menus")', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    const { router } = renderApp('/students', null);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirectTo=%2Fstudents');
  });

  it('offers all eight roles on the general login, in ROLE_LABELS order', async () => {
    renderApp('/login', null);
    const select = await screen.findByLabelText('Role');
    const options = within(select)
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value !== '');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([...ROLES]);
    expect(options.map((o) => o.textContent)).toEqual(Object.values(ROLE_LABELS));
  });

  it('signs in and returns to the intended page', async () => {
    let session: AuthResponse | null = null;
    const { router, calls } = renderApp('/exams', null, {
      'GET /api/v1/auth/me': () => (session ? json(session) : apiError(401, 'unauthenticated', 'no')),
      'POST /api/v1/auth/login': () => {
        session = authResponse('principal', { name: 'Hill Valley High', logo: null });
        return json(session);
      },
    });
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    await userEvent.type(screen.getByLabelText('Email'), 'Principal@Example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'principal');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Not available yet');
    expect(router.state.location.pathname).toBe('/exams');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exams');
    const login = calls.find((c) => c.url === '/api/v1/auth/login');
    expect(login?.body).toEqual({ email: 'principal@example.test', password: 'correct horse', role: 'principal' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(MENUS.principal.map((e) => e.label));
  });

  it('shows the server message in an alert when login fails', async () => {
    const { calls } = renderApp('/login/school-admin', null, {
      'POST /api/v1/auth/login': () => apiError(403, 'auth/subscription-expired', MESSAGES.subscriptionExpired),
    });
    await screen.findByRole('heading', { name: 'School Admin sign in' });
    expect(screen.queryByLabelText('Role')).toBeNull();
    await userEvent.type(screen.getByLabelText('Email'), 'admin@school.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.subscriptionExpired);
    expect(calls.find((c) => c.url === '/api/v1/auth/login')?.body).toEqual({
      email: 'admin@school.test',
      password: 'secret-pass',
      role: 'school_admin',
    });
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows inline field errors from the shared schema without calling the server', async () => {
    const { calls } = renderApp('/login', null);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Choose a role')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url === '/api/v1/auth/login')).toBe(false);
  });

  it('redirects / to /dashboard and renders the dashboard from the API', async () => {
    const { router } = renderApp('/', authResponse('school_admin', { name: 'Hill Valley High', logo: null }));
    await screen.findByRole('heading', { name: 'School overview' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('40 days left')).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
  });

  it('redirects unknown paths to /dashboard', async () => {
    const { router } = renderApp('/no/such/page', authResponse('teacher'));
    await screen.findByRole('heading', { name: 'School overview' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a retryable error state when the dashboard fails', async () => {
    let fail = true;
    renderApp('/dashboard', authResponse('teacher'), {
      'GET /api/v1/dashboard': () => (fail ? apiError(503, 'unavailable', MESSAGES.unavailable) : json(dashboard)),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.unavailable);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'School overview' })).toBeTruthy();
  });

  it('lays Messages out as one window-high view: the list and the thread scroll in their panels, not the page', async () => {
    const conversation = {
      id: '01900000-0000-7000-8000-000000000001',
      kind: 'direct',
      title: 'Pat Parent',
      image: null,
      classId: null,
      lastMessage: null,
      unread: 0,
      lastActivityAt: '2026-11-20T09:00:00.000Z',
      readOnly: false,
    };
    renderApp(`/messages?c=${conversation.id}`, authResponse('teacher'), {
      'GET /api/v1/messages/conversations': () => json({ items: [conversation], nextCursor: null, total: 1 }),
      [`GET /api/v1/messages/conversations/${conversation.id}/messages`]: () =>
        json({ items: [], nextCursor: null, total: 0, othersReadAt: null }),
    });
    await screen.findByRole('region', { name: 'Pat Parent' });
    const wrapper = document.getElementById('main-content')?.firstElementChild as HTMLElement;
    const classes = (el: Element | null) => (el?.getAttribute('class') ?? '').split(' ');
    // <main>'s height reaches the page, whose card takes what the heading leaves.
    expect(classes(wrapper)).toEqual(expect.arrayContaining(['flex', 'h-full', 'flex-col']));
    const card = screen.getByTestId('messages-panels');
    expect(card.parentElement).toBe(wrapper);
    expect(classes(card)).toEqual(expect.arrayContaining(['flex', 'flex-1', 'flex-col']));
    // From each scrolling panel up to the card, every box may shrink below its content (min-h-0) in a column.
    for (const scroller of [screen.getByTestId('thread-scroller'), screen.getByTestId('conversation-scroller')]) {
      expect(classes(scroller)).toContain('overflow-y-auto');
      for (let el: HTMLElement | null = scroller; el && el !== card; el = el.parentElement) {
        expect(classes(el), el.outerHTML.slice(0, 120)).toEqual(expect.arrayContaining(['min-h-0', 'flex-1']));
        expect(classes(el.parentElement)).toEqual(expect.arrayContaining(['flex', 'flex-col']));
      }
    }
    // The reply box sits under the thread's scroller and never shrinks out of view.
    const form = screen.getByRole('textbox', { name: 'Write a message' }).closest('form');
    expect(form?.previousElementSibling).toBe(screen.getByTestId('thread-scroller'));
    expect(classes(form)).toContain('shrink-0');
  });

  it('keeps other pages scrolling as a whole', async () => {
    renderApp('/dashboard', authResponse('teacher'));
    await screen.findByRole('heading', { name: 'School overview' });
    const wrapper = document.getElementById('main-content')?.firstElementChild;
    expect(wrapper?.getAttribute('class')?.split(' ')).not.toContain('h-full');
  });

  it('sends a teacher who opens /schools to the Access Denied page', async () => {
    const { router } = renderApp('/schools', authResponse('teacher'));
    await screen.findByText("You don't have permission to access this page.");
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('names the Access Denied page in the browser tab, not the refused page it replaced', async () => {
    const { router } = renderApp('/dashboard', authResponse('teacher'));
    await screen.findByRole('heading', { name: 'School overview' });
    expect(document.title).toBe('Dashboard · Lyceum');
    await act(() => router.navigate('/revenue'));
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(router.state.location.pathname).toBe('/unauthorized');
    await waitFor(() => expect(document.title).toBe('Access Denied · Lyceum'));
  });

  it('lets company_user open the company lists from its sidebar, read-only, and no other company screen', async () => {
    const empty = () => json({ items: [], nextCursor: null, total: 0 });
    const { router } = renderApp('/schools', authResponse('company_user'), {
      'GET /api/v1/company/schools': empty,
      'GET /api/v1/company/plans': empty,
      'GET /api/v1/company/addons': empty,
      'GET /api/v1/company/addon-requests': empty,
      'GET /api/v1/company/payments': empty,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Schools' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, heading] of [
      ['Subscription Plans', 'Subscription Plans'],
      ['Addon Requests', 'Addon Requests'],
    ]) {
      await userEvent.click(within(nav).getByRole('link', { name: label }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    }
    // Payments has no sidebar entry: the dashboard's figure leads there.
    await act(() => router.navigate('/payments?status=pending'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments');
    for (const path of ['/revenue', '/schools-usage', '/schools/create', '/addon-requests/manage']) {
      await act(() => router.navigate(path));
      await screen.findByText("You don't have permission to access this page.");
      expect({ path, at: router.state.location.pathname }).toEqual({ path, at: '/unauthorized' });
    }
  });

  it('shows company admins the placeholder of a later page', async () => {
    renderApp('/exams', authResponse('company_admin'));
    await screen.findByText('Not available yet');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exams');
  });

  it('signs out: calls the API and returns to /login', async () => {
    let signedIn = true;
    // Attendance marks set but not submitted (features/attendance/lib/draft-store.ts): the user's go with them.
    const draft = (userId: string) => `lyceum.attendance.draft.${userId}:class-1:2026-11-24:`;
    for (const userId of ['user-parent', 'user-teacher']) localStorage.setItem(draft(userId), '{}');
    const { router, calls } = renderApp('/dashboard', null, {
      'GET /api/v1/auth/me': () => (signedIn ? json(authResponse('parent')) : apiError(401, 'unauthenticated', 'no')),
      'POST /api/v1/auth/logout': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByRole('heading', { name: 'School overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/auth/logout')).toBe(true);
    expect(localStorage.getItem(draft('user-parent'))).toBeNull();
    expect(localStorage.getItem(draft('user-teacher'))).toBe('{}');
  });

  it('signs out without a "session expired" message when a call still in flight answers 401', async () => {
    let signedIn = true;
    const { router } = renderApp('/dashboard', null, {
      'GET /api/v1/auth/me': () => (signedIn ? json(authResponse('parent')) : apiError(401, 'unauthenticated', 'no')),
      'POST /api/v1/auth/logout': () => {
        signedIn = false;
        // A request of the page being left, answered after the session ended.
        void api.get('/dashboard').catch(() => {});
        return new Response(null, { status: 204 });
      },
      'GET /api/v1/dashboard': () =>
        signedIn ? json(dashboard) : apiError(401, 'unauthenticated', MESSAGES.signedOut),
    });
    await screen.findByRole('heading', { name: 'School overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull();
  });

  it('returns to /login when a call answers 401 (session expired), keeping unsubmitted marks for the next sign-in', async () => {
    const draft = 'lyceum.attendance.draft.user-student:class-1:2026-11-24:';
    localStorage.setItem(draft, '{}');
    const { router } = renderApp('/dashboard', authResponse('student'), {
      'GET /api/v1/dashboard': () => apiError(401, 'unauthenticated', MESSAGES.signedOut),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(localStorage.getItem(draft)).toBe('{}');
  });
});
