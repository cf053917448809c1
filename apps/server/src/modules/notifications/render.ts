import { renderIn } from '@lyceum/shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lyceum/shared/locale';
import type { MessageRef, NotificationMessage } from '@lyceum/shared/notifications';
import type { Actor } from '../../lib/actor.ts';

/** The reader's language: their own choice, else their school's, else English. */
export function readerLanguage(actor: Actor): Language {
  if (isLanguage(actor.language)) return actor.language;
  return actor.school?.locale.language ?? DEFAULT_LANGUAGE;
}

/**
 * A message id (the English template) in `language`, its parameters put back: a parameter that is a message
 * reference is translated, a string (a name, a title, a quote) is someone's text and stays as written.
 */
export function renderMessage(ref: MessageRef, language: Language): string {
  return renderIn(ref, language);
}

/** A notification's title and body as `language` reads them: our own words translated, anything else as written. */
export function renderText(
  row: { title: string; body: string; message: NotificationMessage | null },
  language: Language,
): { title: string; body: string } {
  const { title, body } = row.message ?? {};
  return {
    title: title ? renderMessage(title, language) : row.title,
    body: body ? renderMessage(body, language) : row.body,
  };
}
