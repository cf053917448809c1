import { isLiveWithdrawn } from '@lyceum/shared/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';
import { announcementKeys } from './announcements';

/**
 * A resync (every stream open) leaves alone what was read this recently or is still being read: on a fresh
 * visit that is the page's own first fetch, and a second identical request would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * The announcements part of the live stream (docs/product.md, "Announcements"). A published or restored
 * announcement arrives as the reader would read it, and every open list refetches, so it shows at once (a
 * restored one brings no notification to do it). An archived one arrives as `{ id, withdrawn: true }` and every
 * open list refetches, so it leaves them at once; its notification left the bells with it, so the bell's list
 * refetches too (the badge takes the `unread` counts the stream sends next). Kept free of zod and page code: it
 * loads with the shell.
 */
export function useAnnouncementLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'announcement',
      onEvent(data) {
        // A list already being fetched is not asked again.
        void queryClient.invalidateQueries({ queryKey: announcementKeys.all }, { cancelRefetch: false });
        if (!isLiveWithdrawn(data)) return;
        // Keys owned by the notifications and dashboard features: the bell's list and page, and the dashboards'
        // unread count.
        refetchLive(queryClient, [['notifications'], ['dashboard']]);
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
