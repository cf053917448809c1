import { MESSAGES } from '@lyceum/shared/errors';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { PlanExpiredPage } from '../pages/plan-expired-page';
import { EXPIRED_PATH, SubscriptionExpiryWatcher } from './expiry-watcher';
import { useBrandedSchool } from './school-brand';

function Classes() {
  const classes = useQuery({ queryKey: ['classes'], queryFn: () => api.get('/classes') });
  return <p>{classes.isError ? 'failed' : 'classes'}</p>;
}

const expired = () => apiError(402, 'subscription_expired', MESSAGES.subscriptionExpired);

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

  it('records a lead from the contact-sales modal', async () => {
    const { calls } = mockFetch({ 'POST /api/v1/sales-leads': () => json({ id: 'lead' }, 201) });
    renderWithProviders(<PlanExpiredPage />, {
      auth: signedIn('school_admin', { name: 'Hill Valley High', logo: null }),
    });
    expect(screen.getByRole('link', { name: 'Renew subscription' }).getAttribute('href')).toBe('/subscription');
    await userEvent.click(screen.getByRole('button', { name: 'Contact sales' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'school_admin@example.test',
      message: expect.stringContaining('Hill Valley High'),
    });
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
