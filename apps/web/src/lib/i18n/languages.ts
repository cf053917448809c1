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

/** The language last shown on this device, so the next visit's first paint (before the session) is in it. */
const STORAGE_KEY = 'lyceum.language';
/**
 * The language picked on this device with the sign-in pages' picker: this browser's own choice, as an
 * Accept-Language is the server's (docs/product.md, "In the web app"). Apart from the one last shown, which
 * follows the school's language and must not outlive a change of it.
 */
const PICKED_KEY = 'lyceum.language.picked';

function read(key: string): UiLanguage | null {
  try {
    const value = window.localStorage.getItem(key);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, language: UiLanguage | null): void {
  try {
    if (language === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The language last shown on this device, if any. */
export const storedLanguage = (): UiLanguage | null => read(STORAGE_KEY);
export const storeLanguage = (language: UiLanguage): void => write(STORAGE_KEY, language);

/** The language picked on this device with the picker, if any. */
export const pickedLanguage = (): UiLanguage | null => read(PICKED_KEY);
/** Remembers the picker's choice on this device; null forgets it (the person chose in their account instead). */
export const rememberPickedLanguage = (language: UiLanguage | null): void => write(PICKED_KEY, language);

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
 * Which language to show (docs/product.md, "In the web app"): the person's own choice, else the one picked on
 * this device (so a language picked on the sign-in page stays after signing in), else their school's, else the
 * one last shown on this device or the browser's preferred one, else English.
 */
export function pickLanguage(sources: {
  user?: string | null | undefined;
  school?: string | null | undefined;
}): UiLanguage {
  if (isUiLanguage(sources.user)) return sources.user;
  const picked = pickedLanguage();
  if (picked) return picked;
  if (isUiLanguage(sources.school)) return sources.school;
  return storedLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

export { LANGUAGES, type Language };
