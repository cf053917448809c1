import { isolateText } from '@lyceum/shared/i18n/translate';
import { directionOf, type UiLanguage } from './languages';

/**
 * Someone's texts (subjects' names…) written as one list with the language's separator. Right to left each is
 * isolated, as the right-to-left catalogues isolate their placeholders (@lyceum/shared/i18n/someones-text.ts), so
 * a Latin `Physics (lab)` keeps its brackets; left to right nothing is added, since the marks travel with copied
 * text (docs/product.md, "In the web app": the English and Spanish sentences add none).
 */
export function listOfSomeones(texts: readonly string[], separator: string, language: UiLanguage): string {
  const rtl = directionOf(language) === 'rtl';
  return texts.map((text) => (rtl ? isolateText(text) : text)).join(separator);
}
