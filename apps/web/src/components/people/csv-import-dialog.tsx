import { csvColumnName } from '@lyceum/shared/i18n/csv-headers';
import type { ImportIssue, ImportPreviewResponse } from '@lyceum/shared/people';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { currentLanguage, translate, useT } from '../../lib/i18n/i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export type { ImportPreviewResponse };

export interface CsvImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "students" (translated, plural): used in titles. */
  noun: string;
  /** How many rows, with the noun in its singular or plural: "1 student", "3 students" (translated). */
  countOf: (count: number) => string;
  templateHref: string;
  /** Dry run on the server; nothing is written. */
  preview: (csv: string) => Promise<ImportPreviewResponse>;
  /** The real import, all-or-nothing; resolves to the number of records created. A refusal (422) lists the
   * same issues as the preview, so the dialog runs the preview again to show them. */
  commit: (csv: string) => Promise<number>;
  onImported: (count: number) => void;
  /** Extra controls above the file input (e.g. the class the rows go into). */
  children?: React.ReactNode;
  /** Changes when those controls change: the preview is dropped, since it was made with the old choices. */
  optionsKey?: string;
}

const MAX_PREVIEW_ROWS = 200;

/** A chosen file's text (FileReader: supported everywhere, including older mobile browsers). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Issues grouped by line, then by column, so the table can mark each bad cell. */
export function indexIssues(issues: readonly ImportIssue[]): Map<number, Map<string | null, string[]>> {
  const byLine = new Map<number, Map<string | null, string[]>>();
  for (const issue of issues) {
    if (issue.line === null) continue;
    const line = byLine.get(issue.line) ?? new Map<string | null, string[]>();
    line.set(issue.column, [...(line.get(issue.column) ?? []), issue.message]);
    byLine.set(issue.line, line);
  }
  return byLine;
}

/**
 * A column as the reader's template names it (`className` is `الصف` in Arabic): the file they filled in has
 * that header, not our key (docs/product.md, "Messages in the user's language").
 */
export const columnName = (column: string): string => csvColumnName(column, currentLanguage());

/** "Line 3, column email: Enter a valid email address" — how one problem reads in the list. */
export function describeIssue(issue: ImportIssue): string {
  const column = issue.column && issue.column !== '_' ? columnName(issue.column) : null;
  if (issue.line === null) return translate('people', 'import.issueInFile', { message: issue.message });
  return column === null
    ? translate('people', 'import.issueOnLine', { line: issue.line, message: issue.message })
    : translate('people', 'import.issueInCell', { line: issue.line, column, message: issue.message });
}

