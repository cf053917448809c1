import { formatCalendarDay } from '@lyceum/shared/date-format';
import { renderIn } from '@lyceum/shared/i18n/catalogues';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_SCHOOL_LOCALE,
  type DateFormat,
  isLanguage,
  type Language,
} from '@lyceum/shared/locale';
import type { MessageRef, NotificationMessage } from '@lyceum/shared/notifications';
import type { Actor } from '../../lib/actor.ts';

/** The reader's language: their own choice, else their school's, else English. */
export function readerLanguage(actor: Actor): Language {
  if (isLanguage(actor.language)) return actor.language;
  return actor.school?.locale.language ?? DEFAULT_LANGUAGE;
}

/** Who a notification is rendered for: their language, and how their school writes dates. */
export interface Reader {
  language: Language;
  dateFormat: DateFormat;
}

/** docs/product.md, "In the web app": dates follow the school's date format (company staff: the default). */
export function readerOf(actor: Actor): Reader {
  return {
    language: readerLanguage(actor),
    dateFormat: actor.school?.locale.dateFormat ?? DEFAULT_SCHOOL_LOCALE.dateFormat,
  };
}

/**
 * A message id (the English template) in the reader's language, its parameters put back: a parameter that is a
 * message reference is translated, a date is written in the school's date format, a string (a name, a title, a
 * quote) is someone's text and stays as written.
 */
export function renderMessage(ref: MessageRef, reader: Language | Reader): string {
  const { language, dateFormat } =
    typeof reader === 'string' ? { language: reader, dateFormat: DEFAULT_SCHOOL_LOCALE.dateFormat } : reader;
  return renderIn(ref, language, { date: (day) => formatCalendarDay(day, dateFormat, language) });
}

/** A notification's title and body as the reader reads them: our own words translated, anything else as written. */
export function renderText(
  row: { title: string; body: string; message: NotificationMessage | null },
  reader: Reader,
): { title: string; body: string } {
  const { title, body } = row.message ?? {};
  return {
    title: title ? renderMessage(title, reader) : row.title,
    body: body ? renderMessage(body, reader) : row.body,
  };
}
