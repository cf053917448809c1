import { describe, expect, it } from 'vitest';
import { instantAt } from './zoned-time.ts';

const iso = (wall: string, zone: string) => instantAt(wall, zone)?.toISOString();

describe('instantAt', () => {
  it("reads a wall-clock date and time on the zone's clock", () => {
    expect(iso('2026-11-28T20:00', 'Pacific/Auckland')).toBe('2026-11-28T07:00:00.000Z');
    expect(iso('2026-11-28T20:00', 'America/New_York')).toBe('2026-11-29T01:00:00.000Z');
    expect(iso('2026-11-28T20:00:30', 'Asia/Kolkata')).toBe('2026-11-28T14:30:30.000Z');
    expect(iso('2026-11-28T20:00', 'UTC')).toBe('2026-11-28T20:00:00.000Z');
  });

  it('takes the first of a reading shown twice, and moves one the clocks skip past the gap', () => {
    // Los Angeles goes back from 02:00 PDT to 01:00 PST on 3 November 2030: 01:30 happens twice.
    expect(iso('2030-11-03T01:30', 'America/Los_Angeles')).toBe('2030-11-03T08:30:00.000Z');
    // …and forward from 02:00 PST to 03:00 PDT on 10 March 2030: 02:30 never happens, read as 03:30 PDT.
    expect(iso('2030-03-10T02:30', 'America/Los_Angeles')).toBe('2030-03-10T10:30:00.000Z');
  });

  it('is null for what is no date and time', () => {
    expect(instantAt('', 'UTC')).toBeNull();
    expect(instantAt('2026-11-28', 'UTC')).toBeNull();
    expect(instantAt('28/11/2026 20:00', 'UTC')).toBeNull();
  });
});
