import { MESSAGES } from '@lyceum/shared/errors';
import { PLATFORM_MANAGERS } from '@lyceum/shared/roles';
import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
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
