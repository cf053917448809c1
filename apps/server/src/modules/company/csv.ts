import { stringify } from 'csv-stringify/sync';

/**
 * CSV that is safe to open in a spreadsheet: a cell starting with = + - @ (or tab / carriage return) would
 * run as a formula, so it gets a leading apostrophe (OWASP's advice). Numbers stay numbers.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const safe = (v: string | number | null) => {
    if (v === null) return '';
    if (typeof v === 'number') return v;
    return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  };
  return stringify([header, ...rows.map((r) => r.map(safe))]);
}

/** Minor units as a plain decimal for spreadsheets (12345 → "123.45"), exact. */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
