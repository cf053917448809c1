import type { SubmitAttendanceResponse } from '@lyceum/shared/attendance';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { getMe } from '../../../lib/auth';
import { newKey } from '../../../lib/intent-key';
import { submitAttendance } from '../api/attendance-api';

import { PREFIX, type PendingMarks, readAll, slotOf, storage, storageKey } from './pending-store';

export { type PendingMarks, slotOf } from './pending-store';

// A tiny store so the page re-renders when the queue changes (sent in the background, another tab).
let snapshot: PendingMarks[] = readAll();
const listeners = new Set<() => void>();
function changed() {
  snapshot = readAll();
  for (const listener of listeners) listener();
}

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const pendingSnapshot = (): PendingMarks[] => snapshot;

/** Keeps a submission of user `userId`, with a fresh key, until the server has it. */
export function keepPending(
  body: PendingMarks['body'],
  userId: string,
  classLabel?: string,
  savedAt: Date = new Date(),
): PendingMarks {
  const entry: PendingMarks = {
    userId,
    slot: slotOf(body.classId, body.date, body.periodId ?? undefined),
    idempotencyKey: newKey(),
    body,
    ...(classLabel ? { classLabel } : {}),
    savedAt: savedAt.toISOString(),
  };
  storage()?.setItem(storageKey(entry), JSON.stringify(entry));
  changed();
  return entry;
}

/** Forgets a submission (sent, or discarded after a refusal). */
export function dropPending(entry: PendingMarks): void {
  storage()?.removeItem(storageKey(entry));
  changed();
}

/** The refusal's words: the server's message, then each field's. */
function refusalOf(error: unknown): string[] {
  const fields = isApiError(error) && error.fields ? Object.values(error.fields) : [];
  return [errorMessage(error), ...fields];
}

/** Keeps `entry` as refused, unless it has been sent or replaced since it was sent (then nothing is kept). */
function keepRefused(entry: PendingMarks, error: unknown): void {
  if (!pendingSnapshot().some((p) => p.idempotencyKey === entry.idempotencyKey)) return;
  storage()?.setItem(storageKey(entry), JSON.stringify({ ...entry, refused: refusalOf(error) }));
  changed();
}

/**
 * A failure worth retrying later: no network, the server not answering properly, the session expired (401:
 * sent once the user has signed in again) or too many changes in a minute (429). Any other answer is the
 * server's refusal of these marks.
 */
export const isRetryable = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;

export type SendResult =
  | { ok: true; answer: SubmitAttendanceResponse }
  | { ok: false; retryable: boolean; error: unknown };

const inFlight = new Map<string, Promise<SendResult>>();

/**
 * Sends one pending submission with its own key. While it is on its way, a second call for the same
 * submission (an 'online' event and a click together) waits for the first instead of sending again.
 * Kept on a retryable failure; dropped once the server took it; kept as refused when it refused it.
 */
export function sendPending(entry: PendingMarks): Promise<SendResult> {
  const running = inFlight.get(entry.idempotencyKey);
  if (running) return running;
  const attempt = (async (): Promise<SendResult> => {
    try {
      const answer = await submitAttendance(entry.body, entry.idempotencyKey);
      if (pendingSnapshot().some((p) => p.idempotencyKey === entry.idempotencyKey)) dropPending(entry);
      return { ok: true, answer };
    } catch (error) {
      const retryable = isRetryable(error);
      if (!retryable) keepRefused(entry, error);
      return { ok: false, retryable, error };
    } finally {
      inFlight.delete(entry.idempotencyKey);
    }
  })();
  inFlight.set(entry.idempotencyKey, attempt);
  return attempt;
}

/**
 * Sends everything of user `userId` still waiting (not refused), oldest first; returns what this call sent. A
 * submission already on its way (the page opening while the connection returns) is waited for but not returned:
 * the call that sent it says so, and the teacher hears of it once.
 */
export async function flushPending(userId: string): Promise<SubmitAttendanceResponse[]> {
  const sent: SubmitAttendanceResponse[] = [];
  for (const entry of readAll().filter((p) => p.userId === userId && !p.refused)) {
    const joined = inFlight.has(entry.idempotencyKey);
    const result = await sendPending(entry);
    if (result.ok && !joined) sent.push(result.answer);
    else if (!result.ok && result.retryable) break;
  }
  return sent;
}

/**
 * What waits of whoever is signed in now, asked of the server: the tab may have changed hands since the mark
 * page was open (signed out, another user in), and nothing is sent under another user's session.
 */
async function flushSignedIn(): Promise<SubmitAttendanceResponse[]> {
  if (!readAll().some((p) => !p.refused)) return [];
  const me = await getMe().catch(() => null);
  return me ? flushPending(me.user.id) : [];
}

let watching = false;
let afterSent: (sent: SubmitAttendanceResponse[]) => void = () => {};
/**
 * Once per tab: when the connection returns, what is waiting of the signed-in user is sent, even after
 * leaving the mark page (this chunk stays loaded). `onSent` lets the caller refresh what it shows.
 */
export function watchConnection(onSent: (sent: SubmitAttendanceResponse[]) => void): void {
  afterSent = onSent;
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => {
    void flushSignedIn().then((sent) => {
      if (sent.length > 0) afterSent(sent);
    });
  });
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith(PREFIX)) changed();
  });
}

/** For tests: forget the module's state. */
export function resetPendingForTests(): void {
  watching = false;
  inFlight.clear();
  changed();
}
