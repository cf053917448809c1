/**
 * Wall clocks of a time zone and the instants they read, with Intl only: one implementation for the server's
 * school day (apps/server/src/lib/school-day.ts) and the web app's forms, so a date and time a school user
 * types is read on the school's clock, the one it is then shown in (docs/product.md, "In the web app").
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of `instant` in the zone, as if it were UTC (milliseconds dropped). */
export function wallClockAsUtc(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallClock(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far the zone's clocks are ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(instant: Date, timeZone: string): number {
  return wallClockAsUtc(instant, timeZone) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A wall-clock reading: `YYYY-MM-DDTHH:mm`, optionally `:ss` (a `datetime-local` input's value). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant the zone's clocks read `wall` (`2026-11-28T20:00`), or null when it is not such a reading.
 * A reading the clocks show twice (when they go back) is the first; one they skip (when they go forward) is
 * read with the offset before the change, so it lands as far past the gap as it was into it (02:30 in a
 * 02:00→03:00 gap is 03:30), as a clock left unchanged would.
 */
export function instantAt(wall: string, timeZone: string): Date | null {
  const m = WALL_CLOCK.exec(wall);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  // The offset may differ either side of a transition that day: try both and keep the earliest that reads `wall`.
  const offsets = [offsetAt(new Date(asUtc - DAY_MS), timeZone), offsetAt(new Date(asUtc + DAY_MS), timeZone)];
  const candidates = offsets
    .map((offset) => new Date(asUtc - offset))
    .filter((c) => wallClockAsUtc(c, timeZone) === asUtc)
    .sort((x, y) => x.getTime() - y.getTime());
  return candidates[0] ?? new Date(asUtc - Math.min(...offsets));
}
