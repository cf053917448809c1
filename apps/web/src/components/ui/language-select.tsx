import { LANGUAGE_NAMES, LANGUAGES } from '@lyceum/shared/locale-constants';
import { setFormatSettings, getFormatSettings } from '../../lib/i18n/format';
import { changeLanguage, useT } from '../../lib/i18n/i18n';
import {
  PSEUDO,
  pseudoEnabled,
  rememberPickedLanguage,
  storeLanguage,
  type UiLanguage,
} from '../../lib/i18n/languages';

/**
 * The language picker of the public pages: switches at once and remembers the choice on this device, where it
 * stays after signing in unless the account has a language of its own. Signed-in people choose theirs in
 * Settings, where it is saved to their account.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, language } = useT();
  const choose = (language: UiLanguage) => {
    storeLanguage(language);
    rememberPickedLanguage(language);
    setFormatSettings({ ...getFormatSettings(), language });
    void changeLanguage(language);
  };
  return (
    <label className={className}>
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={language}
        onChange={(event) => choose(event.target.value as UiLanguage)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
        {pseudoEnabled() && <option value={PSEUDO}>{t('language.pseudo')}</option>}
      </select>
    </label>
  );
}
