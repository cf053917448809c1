import type { Language } from '../locale.ts';
import ar from './ar.ts';
import es from './es.ts';
import { type Catalogue, type MessageRef, type RenderOptions, renderRef, translateMessage } from './translate.ts';

/** Every shipped language's catalogue, for the server (English is the messages themselves). */
export const CATALOGUES: Record<Language, Catalogue | undefined> = { en: undefined, es, ar };

/** `text` in `language`; English when the language has no translation of it. */
export const translateTo = (text: string, language: Language): string => translateMessage(text, CATALOGUES[language]);

/** A message reference in `language`: our own words translated, someone's text as written (translate.ts, renderRef). */
export const renderIn = (ref: MessageRef, language: Language, options?: RenderOptions): string =>
  renderRef(ref, CATALOGUES[language], options);
