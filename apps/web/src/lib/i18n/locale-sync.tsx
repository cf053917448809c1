import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { useEffect } from 'react';
import { useAuthContext } from '../auth';
import { setFormatSettings } from './format';
import { changeLanguage } from './i18n';
import { pickLanguage, storeLanguage } from './languages';

/**
 * Keeps the UI language and the formatters in step with the session: the person's language, else the one
 * picked on this device, else their school's (pickLanguage); the school's time zone, currency and date format. Remembers the language on this device so the
 * next visit's first paint (before the session is known) is already in it.
 */
export function LocaleSync() {
  const auth = useAuthContext();
  const userLanguage = auth?.user?.language;
  const school = auth?.school?.locale;
  const signedIn = Boolean(auth?.user);

  useEffect(() => {
    const language = pickLanguage({ user: userLanguage, school: school?.language });
    if (signedIn) storeLanguage(language);
    setFormatSettings({ language, locale: school ?? DEFAULT_SCHOOL_LOCALE });
    void changeLanguage(language);
  }, [userLanguage, school, signedIn]);

  return null;
}
