import type { DashboardResponse } from '@lyceum/shared/api';
import { MESSAGES } from '@lyceum/shared/errors';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOADED_AT_KEY } from '../lib/new-build';
import { authResponse, createTestQueryClient, json, mockFetch, watchReloads } from '../test/utils';
import { AppProvider } from './provider';
import { routes } from './router';

// Pages' code as the browser fetches it: failing while the server is out of reach, or once a new version has
// replaced it. (A module, once imported, stays imported: each test fails a page of its own.)
const chunk = vi.hoisted(() => ({ parents: false, children: false }));
const fetchFailed = (page: string) =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${page}.js`);
vi.mock('../features/parents/pages/parents-page', async (importOriginal) => {
  if (chunk.parents) throw fetchFailed('parents-page');
  return importOriginal();
});
vi.mock('../features/children/pages/children-page', async (importOriginal) => {
  if (chunk.children) throw fetchFailed('children-page');
  return importOriginal();
});

const dashboard: DashboardResponse = { role: 'school_admin', title: 'School overview', stats: [], subscription: null };

describe('a page\'s code out of reach (docs/product.md, "The route guard and redirects")', () => {
  let reload: ReturnType<typeof watchReloads>;
  beforeEach(() => {
    reload = watchReloads();
  });
  afterEach(() => {
    chunk.parents = false;
    chunk.children = false;
    sessionStorage.removeItem(RELOADED_AT_KEY);
  });

  // React Router keeps a route whose `lazy` failed as not loaded yet and rendered nothing at all, the shell
  // included, until a reload: moving to a page not opened before while the server was down blanked the app.
  it('keeps the shell, says the service is unavailable, and shows the page after Retry once the server is back', async () => {
    let serverUp = true;
    let healthAsked = 0;
    mockFetch({
      'GET /api/v1/auth/me': () => json(authResponse('school_admin', { name: 'Hill Valley High', logo: null })),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
      'GET /api/v1/dashboard': () => json(dashboard),
      'GET /api/v1/health': () => {
        healthAsked += 1;
        return serverUp ? json({ status: 'ok' }) : Promise.reject(new TypeError('Failed to fetch'));
      },
      'GET /api/v1/parents': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /api/v1/classes/options': () => json({ items: [] }),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await screen.findByRole('heading', { name: 'School overview' });

    serverUp = false;
    chunk.parents = true;
    await userEvent.click(screen.getByRole('link', { name: 'Parents' }));
    const main = screen.getByRole('main');
    expect((await within(main).findByRole('alert')).textContent).toContain(MESSAGES.unavailable);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parents');
    // The panel asks the server whether it answers when it opens: that question must meet the server down (on a
    // loaded machine it can come after the lines below, and an answering server means a new version).
    await vi.waitFor(() => expect(healthAsked).toBeGreaterThan(0));

    serverUp = true;
    chunk.parents = false;
    await userEvent.click(within(main).getByRole('button', { name: 'Retry' }));
    expect(await within(main).findByRole('button', { name: 'Add parent' })).toBeTruthy();
    expect(within(main).queryByRole('alert')).toBeNull();
    // Out of reach is not a new version: a reload would only show the browser's error page.
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once by itself when the server answers but the page code is gone (a deploy replaced it)', async () => {
    mockFetch({
      'GET /api/v1/auth/me': () => json(authResponse('parent', { name: 'Hill Valley High', logo: null })),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
      'GET /api/v1/health': () => json({ status: 'ok' }),
    });
    chunk.children = true;
    const router = createMemoryRouter(routes, { initialEntries: ['/children'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByText('A new version of Lyceum is available. Reload the page to continue.'),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/children');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // Reloaded within the minute and the code is still gone: the panel stays, and its Retry reloads.
    await userEvent.click(within(main).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
