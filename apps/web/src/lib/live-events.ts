import {
  EVENTS_PATH,
  type LiveStreamEvent,
  RESYNC_EVENT,
  RETRIES_BEFORE_EMPTY,
  reconnectDelay,
} from '@lyceum/shared/live-events';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The one live event stream of the web app (docs/product.md, "Plan limits on people"): `GET /api/v1/events` as an EventSource. Features
 * say what to do with the kinds they own (LiveHandler); the shell mounts useLiveEvents once with all of them.
 *
 * Reconnects are ours, not the browser's: on any error the source is closed and opened again after 2 s, 4 s,
 * 8 s, … capped at 30 s, and the count resets after a successful open. Events sent while disconnected are
 * gone (the server keeps no backlog), so every open, and every `resync` the server sends after losing its own
 * database listener, asks each handler to refetch what it shows.
 */
export interface LiveHandler {
  kind: LiveStreamEvent;
  /** One event's data (the JSON of the matching REST read). */
  onEvent(data: unknown): void;
  /** Events may have been missed: refetch. */
  onResync(): void;
}

/** connecting → open; on errors retrying, then `unavailable` after RETRIES_BEFORE_EMPTY failed retries in a row. */
export type LiveStatus = 'connecting' | 'open' | 'retrying' | 'unavailable';

/** What we use of EventSource, so tests can hand in a fake one (the test DOM has none). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** Same-origin, so the session cookie goes along; `withCredentials` keeps that true behind a split origin. */
const browserEventSource: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

// The status is app-wide (one stream per signed-in tab), so a tiny store rather than a context.
let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** For code outside React (the bell's polling interval): the stream's state now. */
export function liveStatusNow(): LiveStatus {
  return status;
}

/** The live stream's state, e.g. for the bell to show an empty list rather than an error once it gave up. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

/** Opens the stream and keeps it open until the returned function is called. */
export function connectLiveEvents(
  handlers: () => readonly LiveHandler[],
  create: EventSourceFactory | null = typeof EventSource === 'undefined' ? null : browserEventSource,
): () => void {
  // No EventSource (a very old browser, the test DOM): the bell keeps polling instead.
  if (!create) return () => {};
  const connect = create;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;
  const resyncAll = () => {
    for (const h of handlers()) h.onResync();
  };

  const open = () => {
    timer = null;
    const current = connect(EVENTS_PATH);
    source = current;
    current.onopen = () => {
      // Whatever happened before the stream was subscribed was not sent: the time it was down, and on the
      // first open the moment between the list's own fetch and the subscription. One refetch closes the gap.
      resyncAll();
      failures = 0;
      setStatus('open');
    };
    current.onerror = () => {
      if (stopped || source !== current) return;
      current.close();
      source = null;
      failures++;
      // The first failure is the connection itself; the ones after it are failed retries.
      setStatus(failures > RETRIES_BEFORE_EMPTY ? 'unavailable' : 'retrying');
      timer = setTimeout(open, reconnectDelay(failures));
    };
    const kinds = new Set(handlers().map((h) => h.kind));
    for (const kind of kinds) {
      current.addEventListener(kind, (event) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        for (const h of handlers()) if (h.kind === kind) h.onEvent(data);
      });
    }
    current.addEventListener(RESYNC_EVENT, resyncAll);
  };

  setStatus('connecting');
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
    setStatus('connecting');
  };
}

/** Mount once, in the signed-in shell. `handlers` may change between renders; the stream is not reopened. */
export function useLiveEvents(handlers: readonly LiveHandler[], create?: EventSourceFactory): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  // `create` undefined: the browser's EventSource (the default of connectLiveEvents).
  useEffect(() => connectLiveEvents(() => latest.current, create), [create]);
}
