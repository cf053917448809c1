import { isLiveWithdrawn } from '@lyceum/shared/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { announcementKeys } from './announcements';

/**
 * A resync (every stream open) leaves alone what was read this recently or is still being read: on a fresh
 * visit that is the page's own first fetch, and a second identical request would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * The announcements part of the live stream. An archived announcement arrives as `{ id, withdrawn: true }` and
 * every open list refetches, so it leaves them at once (docs/product.md, "Announcements"); its notification
 * left the bells with it, so the bell's list refetches too (the badge takes the `unread` counts the stream sends
 * next). A published one needs nothing here: its notification, which comes with it, refreshes the lists
 * (useNotificationLiveHandler). Kept free of zod and page code: it loads with the shell.
 */
export function useAnnouncementLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'announcement',
      onEvent(data) {
        if (!isLiveWithdrawn(data)) return;
        void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
        // Keys owned by the notifications and dashboard features: the bell's list and page, and the dashboards'
        // unread count.
        for (const queryKey of [['notifications'], ['dashboard']]) void queryClient.invalidateQueries({ queryKey });
      },
      onResync() {
        // A withdrawal (or publication) may have been missed while the stream was down.
        const olderThan = Date.now() - FRESH_ENOUGH_MS;
        void queryClient.invalidateQueries(
          { queryKey: announcementKeys.all, predicate: (query) => query.state.dataUpdatedAt < olderThan },
          { cancelRefetch: false },
        );
      },
    }),
    [queryClient],
  );
}
