import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';

/** Queries that show the day: the dashboard and My Children (key owned by the children feature). */
const DAY_QUERIES = [['dashboard'], ['children']] as const;

/**
 * A resync (every stream open) refetches only data older than this: on a fresh visit the page's own fetch
 * is seconds old when the stream opens, and a second identical request would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * The day's part of the live stream: a class marked or a timetable changed refetches the open dashboard and
 * My Children. The events' data is not read, only their kind (the refetch asks the server what changed).
 */
export function useDayLiveHandlers(): LiveHandler[] {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refetch = (olderThan?: number) => refetchLive(queryClient, DAY_QUERIES, olderThan);
    return (['attendance', 'timetable'] as const).map((kind) => ({
      kind,
      onEvent: () => refetch(),
      onResync: () => refetch(Date.now() - FRESH_ENOUGH_MS),
    }));
  }, [queryClient]);
}
