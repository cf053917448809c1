import { MESSAGES } from '@lyceum/shared/errors';
import { PLATFORM_MANAGERS } from '@lyceum/shared/roles';
import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders, signedIn } from '../test/utils';
import { UnauthorizedPage } from './pages/unauthorized-page';
import { ProtectedRoute } from './protected-route';

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login-probe">{`${location.pathname}${location.search}`}</p>;
}

const routes = (roles?: typeof PLATFORM_MANAGERS) => [
  { path: '/login', element: <LoginProbe /> },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  {
    path: '/',
    element: (
      <ProtectedRoute roles={roles}>
        <Outlet />
      </ProtectedRoute>
    ),
    children: [
      { path: 'schools', element: <p>Schools content</p> },
      { path: 'dashboard', element: <p>Dashboard content</p> },
    ],
  },
];

describe('ProtectedRoute (docs/product.md, "The route guard and redirects")', () => {
  it('shows a spinner while auth loads and nothing of the page', () => {
    renderWithProviders(null, { auth: authState({ isLoading: true }), path: '/schools', routes: routes() });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Schools content')).toBeNull();
    expect(screen.queryByTestId('login-probe')).toBeNull();
  });

  it('redirects to /login without a user and remembers the intended page', () => {
    const { router } = renderWithProviders(null, { auth: authState(), path: '/schools?tab=2', routes: routes() });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('login-probe').textContent).toBe(
      `/login?redirectTo=${encodeURIComponent('/schools?tab=2')}`,
    );
    expect(screen.queryByText('Schools content')).toBeNull();
  });

  it('redirects to /unauthorized when the role is not allowed', () => {
    const { router } = renderWithProviders(null, {
      auth: signedIn('teacher'),
      path: '/schools',
      routes: routes(PLATFORM_MANAGERS),
    });
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(screen.getByText(MESSAGES.forbidden)).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to Dashboard' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText('Schools content')).toBeNull();
  });

  it.each(PLATFORM_MANAGERS)('shows the content to an allowed role (%s)', (role) => {
    const { router } = renderWithProviders(null, {
      auth: signedIn(role),
      path: '/schools',
      routes: routes(PLATFORM_MANAGERS),
    });
    expect(router.state.location.pathname).toBe('/schools');
    expect(screen.getByText('Schools content')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets any signed-in user through when no roles are required', () => {
    renderWithProviders(null, { auth: signedIn('parent'), path: '/dashboard', routes: routes() });
    expect(screen.getByText('Dashboard content')).toBeTruthy();
  });

  it('offers a retry instead of signing out when the profile could not be loaded', () => {
    renderWithProviders(null, {
      auth: authState({ error: new Error('boom') }),
      path: '/dashboard',
      routes: routes(),
    });
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.failedToLoadUser);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('ProtectedRoute without a network (docs/product.md, "Attendance on a bad connection")', () => {
  const kept = (userId: string, classLabel: string, statuses: ('present' | 'absent' | 'late')[]) => {
    const body = {
      classId: `class-${classLabel}`,
      date: '2026-03-02',
      records: statuses.map((status, i) => ({
        studentId: `student-${i}`,
        isPresent: status !== 'absent',
        isLate: status === 'late',
      })),
    };
    const slot = `${body.classId}:${body.date}:`;
    localStorage.setItem(
      `lyceum.attendance.pending.${userId}:${slot}`,
      JSON.stringify({
        userId,
        slot,
        idempotencyKey: `key-${userId}`,
        body,
        classLabel,
        savedAt: '2026-03-02T08:00:00Z',
      }),
    );
  };
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('shows the offline page, neither the sign-in page nor an error, with this tab user’s unsent marks only', () => {
    sessionStorage.setItem('lyceum.tab-user', 'teacher-1');
    kept('teacher-1', 'Grade 5 A', ['absent', 'absent', 'late', 'present']);
    kept('someone-else', 'Grade 9 C', ['absent']);
    const retry = vi.fn();
    renderWithProviders(null, {
      auth: authState({ isLoading: true, offline: true, retry }),
      path: '/schools',
      routes: routes(),
    });
    expect(screen.queryByTestId('login-probe')).toBeNull();
    expect(screen.queryByText('Schools content')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'No connection' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Not sent yet.');
    expect(status.textContent).toContain('Grade 5 A');
    expect(status.textContent).toContain('4 students · 2 absent · 1 late');
    expect(status.textContent).not.toContain('Grade 9 C');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(retry).toHaveBeenCalled();
  });

  it('shows no one’s marks when the tab’s user is not known (signed out, another tab)', () => {
    kept('teacher-1', 'Grade 5 A', ['absent']);
    renderWithProviders(null, {
      auth: authState({ offline: true }),
      path: '/dashboard',
      routes: routes(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'No connection' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/Grade 5 A/)).toBeNull();
  });
});
