import { IMPORT_MAX_BYTES, type ImportIssue } from '@lyceum/shared/people';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/errors.ts';
import { assertRowCap, boundedCsvOptions } from '../../lib/csv-limits.ts';
import { CSV_HEADERS, FORMER_CSV_HEADERS } from '@lyceum/shared/i18n/csv-headers';

export interface CsvRecord {
  /** Line of the file (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

export interface ParsedCsv {
  columns: string[];
  records: CsvRecord[];
  issues: ImportIssue[];
}

/**
 * A cell as it was before our exports guarded it against spreadsheets (lib/csv.ts `safeCell` writes
 * `'=…`, `'+…`, `'-…`, `'@…`), so a downloaded list uploads as it was written (docs/product.md, "CSV import and
 * export"). Nothing is stored as a formula by this: exports guard it again.
 */
const unguarded = (cell: string): string => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an uploaded CSV: header row first, cells trimmed, blank lines skipped, a BOM ignored. A file that
 * cannot be read at all gives one file-level issue instead of records; unknown or missing required columns
 * are file-level issues too.
 */
export function parseCsv(text: string, known: readonly string[], required: readonly string[]): ParsedCsv {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES)
    throw new AppError('too_large', PEOPLE_MESSAGES.importTooLarge);
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      ...boundedCsvOptions(),
    }) as never;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const line = (err as { lines?: number }).lines ?? null;
    return {
      columns: [],
      records: [],
      issues: [{ line, column: null, message: `The file is not valid CSV: ${(err as Error).message}` }],
    };
  }
  assertRowCap(rows.length - 1);
  const [header, ...body] = rows;
  if (!header)
    return { columns: [], records: [], issues: [{ line: null, column: null, message: 'The CSV file is empty' }] };
  // The column names (the English headers) and their headers in every language, so a template downloaded in
  // Spanish is read back as it was written. The English names win where a translation is spelled the same.
  // A header a language used before (FORMER_CSV_HEADERS) is read too, so an older download still uploads.
  const translated = [...Object.values(FORMER_CSV_HEADERS), ...Object.values(CSV_HEADERS)].flatMap((headers) =>
    known.flatMap((k) => (headers[k] ? [[headers[k].toLowerCase(), k] as const] : [])),
  );
  const lowerKnown = new Map([...translated, ...known.map((k) => [k.toLowerCase(), k] as const)]);
  const columns = header.record.map((h) => lowerKnown.get(h.toLowerCase()) ?? h);
  const issues: ImportIssue[] = [];
  for (const c of columns) {
    if (!lowerKnown.has(c.toLowerCase())) issues.push({ line: 1, column: c, message: `Unknown column "${c}"` });
  }
  for (const r of required) {
    if (!columns.includes(r)) issues.push({ line: 1, column: r, message: `Missing column "${r}"` });
  }
  // `info.lines` is the line a record ends on: its own line, except for quoted cells spanning lines.
  const records = body.map(({ record, info }) => {
    const values: Record<string, string> = {};
    columns.forEach((c, i) => {
      values[c] = unguarded(record[i] ?? '');
    });
    return { line: info.lines, values };
  });
  if (records.length === 0) issues.push({ line: null, column: null, message: 'The CSV file has no rows' });
  return { columns, records, issues };
}
