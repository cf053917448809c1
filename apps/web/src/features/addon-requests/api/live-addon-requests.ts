import type { NotificationType } from '@lyceum/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';
import { addonRequestsKey } from './get-addon-requests';

/** A resync (every stream open) leaves alone what was read this recently: on a fresh visit, the page's own fetch. */
const FRESH_ENOUGH_MS = 5_000;

/** Company staff's notices (an add-on request, a payment to confirm, a lead, a subscription ending) are `other`. */
const COMPANY_NEWS: NotificationType = 'other';

/**
 * The company's Addon Requests page's part of the live stream (docs/product.md, "Notifications and live
 * events", "Pages that update live"): the bell's notice of a new request refetches the open list. Kept free of
 * zod and page code: it loads with the shell.
 */
export function useAddonRequestsLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'notification',
      onEvent(data) {
        if ((data as { type?: unknown } | null)?.type === COMPANY_NEWS) refetchLive(queryClient, [addonRequestsKey]);
      },
      onResync: () => refetchLive(queryClient, [addonRequestsKey], Date.now() - FRESH_ENOUGH_MS),
    }),
    [queryClient],
  );
}
