import { AppError } from './errors.ts';

/**
 * Caps on an uploaded CSV, so what a request costs follows these numbers and not the size of its body: a
 * 2 MB body of one-character lines is 1 000 000 rows, and each row becomes objects in the preview's answer.
 * Cells: the widest column is a teacher's `subjects` (50 subject names of up to 80 characters, `;` between
 * them), so 4 096 characters fits every field.
 */
export const CSV_LIMITS = { rows: 5000, columns: 30, cellChars: 4096, issues: 200 } as const;

export const CSV_LIMIT_MESSAGES = {
  rows: `The CSV file has more than ${CSV_LIMITS.rows} rows. Split it into smaller files.`,
  columns: `The CSV file has more than ${CSV_LIMITS.columns} columns.`,
  cell: (line: number) => `Line ${line} has a cell longer than ${CSV_LIMITS.cellChars} characters.`,
  issues: (total: number) => `Only the first ${CSV_LIMITS.issues} of ${total} problems are listed.`,
};

/**
 * csv-parse options that stop reading as soon as a cap is passed: `to` ends the parse one record after the
 * row cap (header + rows + 1, so "more than" can be told), and every record is checked for its width and
 * cells as it is read, before the next one is built.
 */
export function boundedCsvOptions() {
  return {
    to: CSV_LIMITS.rows + 2,
    // With the parser's `info` option the record arrives wrapped as `{ record, info }`.
    on_record: (rec: string[] | { record: string[] }, context: { lines: number }): string[] => {
      const cells = Array.isArray(rec) ? rec : rec.record;
      if (cells.length > CSV_LIMITS.columns) throw new AppError('too_large', CSV_LIMIT_MESSAGES.columns);
      if (cells.some((cell) => cell.length > CSV_LIMITS.cellChars))
        throw new AppError('too_large', CSV_LIMIT_MESSAGES.cell(context.lines));
      return rec as string[];
    },
  };
}

/** Throws when the parse stopped at the row cap, i.e. the file has more rows than it may. */
export function assertRowCap(dataRows: number): void {
  if (dataRows > CSV_LIMITS.rows) throw new AppError('too_large', CSV_LIMIT_MESSAGES.rows);
}

/** The first issues and, past the cap, one line saying how many there were. */
export function capIssues<T extends { line: number | null; column: string | null; message: string }>(
  issues: T[],
): (T | { line: null; column: null; message: string })[] {
  if (issues.length <= CSV_LIMITS.issues) return issues;
  return [
    ...issues.slice(0, CSV_LIMITS.issues),
    { line: null, column: null, message: CSV_LIMIT_MESSAGES.issues(issues.length) },
  ];
}
