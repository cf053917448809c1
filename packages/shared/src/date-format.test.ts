import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './date-format.ts';

describe("a calendar date in the school's date format", () => {
  it('writes the digit orders a school can choose, whatever the language', () => {
    expect(formatCalendarDay('2026-11-24', 'DD/MM/YYYY', 'en')).toBe('24/11/2026');
    expect(formatCalendarDay('2026-11-24', 'MM/DD/YYYY', 'es')).toBe('11/24/2026');
    expect(formatCalendarDay('2026-11-24', 'YYYY-MM-DD', 'es')).toBe('2026-11-24');
  });

  it('right to left isolates the digits left to right, so an Arabic sentence cannot draw 2026-11-24 as 24-11-2026', () => {
    // U+2066 (left-to-right isolate) … U+2069 (pop): the day's digits and separators are laid out as written.
    expect(formatCalendarDay('2026-11-24', 'YYYY-MM-DD', 'ar')).toBe('\u20662026-11-24\u2069');
    expect(formatCalendarDay('2026-11-24', 'DD/MM/YYYY', 'ar')).toBe('\u206624/11/2026\u2069');
    expect(formatCalendarDay('2026-11-24', 'MM/DD/YYYY', 'ar')).toBe('\u206611/24/2026\u2069');
    // The language's own style names the month in Arabic words: nothing to isolate.
    expect(formatCalendarDay('2026-11-24', 'medium', 'ar')).not.toMatch(/[\u2066-\u2069]/);
    expect(formatCalendarDay('2026-11-24', 'YYYY-MM-DD', 'en')).toBe('2026-11-24');
  });

  it('writes "medium" in the language\'s own style, on the same calendar day', () => {
    expect(formatCalendarDay('2026-11-24', 'medium', 'en')).toBe('Nov 24, 2026');
    expect(formatCalendarDay('2026-01-01', 'medium', 'es')).toMatch(/^1 ene\.? 2026$/);
  });

  it('gives back anything that is not a calendar date as it is', () => {
    expect(formatCalendarDay('24/11/2026', 'DD/MM/YYYY', 'en')).toBe('24/11/2026');
    expect(formatCalendarDay('2026-13-45', 'medium', 'en')).toBe('2026-13-45');
  });
});
