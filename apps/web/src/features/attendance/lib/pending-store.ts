import type { SubmitAttendanceRequest } from '@lyceum/shared/attendance';

/**
 * Marks not sent yet (docs/product.md, "Attendance on a bad connection"). A submission is written to
 * localStorage before it is sent, with an Idempotency-Key made once for it; it stays there until the server
 * answers. A failed network keeps it ("Not sent yet"); it is sent again when the browser comes back online
 * and on the next visit of the mark page, always with the same key, so the server stores it exactly once.
 * Each submission belongs to the user who made it and is only ever sent by them: on a shared device, whoever
 * signs in next neither sends another's marks under their own name nor sees them.
 */
export interface PendingMarks {
  /** Who made them (their profile id): only their session sends them. */
  userId: string;
  /** class:date:period — one pending submission per user and sheet; a newer one replaces it. */
  slot: string;
  idempotencyKey: string;
  body: SubmitAttendanceRequest & { date: string };
  /** The class's label as the mark page showed it: named where the sheet itself cannot be read (offline). */
  classLabel?: string;
  savedAt: string;
  /**
   * The server refused these marks (any answer but a retryable failure): its message and the fields' messages.
   * A refused submission is kept so that its marks are not lost, shown on its sheet's mark page to correct,
   * and never sent again by itself; submitting the sheet again replaces it, discarding it drops it.
   */
  refused?: string[];
}

export const PREFIX = 'lyceum.attendance.pending.';

export const slotOf = (classId: string, date: string, periodId = '') => `${classId}:${date}:${periodId}`;
export const storageKey = (entry: Pick<PendingMarks, 'userId' | 'slot'>) => `${PREFIX}${entry.userId}:${entry.slot}`;

export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Every user's kept submissions on this device, oldest first (one kept without its maker is dropped). */
export function readAll(): PendingMarks[] {
  const store = storage();
  if (!store) return [];
  const out: PendingMarks[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      const entry = JSON.parse(store.getItem(key) ?? '') as PendingMarks;
      // Kept by an earlier version, without its maker: nobody can send it as theirs.
      if (typeof entry.userId === 'string' && entry.userId !== '') out.push(entry);
      else store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
  return out.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}
