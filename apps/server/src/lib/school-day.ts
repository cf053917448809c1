import { currentAcademicYear } from '@lyceum/shared/academics';
import type { WeekStart } from '@lyceum/shared/locale';
import { instantAt, offsetAt, wallClockAsUtc } from '@lyceum/shared/zoned-time';

/**
 * The school's day: calendar dates (`YYYY-MM-DD`) as they are on the wall clocks of a time zone, and the
 * instants they begin and end. Every "today", "this week", due date and days-left a school user sees goes
 * through here with the school's zone (docs/product.md, "Language, time zone and currency"). Intl only.
 */
export type LocalDate = string;

const DAY_MS = 86_400_000;

const utcDays = (date: LocalDate): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromUtcDays = (days: number): LocalDate => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** The calendar date of `instant` in the zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}

/** Today's date in the zone. */
export function todayIn(timeZone: string, now: Date = new Date()): LocalDate {
  return localDateOf(now, timeZone);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtcDays(utcDays(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return utcDays(to) - utcDays(from);
}

/**
 * The first instant of the date in the zone: local midnight, or the end of a daylight-saving gap where a
 * zone skips midnight (the day then starts at 01:00).
 */
export function startOfDay(date: LocalDate, timeZone: string): Date {
  return instantAt(`${date}T00:00`, timeZone) ?? new Date(Number.NaN);
}

/** The day as instants: `from` inclusive, `to` exclusive (the next day's start). */
export function dayRange(date: LocalDate, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDay(date, timeZone), to: startOfDay(addDays(date, 1), timeZone) };
}

/**
 * An instant as the zone's wall clock reads it, to the second, with the zone's offset:
 * `2026-11-26T09:43:42+14:00` (UTC: `+00:00`). What a CSV writes for a time (docs/product.md, "CSV import
 * and export"): the school's date and time for a person, one instant for a machine.
 */
export function zonedTime(instant: Date, timeZone: string): string {
  // Whole minutes, so the wall clock and the offset written always add up (only old local mean times had seconds).
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / 60_000);
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const wall = new Date(seconds + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${wall}${offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
}

const WEEKDAY: Record<WeekStart, number> = { sunday: 0, monday: 1, saturday: 6 };

/** The week holding `date`, starting on the school's first day of the week: first and last date, and its instants. */
export function weekOf(
  date: LocalDate,
  weekStart: WeekStart,
  timeZone: string,
): { first: LocalDate; last: LocalDate; from: Date; to: Date } {
  const weekday = new Date(utcDays(date) * DAY_MS).getUTCDay();
  const first = addDays(date, -((weekday - WEEKDAY[weekStart] + 7) % 7));
  const last = addDays(first, 6);
  return { first, last, from: startOfDay(first, timeZone), to: startOfDay(addDays(last, 1), timeZone) };
}

/** The last date an expiry at `end` still covers: its own date, or the day before when it falls at the day's start. */
export function lastDayBefore(end: Date, timeZone: string): LocalDate {
  return localDateOf(new Date(end.getTime() - 1), timeZone);
}

/**
 * Days left until an expiry, counted on the school's calendar: 0 when today is the last day it covers, 1 when
 * that is tomorrow, negative once the last day has gone by.
 */
export function daysLeftIn(timeZone: string, end: Date, now: Date = new Date()): number {
  return daysBetween(todayIn(timeZone, now), lastDayBefore(end, timeZone));
}

/** The zone a caller's days are counted in: their school's; company staff keep the platform's day, UTC. */
export function timeZoneOf(actor: { school: { locale: { timeZone: string } } | null }): string {
  return actor.school?.locale.timeZone ?? 'UTC';
}

/** The default academic year ("this year to next", e.g. `2026-2027`) as the school's calendar has it. */
export function academicYearIn(timeZone: string, now: Date = new Date()): string {
  return currentAcademicYear(new Date(`${todayIn(timeZone, now)}T00:00:00Z`));
}
