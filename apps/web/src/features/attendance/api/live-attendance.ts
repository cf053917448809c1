import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';

/**
 * A resync (every stream open) leaves alone data read this recently or still being read: on a fresh visit that
 * is the page's own first fetch, and a second identical request would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * The attendance part of the live stream: a class's marks changed (or events may have been missed), so every
 * open attendance read and the dashboards refetch. Kept free of zod and page code: it loads with the shell.
 */
export function useAttendanceLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refetch = (olderThan?: number) => {
      for (const queryKey of [['attendance'], ['dashboard']]) {
        void queryClient.invalidateQueries(
          { queryKey, predicate: (query) => olderThan === undefined || query.state.dataUpdatedAt < olderThan },
          { cancelRefetch: olderThan === undefined },
        );
      }
    };
    return {
      kind: 'attendance',
      onEvent: () => refetch(),
      onResync: () => refetch(Date.now() - FRESH_ENOUGH_MS),
    };
  }, [queryClient]);
}
