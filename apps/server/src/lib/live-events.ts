import type { PGlite } from '@electric-sql/pglite';
import type { LiveEventKind } from '@lyceum/shared/live-events';
import type { Role } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DatabaseHandle, Tx } from '../db/client.ts';
import { noteSchoolChange } from './answer-cache.ts';

/**
 * Live events across server processes (docs/decisions/007-live-events.md).
 *
 * A writer calls publishLiveEvents(tx, …) inside its own transaction: `pg_notify` is transactional, so the
 * event leaves only if the write commits, and every process LISTENing on the channel gets it, whichever
 * process wrote. Each process holds ONE listening connection (LiveEventHub) and fans events out to its open
 * streams in memory.
 *
 * The payload is a pointer (kind, school, addressees, row id), never the row: NOTIFY payloads are limited to
 * 8000 bytes, and the stream re-reads the row as its own user through the tenant-scoped service, so row-level
 * security and the visibility rules decide what is sent, not the writer.
 *
 * PGlite supports LISTEN/NOTIFY on its one connection, and delivers a notification raised inside a transaction
 * only when that transaction commits (checked: a rolled-back pg_notify is never delivered), so the embedded
 * mode takes the same path as PostgreSQL; no in-process emitter is needed.
 */
export const LIVE_CHANNEL = 'lyceum_events';

export interface LiveEvent {
  /**
   * A kind the stream sends, or one the stream acts on without sending: `session_ended` (a signed-out
   * session's streams close at once), `reader_changed` (the addressees' language or their school's locale
   * changed: their streams re-read it, so what they send next is written in the new one).
   */
  kind: LiveEventKind | 'session_ended' | 'reader_changed';
  /** Null only for company-level events; a stream receives events of its own school only. */
  schoolId: string | null;
  /** The row (for session_ended the session, for reader_changed the account or school) the event is about. */
  id: string;
  /** Addressees by profile id (users.id / company_staff.id)… */
  userIds?: string[];
  /** …or a role audience within the school (e.g. an announcement to all teachers). */
  roles?: Role[];
  /**
   * A notification rewritten in place (an absence alert corrected, unread again; an announcement's retitled,
   * or marked read by reading the announcement), not a new one: the stream follows it with the unread counts,
   * since only the server knows whether it was counted as unread before.
   */
  rewritten?: boolean;
  /**
   * The row left its readers (an announcement archived): streams forward `{ id, withdrawn: true }` without
   * reading it (LiveWithdrawn), so the open pages drop it, then the unread counts (its notifications went with it).
   */
  withdrawn?: boolean;
}

/** NOTIFY's limit is 8000 bytes; addressee lists are cut well below it (37 bytes per quoted id). */
const IDS_PER_PAYLOAD = 150;

/** The NOTIFY payloads of `events`: one each, or several for a long list of addressees. */
export function liveEventPayloads(events: LiveEvent[]): string[] {
  const payloads: string[] = [];
  for (const event of events) {
    const ids = event.userIds ?? [];
    if (ids.length <= IDS_PER_PAYLOAD) {
      payloads.push(JSON.stringify(event));
      continue;
    }
    for (let i = 0; i < ids.length; i += IDS_PER_PAYLOAD) {
      payloads.push(JSON.stringify({ ...event, userIds: ids.slice(i, i + IDS_PER_PAYLOAD) }));
    }
  }
  return payloads;
}

