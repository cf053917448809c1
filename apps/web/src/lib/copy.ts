import toast from 'react-hot-toast';
import { currentLanguage, translate } from './i18n/i18n';
import { intlLocaleOf } from './i18n/languages';

/**
 * Copies a secret shown once (password, key) and says whether it worked; on failure the user copies by hand.
 * `what` names the secret in the UI language ("API key").
 */
export async function copyWithToast(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(translate('common', 'copy.copied', { what }));
  } catch {
    const inSentence = what.toLocaleLowerCase(intlLocaleOf(currentLanguage()));
    toast.error(translate('common', 'copy.failed', { what: inSentence }));
  }
}
