import { MESSAGES } from '@lyceum/shared/errors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, json, mockFetch, apiError } from '../test/utils';
import { AppProvider } from './provider';
import { routes } from './router';

describe('plan expiry after a refused sign-in', () => {
  it('leads from the sign-in error to the plan-expiry screen, whose contact-sales modal records a lead', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/auth/me': () => apiError(401, 'unauthenticated', MESSAGES.signedOut),
      'POST /api/v1/auth/login': () => apiError(403, 'auth/subscription-expired', MESSAGES.subscriptionExpired),
      'POST /api/v1/sales-leads/lapsed': () => json({ received: true }, 201),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/login/school-admin'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@school.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Contact sales to renew' }));

    await screen.findByRole('heading', { level: 1, name: 'Subscription expired' });
    expect(router.state.location.pathname).toBe('/plan-expired');
    await userEvent.click(screen.getByRole('button', { name: 'Contact sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact sales' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('admin@school.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Password is required')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    // The toast and the screen both confirm it.
    // (Another test's toast may still be fading out: look for one of each, not an exact count.)
    const copies = await screen.findAllByText('Thanks! Our sales team will contact you shortly.');
    expect(copies.some((copy) => copy.closest('[data-rht-toaster]'))).toBe(true);
    expect(copies.some((copy) => !copy.closest('[data-rht-toaster]'))).toBe(true);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/sales-leads/lapsed')?.body).toMatchObject({
        email: 'admin@school.test',
        password: 'secret-pass',
        message: expect.stringContaining('expired'),
      }),
    );
  });

  it('offers no contact link for other sign-in errors', async () => {
    mockFetch({
      'GET /api/v1/auth/me': () => apiError(401, 'unauthenticated', MESSAGES.signedOut),
      'POST /api/v1/auth/login': () => apiError(401, 'auth/invalid-credential', MESSAGES.invalidCredential),
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/login/school-admin'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@school.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(MESSAGES.invalidCredential);
    expect(screen.queryByRole('link', { name: 'Contact sales to renew' })).toBeNull();
  });
});
