import type { Addon, MySubscriptionResponse } from '@lyceum/shared/company';
import type { Notification } from '@lyceum/shared/api';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLiveEvents } from '../../../lib/live-events';
import { aSubscription } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { useSubscriptionLiveHandler } from '../api/live-subscription';
import { MySubscriptionPage } from './my-subscription-page';
import { FakeEventSource } from '../../../test/fake-event-source';

const whiteLabel: Addon = {
  id: 'a-wl',
  name: 'White Label',
  key: 'white_label',
  description: 'Your brand',
  icon: 'palette',
  priceMinor: 5000,
  currency: 'USD',
  billingPeriod: 'monthly',
  features: [],
  isActive: true,
};

function mine(addons: Addon[]): MySubscriptionResponse {
  const sub = aSubscription({ id: 'sub1', schoolId: 's1', planId: 'p1', paymentStatus: 'paid' });
  return {
    subscription: sub,
    plan: null,
    addons,
    usage: [],
    history: {
      initialSubscriptionId: sub.id,
      currentSubscriptionId: sub.id,
      totalUpgrades: 0,
      totalDowngrades: 0,
      items: [sub],
    },
    entitlements: [],
    daysLeft: 30,
  };
}

const note = (type: Notification['type']): Notification => ({
  id: `n-${type}`,
  type,
  title: 'White Label is active',
  body: 'Your request for White Label was approved. It is now part of your subscription.',
  read: false,
  createdAt: new Date().toISOString(),
  target: null,
});

describe('My Subscription, live', () => {
  it('refetches when the bell tells of an add-on decision, and not for other news', async () => {
    let approved = false;
    const { calls } = mockFetch({
      'GET /api/v1/subscription': () => json(mine(approved ? [whiteLabel] : [])),
      'GET /api/v1/addon-requests': () => json({ items: [], nextCursor: null }),
      'GET /api/v1/payments': () => json({ items: [], nextCursor: null }),
    });
    const source = new FakeEventSource();
    function Live() {
      useLiveEvents([useSubscriptionLiveHandler()], () => source);
      return null;
    }
    renderWithProviders(
      <>
        <Live />
        <MySubscriptionPage />
      </>,
      { auth: signedIn('school_admin') },
    );
    expect(await screen.findByText('No add-ons yet.')).toBeTruthy();
    const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.url.endsWith(path)).length;
    expect(reads('/api/v1/subscription')).toBe(1);

    source.send('notification', note('attendance'));
    await act(async () => {});
    expect(reads('/api/v1/subscription')).toBe(1);

    approved = true;
    source.send('notification', note('other'));
    expect(await screen.findByText('White Label')).toBeTruthy();
    await waitFor(() => expect(reads('/api/v1/addon-requests')).toBe(2));
    expect(reads('/api/v1/subscription')).toBe(2);
    expect(reads('/api/v1/payments')).toBe(2);
  });
});
