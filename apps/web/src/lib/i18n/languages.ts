import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, RTL_LANGUAGES } from '@lyceum/shared/locale-constants';

/**
 * The languages the UI can be shown in: the shipped ones, plus in development a pseudo-locale (English,
 * accented and 30 % longer) that shows clipped layouts and strings that bypass the catalogue.
 */
export const PSEUDO = 'pseudo';
export type UiLanguage = Language | typeof PSEUDO;

export const pseudoEnabled = (): boolean => import.meta.env.DEV || import.meta.env.MODE === 'test';

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  isLanguage(value) || (value === PSEUDO && pseudoEnabled());

export const directionOf = (language: UiLanguage): 'rtl' | 'ltr' =>
  (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';

/** The language tag `Intl` formats with; the pseudo-locale formats as English. */
export const intlLocaleOf = (language: UiLanguage): string => (language === PSEUDO ? 'en' : language);

const STORAGE_KEY = 'lyceum.language';

/** The language chosen on this device before signing in (the sign-in page's picker), if any. */
export function storedLanguage(): UiLanguage | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: UiLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The browser's preferred languages matched to ours by their primary subtag (es-MX → es). */
export function browserLanguage(): Language | null {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * Which language to show: the person's own choice, else their school's, else what this device chose or the
 * browser prefers, else English.
 */
export function pickLanguage(sources: {
  user?: string | null | undefined;
  school?: string | null | undefined;
}): UiLanguage {
  if (isUiLanguage(sources.user)) return sources.user;
  if (isUiLanguage(sources.school)) return sources.school;
  return storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

export { LANGUAGES, type Language };