/** Publishes events as part of `tx`: delivered to every process once (and only if) `tx` commits. */
export async function publishLiveEvents(tx: Tx, events: LiveEvent[]): Promise<void> {
  const payloads = liveEventPayloads(events);
  if (payloads.length === 0) return;
  // One statement for any number of events (one round trip inside the writer's transaction).
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) as p`,
  );
}

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  userId: string;
  schoolId: string | null;
  role: Role;
  sessionId: string;
  /** The client address's key (lib/client-address.ts) a stream is counted under; none for in-process listeners. */
  client?: string;
  deliver(event: LiveEvent): void;
  /** The hub lost its listener for a while: events of that gap are gone, the client should refetch. */
  resync(): void;
  /** The session behind the stream was signed out. */
  end(): void;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_CAP_MS = 30_000;

function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.kind !== 'string' || typeof value.id !== 'string') return null;
    return value as LiveEvent;
  } catch {
    return null;
  }
}

/** The per-process end of the channel: one listening connection, and the open streams it feeds. */
export class LiveEventHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private readonly bySchool = new Map<string, Set<LiveSubscriber>>();
  private readonly byClient = new Map<string, Set<LiveSubscriber>>();
  /** The connection being opened or in use; events from any other (an old, dying one) are ignored. */
  private current: pg.Client | null = null;
  private unlistenPglite: (() => Promise<void>) | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  /** Listener reconnections so far (tests and logs; a reconnect means events may have been missed). */
  reconnects = 0;

  constructor(
    private readonly target: DatabaseHandle['listenTarget'],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening; resolves once LISTEN is in place, so a stream opened afterwards misses nothing. */
  async start(): Promise<void> {
    if (this.target.kind === 'pglite') {
      this.unlistenPglite = await (this.target.client as PGlite).listen(LIVE_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      return;
    }
    await this.connect(this.target.url);
  }

  private async connect(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    this.current = client;
    // An 'error' event without a listener would kill the process (a terminated backend, a restart); the
    // connection is dropped and a new one opened with backoff instead.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL && msg.payload) this.dispatch(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (err) {
      this.lost(client, err as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    const wasReconnect = this.failures > 0;
    this.failures = 0;
    if (wasReconnect) {
      this.reconnects++;
      this.log.info('live events: listening again; open streams are told to refetch what they missed');
      // Events missed while deaf were changes too, of schools unknown: every cached answer goes.
      noteSchoolChange(null);
      for (const set of this.byUser.values()) for (const sub of set) sub.resync();
    }
  }

  private lost(client: pg.Client, err: Error | null): void {
    if (this.closed || client !== this.current) return;
    this.current = null;
    client.removeAllListeners('notification');
    // Keep an error listener on the dead client: it may still emit one while it tears down.
    client.end().catch(() => {});
    this.failures++;
    const delay = Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** (this.failures - 1));
    this.log.warn({ err, retryInMs: delay }, 'live events: the database listener connection was lost');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.target.kind === 'postgres') void this.connect(this.target.url);
    }, delay);
    this.reconnectTimer.unref();
  }

  openStreams(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Open streams of one client address, every user's together. */
  openStreamsFrom(client: string): number {
    return this.byClient.get(client)?.size ?? 0;
  }

  subscribe(sub: LiveSubscriber): () => void {
    const add = <K>(map: Map<K, Set<LiveSubscriber>>, key: K) => {
      const set = map.get(key) ?? new Set<LiveSubscriber>();
      set.add(sub);
      map.set(key, set);
    };
    const remove = <K>(map: Map<K, Set<LiveSubscriber>>, key: K) => {
      const set = map.get(key);
      set?.delete(sub);
      if (set?.size === 0) map.delete(key);
    };
    add(this.byUser, sub.userId);
    if (sub.schoolId) add(this.bySchool, sub.schoolId);
    if (sub.client) add(this.byClient, sub.client);
    return () => {
      remove(this.byUser, sub.userId);
      if (sub.schoolId) remove(this.bySchool, sub.schoolId);
      if (sub.client) remove(this.byClient, sub.client);
    };
  }

  /** Routes one payload to the streams it is addressed to; never across schools. */
  dispatch(payload: string): void {
    const event = parseEvent(payload);
    if (!event) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live events: ignored a malformed payload');
      return;
    }
    // A live event means its school changed, whichever process wrote: its cached answers go before any stream
    // hears of it, so a list re-read on the event is fresh, and another process's change reaches this one's
    // cache as soon as its event does, not only after the TTL (lib/answer-cache.ts).
    if (event.schoolId && event.kind !== 'session_ended') noteSchoolChange(event.schoolId);
    const targets = new Set<LiveSubscriber>();
    for (const userId of event.userIds ?? []) {
      for (const sub of this.byUser.get(userId) ?? []) if (sub.schoolId === event.schoolId) targets.add(sub);
    }
    if (event.roles?.length && event.schoolId) {
      for (const sub of this.bySchool.get(event.schoolId) ?? []) if (event.roles.includes(sub.role)) targets.add(sub);
    }
    for (const sub of targets) {
      if (event.kind === 'session_ended') {
        if (sub.sessionId === event.id) sub.end();
      } else {
        sub.deliver(event);
      }
    }
  }

  /** Ends every open stream (the server is closing). */
  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const sub of [...set]) sub.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.endAll();
    const client = this.current;
    this.current = null;
    await client?.end().catch(() => {});
    await this.unlistenPglite?.().catch(() => {});
    this.unlistenPglite = null;
  }
}
