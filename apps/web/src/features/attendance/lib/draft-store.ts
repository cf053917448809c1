import type { AttendanceStatus } from '@lyceum/shared/attendance';
import { storage } from './pending-store';

/**
 * Marks set on a sheet but not submitted yet (docs/product.md, "Attendance on a bad connection"): a phone's
 * browser that discards the tab, a pull-to-refresh or a crash would lose them. Kept in localStorage per user and
 * sheet, as the marks not sent yet are: only what differs from the sheet as it opened (student ids, statuses,
 * notes; never a name), read by the page of the user who made them only, forgotten when they sign out, submit
 * or discard them, and dropped once they were last changed on an earlier day than today.
 */
export interface DraftMark {
  status: AttendanceStatus;
  note: string;
}
export type DraftMarks = Record<string, DraftMark>;

interface Draft {
  userId: string;
  slot: string;
  savedAt: string;
  marks: DraftMarks;
}

export const DRAFT_PREFIX = 'lyceum.attendance.draft.';
const keyOf = (userId: string, slot: string) => `${DRAFT_PREFIX}${userId}:${slot}`;

/** The device's calendar day of `at` (a draft lives until the end of the day it was last changed). */
const dayOf = (at: Date) => `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;

const sameMark = (a: DraftMark | undefined, b: DraftMark | undefined) => a?.status === b?.status && a?.note === b?.note;

/** The marks of `marks` that differ from `base`. */
function changesOf(marks: DraftMarks, base: DraftMarks): DraftMarks {
  const out: DraftMarks = {};
  for (const [id, mark] of Object.entries(marks)) {
    if (!sameMark(mark, base[id])) out[id] = { status: mark.status, note: mark.note };
  }
  return out;
}

/** Keeps the marks of `marks` that differ from `base` (the sheet as it opened); none differ: no draft. */
export function saveDraft(userId: string, slot: string, marks: DraftMarks, base: DraftMarks, now = new Date()): void {
  const store = storage();
  if (!store || !userId) return;
  const changes = changesOf(marks, base);
  try {
    if (Object.keys(changes).length === 0) store.removeItem(keyOf(userId, slot));
    else {
      const draft: Draft = { userId, slot, savedAt: now.toISOString(), marks: changes };
      store.setItem(keyOf(userId, slot), JSON.stringify(draft));
    }
  } catch {
    // A full or refused storage keeps no draft: the marks stay on the screen as before.
  }
}

function read(key: string, now: Date): Draft | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (!store || raw == null) return null;
  try {
    const draft = JSON.parse(raw) as Draft;
    const saved = new Date(draft.savedAt);
    if (typeof draft.marks === 'object' && draft.marks && dayOf(saved) === dayOf(now) && saved <= now) return draft;
  } catch {
    // Unreadable: dropped below.
  }
  store.removeItem(key);
  return null;
}

/**
 * The sheet's marks with the user's draft over them, for the students on `roster` only (one who left the class
 * since is ignored); null when there is no draft or it changes nothing (then it is dropped).
 */
export function restoreDraft(
  userId: string,
  slot: string,
  base: DraftMarks,
  roster: readonly string[],
  now = new Date(),
): DraftMarks | null {
  if (!userId) return null;
  const draft = read(keyOf(userId, slot), now);
  if (!draft) return null;
  const marks = { ...base };
  for (const id of roster) {
    const mark = draft.marks[id];
    if (mark && (mark.status === 'present' || mark.status === 'absent' || mark.status === 'late')) {
      marks[id] = { ...marks[id], status: mark.status, note: typeof mark.note === 'string' ? mark.note : '' };
    }
  }
  if (Object.keys(changesOf(marks, base)).length > 0) return marks;
  dropDraft(userId, slot);
  return null;
}

export function dropDraft(userId: string, slot: string): void {
  storage()?.removeItem(keyOf(userId, slot));
}

function draftKeys(): string[] {
  const store = storage();
  const keys: string[] = [];
  for (let i = 0; store && i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Drops every draft on the device that is out of date (a sheet left unsubmitted days ago). */
export function pruneDrafts(now = new Date()): void {
  for (const key of draftKeys()) read(key, now);
}

/** Forgets the user's drafts (at sign-out: the device may be someone else's next). */
export function forgetDrafts(userId: string): void {
  for (const key of draftKeys()) if (key.startsWith(keyOf(userId, ''))) storage()?.removeItem(key);
}

/**
 * Writes drafts at most every `wait` ms while marks change, and at once when asked (the page hidden or left,
 * another sheet opened), so the last change is kept even when the browser discards the tab right after it.
 */
export function draftWriter(wait = 300) {
  let pending: { userId: string; slot: string; marks: DraftMarks; base: DraftMarks } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending) saveDraft(pending.userId, pending.slot, pending.marks, pending.base);
    pending = null;
  };
  return {
    schedule(next: NonNullable<typeof pending>) {
      if (pending && (pending.slot !== next.slot || pending.userId !== next.userId)) flush();
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(flush, wait);
    },
    flush,
    /** Forgets the change not written yet (the marks were submitted or discarded). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
