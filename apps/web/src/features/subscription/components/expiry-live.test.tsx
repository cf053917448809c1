import type { SchoolResponse } from '@lyceum/shared/company';
import { SUBSCRIPTION_EVENT } from '@lyceum/shared/live-events';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLiveEvents } from '../../../lib/live-events';
import { json, mockFetch, renderWithProviders, schoolResponse, signedIn } from '../../../test/utils';
import { PlanExpiredPage } from '../pages/plan-expired-page';
import { EXPIRED_PATH, useSubscriptionStandingLiveHandler } from './expiry-watcher';
import { FakeEventSource } from '../../../test/fake-event-source';

describe('the live stream tells of a lapse and a renewal', () => {
  it('goes to the plan-expiry screen on a lapse, with no REST call refused first, and leaves it on a renewal', async () => {
    let status: SchoolResponse['subscriptionStatus'] = 'expired';
    const { calls } = mockFetch({ 'GET /api/v1/school': () => json(schoolResponse({ subscriptionStatus: status })) });
    const source = new FakeEventSource();
    const create = () => source;
    function Live() {
      useLiveEvents([useSubscriptionStandingLiveHandler()], create);
      return <Outlet />;
    }
    const { router } = renderWithProviders(null, {
      auth: signedIn('teacher'),
      path: '/dashboard',
      routes: [
        {
          element: <Live />,
          children: [
            { path: '/dashboard', element: <p>Dashboard</p> },
            { path: EXPIRED_PATH, element: <PlanExpiredPage /> },
          ],
        },
      ],
    });
    expect(await screen.findByText('Dashboard')).toBeTruthy();

    source.send(SUBSCRIPTION_EVENT, { active: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription expired' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(EXPIRED_PATH);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/school')).toHaveLength(1));

    status = 'active';
    source.send(SUBSCRIPTION_EVENT, { active: true });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
