import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';

/**
 * A resync (every stream open) leaves alone data read this recently or still being read: on a fresh visit that
 * is the page's own first fetch, and a second identical request would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * The attendance part of the live stream: a class's marks changed (or events may have been missed), so every
 * open attendance read refetches (the dashboards: useDayLiveHandlers). Kept free of zod and page code: it loads with the shell.
 */
export function useAttendanceLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    // The dashboards are refetched by their own handler (useDayLiveHandlers); asked here too, refetchLive
    // would still fetch each once, but each feature asks for what it owns.
    const refetch = (olderThan?: number) => refetchLive(queryClient, [['attendance']], olderThan);
    return {
      kind: 'attendance',
      onEvent: () => refetch(),
      onResync: () => refetch(Date.now() - FRESH_ENOUGH_MS),
    };
  }, [queryClient]);
}
