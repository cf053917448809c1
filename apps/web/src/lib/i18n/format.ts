import { formatCalendarDay, MEDIUM_DATE, writeDigits } from '@lyceum/shared/date-format';
import { DEFAULT_SCHOOL_LOCALE, type SchoolLocale } from '@lyceum/shared/locale-constants';
import { useSyncExternalStore } from 'react';
import { directionOf, intlLocaleOf, type UiLanguage } from './languages';

/**
 * Dates, times, numbers and money, written with `Intl` from the UI language and the school's settings (time
 * zone, currency, date format). One store, set when the session or the language changes; plain functions
 * for code outside React, `useFormat()` for components so they re-render when the settings change.
 */
export interface FormatSettings {
  language: UiLanguage;
  locale: SchoolLocale;
}

let settings: FormatSettings = { language: 'en', locale: DEFAULT_SCHOOL_LOCALE };
const listeners = new Set<() => void>();
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.Collator>();

export function setFormatSettings(next: FormatSettings): void {
  if (next.language === settings.language && JSON.stringify(next.locale) === JSON.stringify(settings.locale)) return;
  settings = next;
  cache.clear();
  for (const listener of listeners) listener();
}

export const getFormatSettings = (): FormatSettings => settings;

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.Collator>(
  key: string,
  make: () => T,
): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const tag = () => intlLocaleOf(settings.language);
const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** The date's day, month and year in the school's zone, as numbers. */
function dateParts(date: Date): { year: string; month: string; day: string } {
  const parts = cached(
    `parts:${settings.locale.timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: settings.locale.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  ).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A calendar date's shape: a day on the school's calendar, no time and so no time zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date (`YYYY-MM-DD`: an attendance day, a term's first day…) in the school's date format, written
 * from its own digits and never moved by a time zone: made an instant and read in the school's zone, it would
 * be the next day at UTC+12 and beyond, the day before at UTC−11 (docs/product.md, "In the web app"). The same
 * function as the dates the server writes into notifications (shared date-format.ts).
 */
export function formatDay(day: string): string {
  return formatCalendarDay(day, settings.locale.dateFormat, tag());
}

/**
 * The calendar day of an instant (a timestamp) in the school's date format ("Nov 22, 2027", "22/11/2027"…), in
 * the school's time zone. A calendar date given here is written as itself (`formatDay`).
 */
export function formatDate(value: string | number | Date): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return formatDay(value);
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { dateFormat, timeZone } = settings.locale;
  if (dateFormat === 'medium') {
    return cached(
      `date:${tag()}:${timeZone}`,
      () => new Intl.DateTimeFormat(tag(), { ...MEDIUM_DATE, timeZone }),
    ).format(date);
  }
  // The same digit orders the server writes into notifications (shared date-format.ts).
  return writeDigits(dateParts(date), dateFormat, tag());
}

/** A time of day in the school's zone ("2:05 PM", "14:05"), the language deciding 12 or 24 hours. */
export function formatTime(value: string | number | Date): string {
  const { timeZone } = settings.locale;
  return cached(
    `time:${tag()}:${timeZone}`,
    () => new Intl.DateTimeFormat(tag(), { timeZone, hour: 'numeric', minute: '2-digit' }),
  ).format(toDate(value));
}

export const formatDateTime = (value: string | number | Date): string => `${formatDate(value)} ${formatTime(value)}`;

/** First-strong isolate … pop directional isolate (Unicode bidi controls). */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Right to left, an amount's currency is isolated: Arabic writes "220.00 US$", and in a right-to-left line the
 * bidi algorithm would otherwise split "US" (Latin) from "$" (neutral) and show "$US 220.00". Isolated, the
 * code and symbol stay together (docs/product.md, "In the web app"). A plain string, so it also works where
 * no element can wrap it (a select's options, a title, a chart's labels).
 */
function amountText(format: Intl.NumberFormat, value: number): string {
  if (directionOf(settings.language) !== 'rtl') return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? `${FSI}${part.value}${PDI}` : part.value))
    .join('');
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return amountText(
    cached(`number:${tag()}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag(), options)),
    value,
  );
}

/** Right-to-left isolate (Unicode bidi control), closed by PDI. */
const RLI = '\u2067';

/**
 * Text set in a box laid out left to right whatever the language (a chart's SVG), read in the UI's direction:
 * right to left it is isolated as right-to-left text, so an amount reads there as on the rest of the page
 * (`US$ 200`, as the cards' `US$ 200.00`, not `200 US$`). Left to right nothing is added.
 */
export function inUiDirection(text: string): string {
  return directionOf(settings.language) === 'rtl' ? `${RLI}${text}${PDI}` : text;
}

/** An amount in minor units (cents) in its currency, else the school's. */
export function formatMoney(minor: number, currency: string = settings.locale.currency): string {
  const format = cached(
    `money:${tag()}:${currency}`,
    () => new Intl.NumberFormat(tag(), { style: 'currency', currency }),
  );
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return amountText(format, minor / 10 ** digits);
}

/** "2 hours ago", "in 3 days": for times further than a minute away (the catalogue says "Just now"). */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const format = cached(`relative:${tag()}`, () => new Intl.RelativeTimeFormat(tag(), { numeric: 'auto' }));
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The formatters, re-rendering the caller when the language or the school's settings change. */
/**
 * Two names in the order of the server's lists (docs/product.md, "Sorting by name"): the same folded key, so a
 * list the web app sorts itself never disagrees with one the server sorted.
 */
export { compareNames } from '@lyceum/shared/name-order';

export function useFormat() {
  const current = useSyncExternalStore(subscribe, getFormatSettings, getFormatSettings);
  return {
    settings: current,
    date: formatDate,
    day: formatDay,
    time: formatTime,
    dateTime: formatDateTime,
    number: formatNumber,
    money: formatMoney,
    relative: formatRelative,
  };
}
