import type { DashboardResponse } from '@lyceum/shared/api';
import { onlineManager } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, authResponse, createTestQueryClient, json, mockFetch } from '../test/utils';
import { AppProvider } from './provider';
import { routes } from './router';

const dashboard: DashboardResponse = { role: 'teacher', title: 'My day', stats: [], subscription: null };
const TAB_USER = 'lyceum.tab-user';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/**
 * A reload without a network (the service worker's shell, docs/product.md, "Attendance on a bad connection"): the
 * session cannot be asked for, which is not being signed out.
 */
describe('the app reloaded without a network', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    sessionStorage.clear();
  });

  it('shows the offline page, not the sign-in page, and the page itself once the session answers', async () => {
    let online = false;
    const teacher = authResponse('teacher', { name: 'Hill Valley High', logo: null });
    mockFetch({
      'GET /api/v1/auth/me': () => (online ? json(teacher) : Promise.reject(new TypeError('Failed to fetch'))),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
      'GET /api/v1/dashboard': () => json(dashboard),
    });
    const router = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'No connection' });
    expect(router.state.location.pathname).toBe('/dashboard');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'My day' });
    // Remembered for the next reload offline: the id alone.
    expect(sessionStorage.getItem(TAB_USER)).toBe(teacher.user.id);
  });

  it('reads the session again by itself when the browser comes back online', async () => {
    let online = false;
    mockFetch({
      'GET /api/v1/auth/me': () =>
        online
          ? json(authResponse('teacher', { name: 'Hill Valley High', logo: null }))
          : Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
      'GET /api/v1/dashboard': () => json(dashboard),
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'No connection' });
    online = true;
    // React Query saw no change (it never thought the page offline): the 'online' event alone brings the page.
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('heading', { name: 'My day' });
  });

  it('waits for the connection when the browser says it is offline, then reads the session by itself', async () => {
    onlineManager.setOnline(false);
    mockFetch({
      'GET /api/v1/auth/me': () => json(authResponse('teacher', { name: 'Hill Valley High', logo: null })),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
      'GET /api/v1/dashboard': () => json(dashboard),
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'No connection' });
    onlineManager.setOnline(true);
    await screen.findByRole('heading', { name: 'My day' });
  });

  it('forgets the tab’s user once the session is gone, and still sends a signed-out visitor to sign in', async () => {
    sessionStorage.setItem(TAB_USER, 'someone');
    mockFetch({
      'GET /api/v1/auth/me': () => apiError(401, 'unauthorized', 'Sign in'),
    });
    const router = renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TAB_USER)).toBeNull();
  });
});
