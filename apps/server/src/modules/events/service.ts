import { LIVE_MESSAGES, MESSAGES } from '@lyceum/shared/errors';
import {
  LAPSED_STREAM_KINDS,
  type LiveEventKind,
  type LiveSubscription,
  type LiveUnread,
  type LiveWithdrawn,
  MAX_STREAMS_PER_USER,
  RECONNECT_BASE_MS,
  RESYNC_EVENT,
  SUBSCRIPTION_EVENT,
  UNREAD_EVENT,
} from '@lyceum/shared/live-events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { Actor } from '../../lib/actor.ts';
import { clientKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { LiveEvent, LiveSubscriber } from '../../lib/live-events.ts';
import { type FreshReader, readFreshReaders, resolveSession } from '../auth/index.ts';
import { readAnnouncements } from '../announcements/index.ts';
import { readAttendanceChange } from '../attendance/index.ts';
import { hasActiveSubscription } from '../company/index.ts';
import { readConversationChange, readMessage, unreadMessages } from '../messages/index.ts';
import { readNotifications, unreadNotifications } from '../notifications/index.ts';
import { readTimetableChange } from '../timetable/index.ts';

type Reader = (deps: Deps, actor: Actor, input: { id: string }) => Promise<unknown | null>;
type BatchReader = (deps: Deps, requests: readonly { actor: Actor; id: string }[]) => Promise<(unknown | null)[]>;

/**
 * How the stream re-reads the row an event points at, as the stream's own user through the tenant-scoped
 * service (row-level security and visibility rules apply; null = not for this user). A later kind
 * (attendance, timetable, announcement, message) plugs in with one line here and one publishLiveEvents call
 * in its writer. Kinds that reach many streams at once (an announcement and its notification to a whole
 * school) have a batch reader instead: see `batched` below.
 */
const READERS: Partial<Record<LiveEventKind, Reader>> = {
  timetable: readTimetableChange,
  attendance: readAttendanceChange,
  message: readMessage,
  conversation: readConversationChange,
};
const BATCH_READERS: Partial<Record<LiveEventKind, BatchReader>> = {
  notification: readNotifications,
  announcement: readAnnouncements,
};

interface PendingRead {
  actor: Actor;
  id: string;
  resolve: (row: unknown | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Collects the reads streams ask for in one turn of the event loop and hands them to the batch reader
 * together: the NOTIFY payloads of one write arrive together, so an announcement to 1 000 streams costs a
 * few queries instead of 1 000 transactions.
 */
function batched(deps: Deps, reader: BatchReader): (actor: Actor, id: string) => Promise<unknown | null> {
  let pending: PendingRead[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    reader(deps, batch).then(
      (rows) => {
        for (const [i, r] of batch.entries()) r.resolve(rows[i] ?? null);
      },
      (err) => {
        for (const r of batch) r.reject(err);
      },
    );
  };
  return (actor, id) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ actor, id, resolve, reject });
    });
}

/**
 * A stream's reader as they are now (their language, their school's locale), for every stream an account's or a
 * school's `reader_changed` woke, in one statement.
 */
const readReaders: BatchReader = (deps, requests) =>
  readFreshReaders(
    deps.db,
    requests.map(({ actor }) => ({ accountId: actor.accountId, schoolId: actor.schoolId })),
  );

/** One set of batchers per app (tests build many apps in one process). */
const batchers = new WeakMap<Deps, Map<string, (actor: Actor, id: string) => Promise<unknown | null>>>();

function batchReadFor(deps: Deps, kind: LiveEventKind | 'reader_changed') {
  const reader = kind === 'reader_changed' ? readReaders : BATCH_READERS[kind];
  if (!reader) return null;
  let forApp = batchers.get(deps);
  if (!forApp) {
    forApp = new Map();
    batchers.set(deps, forApp);
  }
  let read = forApp.get(kind);
  if (!read) {
    read = batched(deps, reader);
    forApp.set(kind, read);
  }
  return read;
}

async function unreadCounts(deps: Deps, actor: Actor, lapsed: boolean): Promise<LiveUnread> {
  const notifications = await unreadNotifications(deps, actor);
  // A lapsed school's GET /messages/unread answers 402: its count is not sent either (null, as for staff).
  const messages = actor.kind === 'school' && !lapsed ? (await unreadMessages(deps, actor)).count : null;
  return { notifications, messages };
}

/**
 * Whether a school user's school has no subscription in force, read afresh (company staff: never). The session
 * lookup sees only the end date; an auto-renewal nobody has settled yet is settled first, as the REST gate does.
 */
