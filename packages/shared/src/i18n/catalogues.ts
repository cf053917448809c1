import { type Language, RTL_LANGUAGES } from '../locale-constants.ts';
import ar from './ar.ts';
import es from './es.ts';
import { type Catalogue, type MessageRef, type RenderOptions, renderRef, translateMessage } from './translate.ts';

/** Every shipped language's catalogue, for the server (English is the messages themselves). */
export const CATALOGUES: Record<Language, Catalogue | undefined> = { en: undefined, es, ar };

/** `text` in `language`; English when the language has no translation of it. */
export const translateTo = (text: string, language: Language): string => translateMessage(text, CATALOGUES[language]);

/**
 * A message reference in `language`: our own words translated, someone's text as written (translate.ts, renderRef).
 * Every notification is rendered here, so this is the one place someone's text is isolated in a right-to-left
 * sentence (names, class labels, titles: a Latin label with brackets otherwise scrambles the Arabic brackets
 * around it). Left to right it is left bare, the text stored and compared since before.
 */
export const renderIn = (ref: MessageRef, language: Language, options?: RenderOptions): string =>
  renderRef(ref, CATALOGUES[language], { isolate: RTL_LANGUAGES.includes(language), ...options });
