import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_PREFIX,
  draftWriter,
  dropDraft,
  forgetDrafts,
  pruneDrafts,
  restoreDraft,
  saveDraft,
} from './draft-store';

const SLOT = 'class-1:2026-11-24:';
const base = {
  s0: { status: 'present', note: '' },
  s1: { status: 'present', note: '' },
  s2: { status: 'absent', note: 'Ill' },
} as const;
const roster = ['s0', 's1', 's2'];
const at = (time: string) => new Date(`2026-11-24T${time}`);
const stored = () => Object.keys(localStorage).filter((k) => k.startsWith(DRAFT_PREFIX));

describe('the draft store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps only what differs from the sheet as it opened: ids, statuses and notes', () => {
    const marks = { ...base, s1: { status: 'late', note: 'Bus', added: true } } as const;
    saveDraft('u1', SLOT, marks, base, at('09:00'));
    expect(stored()).toEqual([`${DRAFT_PREFIX}u1:${SLOT}`]);
    expect(JSON.parse(localStorage.getItem(`${DRAFT_PREFIX}u1:${SLOT}`) ?? '')).toEqual({
      userId: 'u1',
      slot: SLOT,
      savedAt: at('09:00').toISOString(),
      marks: { s1: { status: 'late', note: 'Bus' } },
    });
    expect(restoreDraft('u1', SLOT, base, roster, at('10:00'))).toEqual({
      ...base,
      s1: { status: 'late', note: 'Bus' },
    });
  });

  it('keeps no draft identical to the sheet, and drops one that became so', () => {
    saveDraft('u1', SLOT, { ...base, s0: { status: 'absent', note: '' } }, base, at('09:00'));
    expect(stored()).toHaveLength(1);
    saveDraft('u1', SLOT, base, base, at('09:01'));
    expect(stored()).toEqual([]);
  });

  it('is restored only for its own user and sheet', () => {
    saveDraft('u1', SLOT, { ...base, s0: { status: 'absent', note: '' } }, base, at('09:00'));
    expect(restoreDraft('u2', SLOT, base, roster, at('09:05'))).toBeNull();
    expect(restoreDraft('u1', 'class-1:2026-11-23:', base, roster, at('09:05'))).toBeNull();
    expect(restoreDraft('u1', SLOT, base, roster, at('09:05'))?.s0).toEqual({ status: 'absent', note: '' });
  });

  it('ignores students no longer on the roster, and drops a draft left with nothing to change', () => {
    saveDraft('u1', SLOT, { ...base, gone: { status: 'absent', note: 'Left' } }, base, at('09:00'));
    expect(restoreDraft('u1', SLOT, base, roster, at('09:05'))).toBeNull();
    expect(stored()).toEqual([]);
    saveDraft('u1', SLOT, { ...base, s0: { status: 'late', note: '' }, gone: { status: 'absent', note: '' } }, base);
    const restored = restoreDraft('u1', SLOT, base, roster);
    expect(restored).toEqual({ ...base, s0: { status: 'late', note: '' } });
  });

  it('is dropped once last changed on an earlier day, and when unreadable', () => {
    saveDraft('u1', SLOT, { ...base, s0: { status: 'absent', note: '' } }, base, at('09:00'));
    expect(restoreDraft('u1', SLOT, base, roster, at('23:59'))).not.toBeNull();
    expect(restoreDraft('u1', SLOT, base, roster, new Date('2026-11-25T07:00'))).toBeNull();
    expect(stored()).toEqual([]);
    localStorage.setItem(`${DRAFT_PREFIX}u1:${SLOT}`, '{not json');
    expect(restoreDraft('u1', SLOT, base, roster)).toBeNull();
    expect(stored()).toEqual([]);
  });

  it('prunes the out-of-date drafts of everyone, and a sign-out forgets only its user’s', () => {
    const changed = { ...base, s0: { status: 'absent', note: '' } } as const;
    saveDraft('u1', SLOT, changed, base, at('09:00'));
    saveDraft('u1', 'class-2:2026-11-20:', changed, base, new Date('2026-11-20T09:00'));
    saveDraft('u10', SLOT, changed, base, at('09:00'));
    saveDraft('u2', SLOT, changed, base, at('09:00'));
    pruneDrafts(at('12:00'));
    expect(stored().sort()).toEqual(
      [`${DRAFT_PREFIX}u1:${SLOT}`, `${DRAFT_PREFIX}u10:${SLOT}`, `${DRAFT_PREFIX}u2:${SLOT}`].sort(),
    );
    forgetDrafts('u1');
    expect(stored().sort()).toEqual([`${DRAFT_PREFIX}u10:${SLOT}`, `${DRAFT_PREFIX}u2:${SLOT}`]);
    dropDraft('u2', SLOT);
    expect(stored()).toEqual([`${DRAFT_PREFIX}u10:${SLOT}`]);
  });

  it('writes a moment after the last change, at once when flushed or another sheet is changed, never once cancelled', () => {
    vi.useFakeTimers();
    const writer = draftWriter(300);
    const absent = (id: string) => ({ ...base, [id]: { status: 'absent', note: '' } });
    writer.schedule({ userId: 'u1', slot: SLOT, marks: absent('s0'), base });
    vi.advanceTimersByTime(200);
    writer.schedule({ userId: 'u1', slot: SLOT, marks: absent('s1'), base });
    vi.advanceTimersByTime(200);
    expect(stored()).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(restoreDraft('u1', SLOT, base, roster)?.s1?.status).toBe('absent');

    writer.schedule({ userId: 'u1', slot: SLOT, marks: absent('s0'), base });
    writer.schedule({ userId: 'u1', slot: 'class-2:2026-11-24:', marks: absent('s1'), base });
    expect(restoreDraft('u1', SLOT, base, roster)?.s0?.status).toBe('absent');
    writer.flush();
    expect(restoreDraft('u1', 'class-2:2026-11-24:', base, roster)?.s1?.status).toBe('absent');

    writer.schedule({ userId: 'u1', slot: SLOT, marks: absent('s1'), base });
    writer.cancel();
    vi.advanceTimersByTime(1000);
    writer.flush();
    expect(restoreDraft('u1', SLOT, base, roster)?.s1?.status).toBe('present');
  });
});