async function lapsedNow(deps: Deps, actor: Actor): Promise<boolean> {
  const schoolId = actor.schoolId;
  if (actor.kind !== 'school' || actor.subscriptionActive !== false || !schoolId) return false;
  return !(await withSystem(deps.db, (tx) => hasActiveSubscription(tx, schoolId, deps.clock())));
}

/** A client that stops reading (a frozen tab on a dead network) is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1_048_576;

/**
 * Holds `GET /api/v1/events` open for a signed-in session (cookie sessions only: API keys never reach this
 * route, see API_KEY_ROUTES) and writes one SSE event per change addressed to its user. Ends when the client
 * leaves, the session is signed out (at once, via a session_ended event) or found expired or disabled at a
 * heartbeat, or the server closes. A school with no subscription in force gets only what its REST calls still
 * answer (LAPSED_STREAM_KINDS); a lapse, a cancellation or a renewal found at a heartbeat ends the stream after a
 * `subscription` event, so the client reconnects as the school now stands (docs/product.md, "When a
 * subscription lapses mid-session").
 */
export function openEventStream(
  deps: Deps,
  opened: Actor,
  input: { sessionToken: string | undefined; request: FastifyRequest; reply: FastifyReply },
): void {
  const { request, reply, sessionToken } = input;
  // Who the stream writes for: their language and school's locale are re-read when they change (reader_changed)
  // and at each heartbeat, so an event is rendered as the lists render it now (docs/product.md, "Notifications
  // and live events"); the role and school it was opened for never change (a change ends the stream).
  let actor = opened;
  /** A re-read of the reader in flight: reads asked for meanwhile wait for it, so they use the new language. */
  let refreshing: Promise<void> | null = null;
  // API keys never reach this route (it is not in API_KEY_ROUTES); a stream belongs to a browser session.
  if (actor.apiKey || !sessionToken) throw new AppError('forbidden', MESSAGES.forbidden);
  // The auth hook settled it already (an unsettled auto-renewal is in force): what this stream may carry.
  const lapsed = actor.kind === 'school' && actor.subscriptionActive === false;
  if (deps.live.openStreams(actor.profileId) >= MAX_STREAMS_PER_USER) {
    throw new AppError('rate_limited', LIVE_MESSAGES.tooManyStreams(MAX_STREAMS_PER_USER));
  }
  // Every user's streams from one address together: each holds a socket, memory and a heartbeat's session
  // lookup, and one address could otherwise sign in as many people as it can make (docs/security.md, "Live
  // streams per client address"). Checked and subscribed in one turn of the event loop, so racing opens count.
  const client = clientKey(request.ip);
  const perAddress = deps.config.eventStreamsPerAddress;
  if (deps.live.openStreamsFrom(client) >= perAddress) {
    throw new AppError('rate_limited', LIVE_MESSAGES.tooManyStreamsFromAddress(perAddress));
  }
  // From here on the handler writes the response itself; Fastify's reply (serialisers, onSend) is bypassed,
  // so the headers its hooks already set (helmet's) are carried over by hand.
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, typeof value === 'number' ? String(value) : value);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies buffer responses unless told not to; a buffered stream is not live.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // `retry` is the browser's own reconnect delay, should it reconnect by itself (ours closes and backs off).
  res.write(`retry: ${RECONNECT_BASE_MS}\n: connected\n\n`);

  let ended = false;
  /** Notification events handed to this stream and not written yet (see sendUnread). */
  let notificationsQueued = 0;
  // Events are re-read and written one after another, so they arrive in the order they were published.
  let queue: Promise<void> = Promise.resolve();
  const write = (chunk: string) => {
    if (ended) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED_BYTES) finish();
  };
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err) => request.log.warn({ err }, 'live events: an event could not be sent'));
  };

  const subscriber: LiveSubscriber = {
    userId: actor.profileId,
    schoolId: actor.schoolId,
    role: actor.role,
    sessionId: actor.sessionId,
    client,
    deliver(event: LiveEvent) {
      if (event.kind === 'session_ended') return;
      if (event.kind === 'reader_changed') {
        refreshReader();
        return;
      }
      if (lapsed && !LAPSED_STREAM_KINDS.has(event.kind)) {
        // Not the content, which its REST read refuses with 402; but a withdrawal took notifications out of
        // the bell, which stays open, so its count still follows.
        if (event.withdrawn) sendUnread();
        return;
      }
      if (event.withdrawn) {
        // Not read: the row is no longer this reader's to read, and the id is one they already had. The
        // hub delivers it to the addressees of the event's own school only.
        const data: LiveWithdrawn = { id: event.id, withdrawn: true };
        enqueue(async () => write(`event: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`));
        // Withdrawing it took its notifications out of the bells: the badge gets the count as it is now
        // (docs/product.md, "Announcements").
        sendUnread();
        return;
      }
      const batchRead = batchReadFor(deps, event.kind);
      if (batchRead) {
        // Asked for now, so it joins this moment's batch (or, while the reader is re-read, the batch of the
        // moment that ends); written in turn, so events keep their order.
        const row = refreshing ? refreshing.then(() => batchRead(actor, event.id)) : batchRead(actor, event.id);
        row.catch(() => {}); // awaited (and any error logged) by the queue below
        const isNotification = event.kind === 'notification';
        if (isNotification) notificationsQueued += 1;
        enqueue(async () => {
          try {
            const data = await row;
            if (data !== null) write(`event: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`);
          } finally {
            if (isNotification) notificationsQueued -= 1;
          }
        });
        // A rewritten notification may or may not have been counted as unread before: the bell gets the count
        // as it is now rather than guessing (docs/product.md, "Notifications and live events").
        if (event.rewritten) sendUnread();
        return;
      }
      const read = READERS[event.kind];
      if (!read) return;
      const waitFor = refreshing;
      enqueue(async () => {
        if (ended) return;
        await waitFor;
        const data = await read(deps, actor, { id: event.id });
        if (data !== null) write(`event: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`);
      });
    },
    resync: () => {
      write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
      sendUnread();
    },
    end: () => finish(),
  };
  const unsubscribe = deps.live.subscribe(subscriber);
  // Counted after subscribing, so nothing made from here on is missed: it is sent as an event after the counts
  // (one made in the instant between the two steps is counted and sent both, and the badge is one high until
  // the next count; never low).
  sendUnread();

  const heartbeat = setInterval(() => {
    enqueue(async () => {
      if (ended) return;
      // A fresh lookup (no session cache): revoked, expired or disabled sessions stop receiving within one beat.
      const current = await resolveSession(deps.db, sessionToken, {
        ttlDays: deps.config.sessionTtlDays,
        now: deps.clock(),
      });
      // A changed role or school changes what this user may see; the client reconnects as who they are now.
      if (!current || current.role !== actor.role || current.schoolId !== actor.schoolId) finish();
      else if ((await lapsedNow(deps, current)) !== lapsed) {
        // So does a lapse, a cancellation or a renewal: the client is told which, then reconnects.
        const data: LiveSubscription = { active: lapsed };
        write(`event: ${SUBSCRIPTION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
        finish();
      } else {
        // The lookup is fresh anyway: a language change whose event this process missed is caught up here.
        if (!refreshing) actor = current;
        write(': heartbeat\n\n');
      }
    });
  }, deps.config.eventHeartbeatMs);
  heartbeat.unref();

  /** Re-reads the reader's language and school locale; reads asked for until it is done wait for it. */
  function refreshReader() {
    const read = batchReadFor(deps, 'reader_changed');
    if (!read) return;
    const done: Promise<void> = (refreshing ?? Promise.resolve())
      .then(() => read(actor, actor.profileId))
      .then(
        (fresh) => {
          const reader = fresh as FreshReader | null;
          if (!reader) return;
          actor = {
            ...actor,
            language: reader.language,
            school: actor.school && reader.locale ? { ...actor.school, locale: reader.locale } : actor.school,
          };
        },
        (err) => request.log.warn({ err }, 'live events: the reader could not be re-read'),
      )
      .finally(() => {
        if (refreshing === done) refreshing = null;
      });
    refreshing = done;
  }

  /**
   * The counts go after the notifications already queued behind them: those rows are committed, so the count
   * holds them, and the bell adds one for each new notification it hears of after the count, one too many.
   * A sheet that corrects one child's alert and alerts another publishes both at once.
   */
  function sendUnread() {
    enqueue(async () => {
      if (ended) return;
      const counts = notificationsQueued > 0 ? null : await unreadCounts(deps, actor, lapsed);
      // Queued meanwhile too: counted already, so they go first.
      if (counts === null || notificationsQueued > 0) {
        sendUnread();
        return;
      }
      write(`event: ${UNREAD_EVENT}\ndata: ${JSON.stringify(counts)}\n\n`);
    });
  }

  function finish() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  }
  res.on('close', finish);
  res.on('error', finish);
}
