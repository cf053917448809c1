import type { AttendanceStatus } from '@lyceum/shared/attendance';
import { translateMessage } from '@lyceum/shared/i18n/translate';
import type { Language } from '@lyceum/shared/locale';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { CSV_ATTENDANCE_STATUSES, CSV_HEADERS } from '@lyceum/shared/i18n/csv-headers';
import { markLanguage, requestLanguage } from './language.ts';

/** "-3", "+2.5": a plain decimal number with its sign, nothing after it (not "-1e3", not "-.5"). */
const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;
/**
 * "+1 555 0100", "+44 (0)20 7946-0958", "+33 1.23.45.67.89": a plus, a country code, then one or more groups,
 * each after one space. A group is digits, or digits in brackets with digits after them, with single dashes
 * or dots between runs of digits. The space after the country code leaves two numbers with no operator
 * between them, which is no formula a spreadsheet can compute, and no letters means no function or reference.
 * Without that space it is arithmetic ("+1-1", "+1-555-010-0100"); a space beside an operator ("+1 -1")
 * does not help, spreadsheets skip it and compute. docs/product.md, "CSV import and export".
 */
const PHONE = /^\+\d+( (\(\d+\)\d*|\d+)([-.]\d+)*)+$/;

/**
 * CSV formula injection (OWASP): a cell a spreadsheet would evaluate — starting with = + - @, tab or
 * carriage return — is prefixed with a single quote so it is shown as text. Phone numbers and signed numbers
 * are left alone; arithmetic such as "-1+1" or "+1-1" is not (a spreadsheet would compute it).
 * docs/product.md, "CSV import and export".
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (SIGNED_NUMBER.test(text) || PHONE.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv(columns: readonly string[], rows: unknown[][]): string {
  return stringify([columns.map(safeCell), ...rows.map((r) => r.map(safeCell))]);
}

/** A header cell in `language` (English: the column name as it is). */
export const csvHeaderIn = (column: string, language: Language): string =>
  language === 'en' ? column : translateMessage(column, CSV_HEADERS[language]);

/** An attendance mark as a CSV cell in `language` (English: the status as stored). */
export const csvStatusIn = (status: AttendanceStatus, language: Language): string =>
  language === 'en' ? status : CSV_ATTENDANCE_STATUSES[language][status];

/**
 * Every CSV download starts with the UTF-8 byte-order mark: without it Excel opens a UTF-8 file as the
 * machine's legacy code page and garbles accents and Arabic (docs/product.md, "API conventions"). Imports
 * skip it (modules/people/csv.ts), so a downloaded template uploads as it is.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * The CSV with its header row in the request's language. Services write the English column names; the
 * words are chosen here, at the edge, where the request's language is known.
 */
export function csvInRequestLanguage(reply: FastifyReply, csv: string): string {
  const language = requestLanguage(reply.request);
  markLanguage(reply, language);
  if (language === 'en') return csv;
  const end = csv.indexOf('\n');
  const [header] = parse(end === -1 ? csv : csv.slice(0, end)) as string[][];
  if (!header) return csv;
  const translated = stringify([header.map((column) => safeCell(csvHeaderIn(column, language)))]);
  return end === -1 ? translated : translated + csv.slice(end + 1);
}

/** What a CSV download sends: the byte-order mark, then the CSV with its header in the request's language. */
const csvDownload = (reply: FastifyReply, csv: string): string => UTF8_BOM + csvInRequestLanguage(reply, csv);

/**
 * Every CSV download goes out here: an attachment that no cache may keep (`no-store`; docs/product.md, "API
 * conventions"), since each holds a school's or the platform's own data.
 */
export function sendCsv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csvDownload(reply, body));
}

/** Minor units as a plain decimal for spreadsheets (12345 → "123.45"), exact. */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
