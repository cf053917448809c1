import { type DateFormat, RTL_LANGUAGES } from './locale-constants.ts';

/**
 * Dates in the school's date format (docs/product.md, "The school's locale" and "In the web app"), one
 * implementation for the web app and the server: the web app writes its dates with it, the server the dates
 * inside the notifications it renders.
 */

/** Left-to-right isolate … pop directional isolate (Unicode bidi controls). */
const LRI = '\u2066';
const PDI = '\u2069';

const rightToLeft = (intlTag: string) =>
  (RTL_LANGUAGES as readonly string[]).includes(intlTag.split('-')[0]?.toLowerCase() ?? '');

/**
 * A day's digits in one of the fixed orders a school can choose (`medium` is the language's own style), for a
 * reader of `intlTag`. Right to left they are isolated left to right (docs/product.md, "In the web app"): after an
 * Arabic word the bidi algorithm takes the digits for Arabic numbers, which a `-` does not join, so `2026-11-25`
 * would be drawn `25-11-2026`. A `/` joins them, but every digit order is isolated alike, so none depends on it.
 */
export function writeDigits(
  parts: { year: string; month: string; day: string },
  dateFormat: Exclude<DateFormat, 'medium'>,
  intlTag: string,
): string {
  const { year, month, day } = parts;
  const written =
    dateFormat === 'DD/MM/YYYY'
      ? `${day}/${month}/${year}`
      : dateFormat === 'MM/DD/YYYY'
        ? `${month}/${day}/${year}`
        : `${year}-${month}-${day}`;
  return rightToLeft(intlTag) ? `${LRI}${written}${PDI}` : written;
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
  if (dateFormat !== 'medium') return writeDigits({ year, month, day: date }, dateFormat, intlTag);
  // Noon UTC written in UTC: the same calendar day whatever the zone of the machine.
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return day;
  return new Intl.DateTimeFormat(intlTag, { ...MEDIUM_DATE, timeZone: 'UTC' }).format(noon);
}
