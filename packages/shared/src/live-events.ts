/**
 * The live event stream (docs/product.md, "Notifications and live events"): `GET /api/v1/events` as Server-Sent Events. The server sends one
 * SSE event per change the signed-in user may see; its `event:` name is one of these kinds and its `data:` the
 * same JSON shape the matching REST read returns (a `notification` carries a `Notification` of ./api.ts).
 */
export const LIVE_EVENT_KINDS = [
  /**
   * A notification sent or rewritten (data: the Notification), or taken out of the reader's bell (data:
   * `{ id, withdrawn: true }`, a child's alerts once their parent is unlinked; an `unread` event follows).
   */
  'notification',
  'attendance',
  'timetable',
  /**
   * An announcement published or restored (data: the Announcement, as GET /announcements/:id answers the
   * reader), or archived (data: `{ id, withdrawn: true }`, LiveWithdrawn): it has left its readers' lists,
   * and its notification their bells (an `unread` event with the counts follows).
   */
  'announcement',
  'message',
  /** A group was made, renamed, deleted or its members changed (data: `{ id }`): conversation lists refetch. */
  'conversation',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * The data of an event about a row that has left its readers (an announcement archived: docs/product.md,
 * "Announcements"). Sent as it is, without reading the row, which they may no longer read: it tells them
 * nothing but an id they already had.
 */
export interface LiveWithdrawn {
  id: string;
  withdrawn: true;
}

/** Whether an event's data is a withdrawal (no zod: the web app's shell, which handles events, loads without it). */
export function isLiveWithdrawn(data: unknown): data is LiveWithdrawn {
  const value = data as Partial<LiveWithdrawn> | null;
  return typeof value === 'object' && value !== null && value.withdrawn === true && typeof value.id === 'string';
}

export const EVENTS_PATH = '/api/v1/events';

/**
 * Sent after the server lost and regained its own database listener: events of that gap are gone, so the
 * client refetches what it shows (the same as after reconnecting itself).
 */
export const RESYNC_EVENT = 'resync';

/**
 * The first event of every stream, and the one after each `resync`: the unread counts as they are now (the
 * bell's; the sidebar's Messages entry's, null for company staff, who have no messages). What was sent between
 * the session read and the stream's open is thereby counted without opening the bell.
 */
export const UNREAD_EVENT = 'unread';
export interface LiveUnread {
  notifications: number;
  messages: number | null;
}

/**
 * Sent when the school's subscription lapsed, was cancelled or came back into force while the stream was open,
 * just before the server ends it (data: LiveSubscription): the web app goes to the plan-expiry screen, or
 * leaves it, and reconnects as the school now stands (docs/product.md, "When a subscription lapses mid-session").
 */
export const SUBSCRIPTION_EVENT = 'subscription';
export interface LiveSubscription {
  active: boolean;
}

/**
 * The kinds a stream of a school with no subscription in force still carries: what the REST API still answers
 * it (the bell, GET /notifications). The school's content (messages, announcements, attendance, timetable,
 * groups) answers 402 there, so it is not sent here either.
 */
export const LAPSED_STREAM_KINDS: ReadonlySet<LiveEventKind> = new Set(['notification']);

/** The names of the events a stream sends that a feature may handle. */
export type LiveStreamEvent = LiveEventKind | typeof UNREAD_EVENT | typeof SUBSCRIPTION_EVENT;

/** Open streams one user may hold on one server process (tabs); the next one is refused with 429. */
export const MAX_STREAMS_PER_USER = 5;

/** A comment line this often keeps proxies from closing an idle stream; the session is re-checked each time. */
export const HEARTBEAT_MS = 25_000;

/**
 * The web app's reconnect schedule (docs/product.md, "Notifications and live events": 2 s, 4 s, 8 s, capped at 30 s; reset after a successful open).
 * docs/product.md, "Notifications and live events": after this many failed retries in a row the bell shows an empty list instead of an error.
 */
export const RECONNECT_BASE_MS = 2_000;
export const RECONNECT_CAP_MS = 30_000;
export const RETRIES_BEFORE_EMPTY = 3;

export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
}