export function ImportPreviewTable({
  preview,
  countOf,
}: {
  preview: ImportPreviewResponse;
  countOf: (count: number) => string;
}) {
  const { t } = useT('people');
  const byLine = indexIssues(preview.errors);
  // From the server's count, not the listed problems: the list stops at the first 200 (docs/product.md,
  // "CSV import and export": the preview says how many there were).
  const badRows = preview.rowCount - preview.validCount;
  // Rows with problems first, so the ones to fix are visible without scrolling.
  const rows = [...preview.rows].sort((a, b) => Number(a.valid) - Number(b.valid) || a.line - b.line);
  const shown = rows.slice(0, MAX_PREVIEW_ROWS);
  return (
    <div className="space-y-3">
      {preview.errors.length > 0 ? (
        <Alert>
          <p className="font-medium">
            {badRows === 0
              ? t('import.fileProblems', { count: preview.errors.length })
              : t('import.rowProblems', { count: badRows })}
          </p>
          <p className="mt-0.5">{t('import.fixAndPreview')}</p>
          <ul className="mt-2 list-disc space-y-0.5 ps-5" aria-label={t('import.problemsByLine')}>
            {preview.errors.map((issue) => (
              <li key={`${issue.line}-${issue.column}-${issue.message}`}>{describeIssue(issue)}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert tone="success">
          {t('import.allValid', { count: preview.rows.length, rows: countOf(preview.rows.length) })}
        </Alert>
      )}
      {/* Focusable so keyboard users can scroll a wide preview (axe: scrollable-region-focusable). */}
      <section
        aria-label={t('import.rowsOfFile')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="max-h-80 overflow-auto rounded-lg border border-slate-200 focus:ring-2 focus:ring-blue-500/40 focus:outline-none"
      >
        <table className="min-w-full text-start text-xs">
          <caption className="sr-only">{t('import.previewCaption')}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-500">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">
                {t('import.line')}
              </th>
              {preview.columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-2 font-medium">
                  {columnName(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((row) => {
              const issues = byLine.get(row.line);
              const rowIssues = issues?.get(null);
              return (
                <tr key={row.line} className={row.valid ? undefined : 'bg-red-50/60'} data-line={row.line}>
                  <th scope="row" className="px-2 py-1.5 font-mono font-normal text-slate-500">
                    {row.line}
                    {rowIssues && <span className="block text-red-700">{rowIssues.join('; ')}</span>}
                  </th>
                  {preview.columns.map((column) => {
                    const cellIssues = issues?.get(column);
                    return (
                      <td
                        key={column}
                        className={cn('px-2 py-1.5 align-top', cellIssues && 'bg-red-100/70 text-red-900')}
                      >
                        <span className="whitespace-nowrap">{row.values[column] ?? ''}</span>
                        {cellIssues && (
                          <span className="block min-w-40 font-medium text-red-700">{cellIssues.join('; ')}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {rows.length > shown.length && (
        <p className="text-xs text-slate-500">{t('import.showing', { shown: shown.length, count: rows.length })}</p>
      )}
    </div>
  );
}

/**
 * Import from CSV in two steps: preview (the server checks every row and reports problems by line and
 * column, writing nothing), then import (all rows in one transaction, or none). Choosing a file or editing
 * the pasted text drops the preview, so what is imported is always what was last previewed.
 */
export function CsvImportDialog({
  open,
  onOpenChange,
  noun,
  countOf,
  templateHref,
  preview,
  commit,
  onImported,
  children,
  optionsKey = '',
}: CsvImportDialogProps) {
  const { t } = useT('people');
  const id = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<ImportPreviewResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [previewedWith, setPreviewedWith] = useState(optionsKey);
  if (optionsKey !== previewedWith) {
    setPreviewedWith(optionsKey);
    setResult(null);
  }

  const reset = () => {
    setCsv('');
    setFileName(null);
    setResult(null);
    setError(null);
  };

  const change = (text: string, name: string | null) => {
    setCsv(text);
    setFileName(name);
    setResult(null);
    setError(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    change(await readText(file), file.name);
  };

  const runPreview = async () => {
    setBusy('preview');
    setError(null);
    try {
      setResult(await preview(csv));
    } catch (err) {
      setResult(null);
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    setBusy('import');
    setError(null);
    try {
      const count = await commit(csv);
      onImported(count);
      reset();
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
      // Something changed since the preview (e.g. an e-mail got taken): show the rows as they stand now.
      if (isApiError(err) && err.status === 422) {
        try {
          setResult(await preview(csv));
        } catch {
          // The message above is enough.
        }
      }
    } finally {
      setBusy(null);
    }
  };

  const ready = result !== null && result.errors.length === 0 && result.rows.length > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('import.title', { noun })}
      description={t('import.description')}
      size="xl"
      preventClose={busy !== null}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy !== null}>
            {t('import.cancel')}
          </Button>
          <Button variant="secondary" onClick={runPreview} disabled={!csv.trim()} loading={busy === 'preview'}>
            {result ? t('import.previewAgain') : t('import.preview')}
          </Button>
          <Button onClick={runImport} disabled={!ready} loading={busy === 'import'}>
            {ready ? t('import.importCount', { rows: countOf(result.rows.length) }) : t('import.importNoun', { noun })}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={`${id}-file`}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-blue-500/40"
          >
            <FileUp className="size-4" aria-hidden="true" />
            {t('import.chooseFile')}
            <input id={`${id}-file`} type="file" accept=".csv,text/csv" className="sr-only" onChange={onFile} />
          </label>
          {fileName && <span className="text-sm text-slate-600">{fileName}</span>}
          <a href={templateHref} download className="text-sm font-medium text-blue-700 hover:underline">
            {t('import.downloadTemplate')}
          </a>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
            {t('import.orPaste')}
          </label>
          <textarea
            id={`${id}-text`}
            value={csv}
            onChange={(event) => change(event.target.value, null)}
            rows={6}
            spellCheck={false}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
          />
        </div>
        {error && <Alert>{error}</Alert>}
        {result && <ImportPreviewTable preview={result} countOf={countOf} />}
      </div>
    </Dialog>
  );
}
