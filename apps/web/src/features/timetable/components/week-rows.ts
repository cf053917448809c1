import { type Period, type TimetableSlot, WEEKDAYS, type Weekday } from '@lyceum/shared/timetable';

/** One line of the grid: a period of the bell schedule, or a lesson time no period matches. */
export interface WeekRow {
  key: string;
  startTime: string;
  endTime: string;
  period: Period | null;
  /** The lessons of this line, by day. */
  byDay: Record<Weekday, TimetableSlot[]>;
}

const emptyDays = (): Record<Weekday, TimetableSlot[]> =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, [] as TimetableSlot[]])) as Record<Weekday, TimetableSlot[]>;

/**
 * The grid's lines: every period, plus a line for each lesson time no period has (a school may not have
 * entered its bell schedule, or a lesson may run off it), by start time.
 */
export function weekRows(periods: readonly Period[], slots: readonly TimetableSlot[]): WeekRow[] {
  const rows = new Map<string, WeekRow>();
  const line = (startTime: string, endTime: string, period: Period | null) => {
    const key = `${startTime}-${endTime}`;
    let row = rows.get(key);
    if (!row) {
      row = { key, startTime, endTime, period, byDay: emptyDays() };
      rows.set(key, row);
    }
    return row;
  };
  for (const p of periods) line(p.startTime, p.endTime, p);
  for (const s of slots) line(s.startTime, s.endTime, null).byDay[s.day].push(s);
  return [...rows.values()].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime),
  );
}

/** A break with no lesson in it prints as one band across the week. */
export const isBreakRow = (row: WeekRow) =>
  row.period?.isBreak === true && WEEKDAYS.every((d) => row.byDay[d].length === 0);

/** The weekday of a moment on the school's clocks (a phone abroad still opens on the school's today). */
export function weekdayOf(date: Date, timeZone: string): Weekday {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(date).toLowerCase();
  return (WEEKDAYS as readonly string[]).includes(name) ? (name as Weekday) : 'monday';
}
