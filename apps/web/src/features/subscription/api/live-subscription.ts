import type { NotificationType } from '@lyceum/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { myAddonRequestsKey } from '../../../api/get-my-addon-requests';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';
import { myPaymentsKey } from './get-my-payments';
import { mySubscriptionKey } from './get-my-subscription';

/** A resync (every stream open) leaves alone what was read this recently: on a fresh visit, the page's own fetch. */
const FRESH_ENOUGH_MS = 5_000;

/** What the company tells a school admin (an add-on approved or declined, a payment decided, a renewal) is `other`. */
const SUBSCRIPTION_NEWS: NotificationType = 'other';

/**
 * My Subscription's part of the live stream (docs/product.md, "Notifications and live events", "Pages that
 * update live"): the bell's news of the subscription, its add-ons or payments refetches the open page, so it
 * never contradicts the notification just shown. Kept free of zod and page code: it loads with the shell.
 */
export function useSubscriptionLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const keys = [mySubscriptionKey, myAddonRequestsKey, myPaymentsKey];
    return {
      kind: 'notification',
      onEvent(data) {
        if ((data as { type?: unknown } | null)?.type === SUBSCRIPTION_NEWS) refetchLive(queryClient, keys);
      },
      onResync: () => refetchLive(queryClient, keys, Date.now() - FRESH_ENOUGH_MS),
    };
  }, [queryClient]);
}
