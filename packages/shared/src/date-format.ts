import type { DateFormat } from './locale-constants.ts';

/**
 * Dates in the school's date format (docs/product.md, "The school's locale" and "In the web app"), one
 * implementation for the web app and the server: the web app writes its dates with it, the server the dates
 * inside the notifications it renders.
 */

/** A day's digits in one of the fixed orders a school can choose (`medium` is the language's own style). */
export function writeDigits(
  parts: { year: string; month: string; day: string },
  dateFormat: Exclude<DateFormat, 'medium'>,
): string {
  const { year, month, day } = parts;
  if (dateFormat === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (dateFormat === 'MM/DD/YYYY') return `${month}/${day}/${year}`;
  return `${year}-${month}-${day}`;
}

/** The `Intl` options of the `medium` style ("Nov 22, 2027", "22 nov 2027"). */
export const MEDIUM_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/**
 * A calendar date (`YYYY-MM-DD`, no time and so no time zone) in `dateFormat`, `medium` in the language of
 * `intlTag`. Anything else is given back as it is.
 */
export function formatCalendarDay(day: string, dateFormat: DateFormat, intlTag: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year = '', month = '', date = ''] = match;
  if (dateFormat !== 'medium') return writeDigits({ year, month, day: date }, dateFormat);
  // Noon UTC written in UTC: the same calendar day whatever the zone of the machine.
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return day;
  return new Intl.DateTimeFormat(intlTag, { ...MEDIUM_DATE, timeZone: 'UTC' }).format(noon);
}
