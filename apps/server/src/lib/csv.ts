import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * CSV formula injection (OWASP): a cell a spreadsheet would evaluate — starting with = + - @, tab or
 * carriage return — is prefixed with a single quote so it is shown as text. Phone numbers are left alone.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Phone numbers and signed numbers ("+1 555 0100", "-3") hold no function a spreadsheet could call.
  if (/^[+-][0-9 ().+-]*$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function toCsv(columns: readonly string[], rows: unknown[][]): string {
  return stringify([columns.map(safeCell), ...rows.map((r) => r.map(safeCell))]);
}

export function sendCsv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Minor units as a plain decimal for spreadsheets (12345 → "123.45"), exact. */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
