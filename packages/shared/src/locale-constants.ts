/**
 * The locale constants, without zod (the web app's first page loads them; the schemas are in locale.ts).
 * What a school (and each user) can choose for language, clock and money (docs/product.md, "Language, time zone
 * and currency"). Adding a language: add its code here, its catalogues in the web app and the shared messages,
 * and say whether it is written right to left.
 */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
/** Each language's name in itself, for the language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * How dates are written: `medium` is the language's own style ("Nov 22, 2027", "22 nov 2027"); the others are
 * fixed digit orders some schools require on paper.
 */
export const DATE_FORMATS = ['medium', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const WEEK_STARTS = ['monday', 'sunday', 'saturday'] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

const supported = (kind: 'timeZone' | 'currency'): Set<string> => {
  try {
    return new Set(Intl.supportedValuesOf(kind));
  } catch {
    return new Set();
  }
};
let timeZones: Set<string> | undefined;
let currencies: Set<string> | undefined;

/** An IANA zone this runtime knows (`Intl` canonical names plus aliases such as `UTC`). */
export function isTimeZone(value: string): boolean {
  timeZones ??= supported('timeZone');
  if (timeZones.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An ISO 4217 code this runtime can format. */
export function isCurrency(value: string): boolean {
  currencies ??= supported('currency');
  return /^[A-Z]{3}$/.test(value) && (currencies.size === 0 || currencies.has(value));
}

export interface SchoolLocale {
  language: Language;
  timeZone: string;
  currency: string;
  dateFormat: DateFormat;
  weekStart: WeekStart;
}

/** A new school's settings until its admin changes them; also the company's own pages. */
export const DEFAULT_SCHOOL_LOCALE: SchoolLocale = {
  language: 'en',
  timeZone: 'UTC',
  currency: 'USD',
  dateFormat: 'medium',
  weekStart: 'monday',
};
