import type { NotificationType } from '@lyceum/shared/notifications';
import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from './live-events';

/**
 * The one way live handlers refetch what a live event (or a resync) made stale. Several handlers may own a
 * kind (an `attendance` event: the attendance feature's and the dashboard's), and a write may send several
 * events at once (a corrected mark and the parent's rewritten alert), each asking for the same open query.
 * TanStack's own invalidation would cancel the fetch in flight and send another, and the server computes the
 * cancelled one too; here each open query is fetched once per event:
 *
 * - asked again while the event is still being handled (the same turn of the event loop): nothing more;
 * - asked by a later event while a fetch this module started is in flight: that fetch is left to finish and
 *   one more follows it (the later event's change may have been made after the first fetch read), however
 *   many events ask meanwhile.
 *
 * For an event, a fetch started by anything else (the page's own) is cancelled and replaced, as it may predate
 * the change. For a resync (every stream open) it is left alone: on a fresh visit it is the page's first fetch.
 */
interface InFlight {
  /** The turn of the event loop it was started in. */
  turn: number;
  /** A later event asked while it was in flight: fetch once more when it settles. */
  again: boolean;
}

interface State {
  inFlight: Map<string, InFlight>;
  turn: number;
  turnEnds: boolean;
}

const states = new WeakMap<QueryClient, State>();

function stateOf(queryClient: QueryClient): State {
  let state = states.get(queryClient);
  if (!state) {
    state = { inFlight: new Map(), turn: 0, turnEnds: false };
    states.set(queryClient, state);
  }
  // The handlers of one event run together, synchronously: a turn is what runs before the next microtask.
  if (!state.turnEnds) {
    state.turnEnds = true;
    const current = state;
    queueMicrotask(() => {
      current.turn++;
      current.turnEnds = false;
    });
  }
  return state;
}

function start(queryClient: QueryClient, state: State, query: Query): void {
  const entry: InFlight = { turn: state.turn, again: false };
  state.inFlight.set(query.queryHash, entry);
  void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }).finally(() => {
    if (state.inFlight.get(query.queryHash) !== entry) return;
    state.inFlight.delete(query.queryHash);
    if (entry.again) start(queryClient, stateOf(queryClient), query);
  });
}

/**
 * Refetches the open queries under each of `queryKeys` (marks the others stale) for the event being handled.
 * `olderThan` (a resync): only those whose data was read before that time.
 */
export function refetchLive(queryClient: QueryClient, queryKeys: readonly QueryKey[], olderThan?: number): void {
  const state = stateOf(queryClient);
  for (const queryKey of queryKeys) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      if (olderThan !== undefined && (query.state.dataUpdatedAt >= olderThan || query.state.fetchStatus === 'fetching'))
        continue;
      const inFlight = state.inFlight.get(query.queryHash);
      if (!inFlight) start(queryClient, state, query);
      else if (inFlight.turn !== state.turn) inFlight.again = true;
    }
  }
}

/** A resync (every stream open) leaves alone what was read this recently: on a fresh visit, the page's own fetch. */
const FRESH_ENOUGH_MS = 5_000;

/**
 * A page's part of the live stream when the bell's notice of `type` is its news (docs/product.md, "Pages that
 * update live"): such a notice refetches the open queries under `queryKeys` (a module constant: the handler is
 * made once), so the page never contradicts the notification just shown. Free of zod and page code: it loads
 * with the shell.
 */
export function useRefetchOnNotification(type: NotificationType, queryKeys: readonly QueryKey[]): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: 'notification',
      onEvent(data) {
        if ((data as { type?: unknown } | null)?.type === type) refetchLive(queryClient, queryKeys);
      },
      onResync: () => refetchLive(queryClient, queryKeys, Date.now() - FRESH_ENOUGH_MS),
    }),
    [queryClient, type, queryKeys],
  );
}
