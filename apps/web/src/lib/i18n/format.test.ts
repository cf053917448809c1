import { act, renderHook } from '@testing-library/react';
import { DEFAULT_SCHOOL_LOCALE, type SchoolLocale } from '@lyceum/shared/locale-constants';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareNames,
  formatDate,
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
  setFormatSettings,
  useFormat,
} from './format';
import type { UiLanguage } from './languages';

const use = (language: UiLanguage, locale: Partial<SchoolLocale> = {}) =>
  setFormatSettings({ language, locale: { ...DEFAULT_SCHOOL_LOCALE, ...locale } });

afterEach(() => use('en'));

// 11:30 UTC on 1 March 2026: already 2 March in Auckland (UTC+13), still 1 March in Los Angeles (UTC−8).
const instant = '2026-03-01T11:30:00Z';

describe('dates in the school’s time zone and date format', () => {
  it('puts the same instant on each school’s own calendar day', () => {
    use('en', { timeZone: 'Pacific/Auckland', dateFormat: 'YYYY-MM-DD' });
    expect(formatDate(instant)).toBe('2026-03-02');
    use('en', { timeZone: 'America/Los_Angeles', dateFormat: 'YYYY-MM-DD' });
    expect(formatDate(instant)).toBe('2026-03-01');
  });

  it('writes the digit orders a school can choose, and the language’s own style for "medium"', () => {
    use('en', { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' });
    expect(formatDate('2027-11-22T12:00:00Z')).toBe('22/11/2027');
    use('en', { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' });
    expect(formatDate('2027-11-22T12:00:00Z')).toBe('11/22/2027');
    use('en', { timeZone: 'UTC', dateFormat: 'medium' });
    expect(formatDate('2027-11-22T12:00:00Z')).toBe('Nov 22, 2027');
    use('es', { timeZone: 'UTC', dateFormat: 'medium' });
    expect(formatDate('2027-11-22T12:00:00Z')).toMatch(/^22 nov\.? 2027$/);
    use('ar', { timeZone: 'UTC', dateFormat: 'medium' });
    expect(formatDate('2027-11-22T12:00:00Z')).toContain('نوفمبر');
  });

  it('gives times of day in the school’s zone, 12 or 24 hours as the language writes them', () => {
    use('en', { timeZone: 'America/Los_Angeles' });
    expect(formatTime(instant)).toBe('3:30 AM');
    use('es', { timeZone: 'Pacific/Auckland' });
    expect(formatTime(instant)).toBe('0:30');
    use('en', { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(formatDateTime(instant)).toBe('2026-03-01 11:30 AM');
  });

  it('right to left, isolates a date in digits left to right, in every digit order, times beside it unchanged', () => {
    // After an Arabic word the digits are Arabic numbers to the bidi algorithm, which a `-` does not join:
    // unisolated, 2027-11-22 would be drawn 22-11-2027.
    use('ar', { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(formatDate('2027-11-22T12:00:00Z')).toBe('\u20662027-11-22\u2069');
    expect(formatDay('2027-11-22')).toBe('\u20662027-11-22\u2069');
    expect(formatDateTime('2027-11-22T10:30:00Z')).toBe(`\u20662027-11-22\u2069 ${formatTime('2027-11-22T10:30:00Z')}`);
    // A time's `:` joins its digits: it is written as the language writes it.
    expect(formatTime('2027-11-22T10:30:00Z')).toBe(
      new Intl.DateTimeFormat('ar', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
        Date.UTC(2027, 10, 22, 10, 30),
      ),
    );
    use('ar', { timeZone: 'UTC', dateFormat: 'DD/MM/YYYY' });
    expect(formatDay('2027-11-22')).toBe('\u206622/11/2027\u2069');
    use('ar', { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' });
    expect(formatDate('2027-11-22T12:00:00Z')).toBe('\u206611/22/2027\u2069');
    use('ar', { timeZone: 'UTC', dateFormat: 'medium' });
    expect(formatDay('2027-11-22')).not.toMatch(/[\u2066-\u2069]/);
    // Left to right nothing is added.
    use('es', { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(formatDay('2027-11-22')).toBe('2027-11-22');
  });

  it('returns nothing for a date that does not parse instead of "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('calendar dates (an attendance day, a term) are the same day in every zone', () => {
  // Auckland is UTC+13 in November (summer), Pago Pago UTC−11: the two ends of the zones a school can choose.
  const zones = ['Pacific/Auckland', 'Pacific/Pago_Pago'];

  it('prints a date-only value as itself in every date format the school can choose', () => {
    for (const timeZone of zones) {
      use('en', { timeZone, dateFormat: 'YYYY-MM-DD' });
      expect(formatDay('2026-11-25')).toBe('2026-11-25');
      expect(formatDay('2026-09-01')).toBe('2026-09-01');
      use('en', { timeZone, dateFormat: 'DD/MM/YYYY' });
      expect(formatDay('2026-11-25')).toBe('25/11/2026');
      use('en', { timeZone, dateFormat: 'MM/DD/YYYY' });
      expect(formatDay('2027-08-31')).toBe('08/31/2027');
      use('en', { timeZone, dateFormat: 'medium' });
      expect(formatDay('2026-11-25')).toBe('Nov 25, 2026');
      expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
      use('es', { timeZone, dateFormat: 'medium' });
      expect(formatDay('2026-09-01')).toMatch(/^1 sept?\.? 2026$/);
      use('ar', { timeZone, dateFormat: 'medium' });
      expect(formatDay('2026-11-25')).toBe(
        new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
          Date.UTC(2026, 10, 25),
        ),
      );
    }
  });

  it('writes a date-only value given to formatDate as itself too, while an instant stays in the school’s zone', () => {
    use('en', { timeZone: 'Pacific/Auckland', dateFormat: 'YYYY-MM-DD' });
    expect(formatDate('2026-11-25')).toBe('2026-11-25');
    expect(formatDate('2026-11-25T12:00:00Z')).toBe('2026-11-26');
    expect(dayThroughTheHook()).toBe('2026-11-25');
    use('en', { timeZone: 'Pacific/Pago_Pago', dateFormat: 'medium' });
    expect(formatDate('2026-11-25')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-25T00:00:00Z')).toBe('Nov 24, 2026');
    expect(formatDateTime('2026-11-25T07:16:21Z')).toBe('Nov 24, 2026 8:16 PM');
  });

  it('gives back anything that is not a calendar date as it is', () => {
    expect(formatDay('2026-11')).toBe('2026-11');
    expect(formatDate('not a date')).toBe('');
  });
});

/** `useFormat().day`, the name components use. */
function dayThroughTheHook(): string {
  const { result, unmount } = renderHook(() => useFormat().day('2026-11-25'));
  unmount();
  return result.current;
}

describe('numbers and money', () => {
  it('writes an amount in minor units in its currency and the language’s style', () => {
    use('en');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    use('es');
    expect(formatMoney(123456, 'EUR')).toMatch(/^1\.?234,56\s€$/);
    // Yen have no minor unit: 1234 is ¥1,234, not ¥12.34.
    use('en');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
  });

  it('keeps the currency code and symbol together right to left ("US$ 220.00", not "$US 220.00")', () => {
    use('ar');
    const amount = formatMoney(22000, 'USD');
    // The currency is isolated (FSI … PDI), so the bidi algorithm cannot split "US" from "$".
    expect(amount).toContain('\u2068US$\u2069');
    expect(amount.replace(/[\u2068\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(220),
    );
    expect(formatNumber(300, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })).toContain(
      '\u2068US$\u2069',
    );
    // Left to right nothing is added.
    use('en');
    expect(formatMoney(22000, 'USD')).toBe('$220.00');
  });

  it('uses the school’s currency when an amount has none', () => {
    use('en', { currency: 'GBP' });
    expect(formatMoney(500)).toBe('£5.00');
  });

  it('writes numbers with the language’s digits and separators', () => {
    use('en');
    expect(formatNumber(1234567)).toBe('1,234,567');
    use('ar');
    expect(formatNumber(12)).toBe(new Intl.NumberFormat('ar').format(12));
  });
});

describe('relative times', () => {
  it('says how long ago in the UI language', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    use('en');
    expect(formatRelative('2026-03-01T09:00:00Z', now)).toBe('3 hours ago');
    use('es');
    expect(formatRelative('2026-02-28T12:00:00Z', now)).toBe('ayer');
  });
});

describe('useFormat', () => {
  it('re-renders its component when the school’s settings change', () => {
    use('en', { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    const { result } = renderHook(() => {
      const format = useFormat();
      return format.date(instant);
    });
    expect(result.current).toBe('2026-03-01');
    act(() => use('en', { timeZone: 'Pacific/Auckland', dateFormat: 'YYYY-MM-DD' }));
    expect(result.current).toBe('2026-03-02');
  });
});

describe('names in alphabetical order (docs/product.md, "Sorting by name")', () => {
  it('sets accents, strokes and case aside, then orders names alike as written, in every language', () => {
    const names = ['Zapata', 'Álvarez', 'émile', 'Łukasz', 'de la Cruz', 'Ana', 'Emile'];
    for (const language of ['en', 'es', 'ar'] as const) {
      use(language);
      expect([...names].sort(compareNames), language).toEqual([
        'Álvarez',
        'Ana',
        'de la Cruz',
        'Emile',
        'émile',
        'Łukasz',
        'Zapata',
      ]);
    }
  });

  it("orders ñ with n and an alef with hamza or madda with alef, as the server's lists do, whatever the language", () => {
    // Spanish collation puts ñ after n, and a plain code point order puts أ after every ا: the server does neither.
    for (const language of ['en', 'es', 'ar'] as const) {
      use(language);
      expect(['Natación', 'ñandú studies', 'Música'].sort(compareNames), language).toEqual([
        'Música',
        'ñandú studies',
        'Natación',
      ]);
      expect(['امل', 'آدم', 'أحمد', 'إبراهيم'].sort(compareNames), language).toEqual(['إبراهيم', 'أحمد', 'آدم', 'امل']);
    }
  });
});
