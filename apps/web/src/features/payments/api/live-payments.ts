import type { NotificationType } from '@lyceum/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';
import { companyPaymentsKey } from './get-company-payments';

/** A resync (every stream open) leaves alone what was read this recently: on a fresh visit, the page's own fetch. */
const FRESH_ENOUGH_MS = 5_000;

/** Company staff's notices (a payment to confirm among them) are `other`. */
const COMPANY_NEWS: NotificationType = 'other';

/**
 * The company's Payments page's part of the live stream (docs/product.md, "Notifications and live events",
 * "Pages that update live"): the bell's notice of a payment to confirm refetches the open list. Kept free of
 * zod and page code: it loads with the shell.
 */
export function usePaymentsLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'notification',
      onEvent(data) {
        if ((data as { type?: unknown } | null)?.type === COMPANY_NEWS) refetchLive(queryClient, [companyPaymentsKey]);
      },
      onResync: () => refetchLive(queryClient, [companyPaymentsKey], Date.now() - FRESH_ENOUGH_MS),
    }),
    [queryClient],
  );
}
