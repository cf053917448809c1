import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TIMETABLE_KEY } from '../../../api/timetable-lessons';
import type { LiveHandler } from '../../../lib/live-events';

/** The query key every timetable query starts with (shared with the pages that clear lessons). */
export { TIMETABLE_KEY };

/** Fetched this recently: the stream's first open cannot have missed a change to it worth another request. */
const JUST_FETCHED_MS = 2_000;

function refetchTimetable(queryClient: QueryClient, skipJustFetched: boolean) {
  const now = Date.now();
  void queryClient.invalidateQueries({
    queryKey: [TIMETABLE_KEY],
    predicate: (query) => !skipJustFetched || now - query.state.dataUpdatedAt > JUST_FETCHED_MS,
  });
}

/**
 * The grids' part of the live stream: a `timetable` event says a class's week changed, so open grids refetch
 * (a teacher's, a room's or a child's week may hold that class too, so all of them). Small on purpose: the
 * shell, part of the first download, mounts it.
 */
export function useTimetableLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'timetable',
      onEvent: () => refetchTimetable(queryClient, false),
      // Also called when the stream first opens, while a freshly opened page has just fetched its week.
      onResync: () => refetchTimetable(queryClient, true),
    }),
    [queryClient],
  );
}
