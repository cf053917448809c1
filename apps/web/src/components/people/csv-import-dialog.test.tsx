import type { ImportPreviewResponse } from '@lyceum/shared/people';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, translate } from '../../lib/i18n/i18n';
import { CsvImportDialog, describeIssue, ImportPreviewTable } from './csv-import-dialog';

const columns = ['name', 'email', 'className'];
const countOf = (count: number) => translate('students', 'import.count', { count });

function previewOf(
  rows: Array<Record<string, string>>,
  errors: ImportPreviewResponse['errors'],
): ImportPreviewResponse {
  // As the server counts them: a row is bad when a problem names its line (not the file's own problems).
  const bad = new Set(errors.flatMap((e) => (e.line !== null && e.line > 1 ? [e.line] : [])));
  return {
    columns,
    rows: rows.map((values, i) => ({ line: i + 2, values, valid: !bad.has(i + 2) })),
    rowCount: rows.length,
    validCount: rows.length - bad.size,
    errors,
  };
}

const ROWS = [
  { name: 'Ada', email: 'ada@x.test', className: 'Grade 5' },
  { name: 'Ben', email: 'not-an-email', className: 'Grade 9' },
  { name: 'Cy', email: 'cy@x.test', className: 'Grade 5' },
];

/** 250 bad rows, as the server answers them: the first 200 problems and one line saying how many there were. */
function twoHundredFiftyBadRows(): ImportPreviewResponse {
  const rows = Array.from({ length: 250 }, (_, i) => ({ name: `Kid ${i}`, email: `k${i}@x.test`, className: 'Gr' }));
  return {
    columns,
    rows: rows.map((values, i) => ({ line: i + 2, values, valid: false })),
    rowCount: 250,
    validCount: 0,
    errors: [
      ...rows.slice(0, 200).map((_, i) => ({ line: i + 2, column: 'className', message: 'Class not found: "Gr"' })),
      { line: null, column: null, message: 'Only the first 200 of 250 problems are listed.' },
    ],
  };
}

describe('ImportPreviewTable', () => {
  it('lists every problem by line and column and marks the bad cells', () => {
    const preview = previewOf(ROWS, [
      { line: 3, column: 'email', message: 'Enter a valid email address' },
      { line: 3, column: 'className', message: 'Class not found: "Grade 9"' },
      { line: null, column: null, message: 'The file has an unknown column "age"' },
    ]);
    render(<ImportPreviewTable preview={preview} countOf={countOf} />);
    const problems = within(screen.getByRole('list', { name: 'Problems by line' })).getAllByRole('listitem');
    expect(problems.map((li) => li.textContent)).toEqual([
      'Line 3, column email: Enter a valid email address',
      'Line 3, column className: Class not found: "Grade 9"',
      'File: The file has an unknown column "age"',
    ]);
    expect(screen.getByText('1 row has problems. Nothing was imported.')).toBeTruthy();
    // The bad row comes first and carries its messages in the offending cells.
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const firstDataRow = rows[1] as HTMLElement;
    expect(firstDataRow.getAttribute('data-line')).toBe('3');
    expect(within(firstDataRow).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText('Enter a valid email address')).toBeNull();
  });

  it("counts the rows with problems from the server's total, not from the first 200 problems it lists", async () => {
    const preview = twoHundredFiftyBadRows();
    const { unmount } = render(<ImportPreviewTable preview={preview} countOf={countOf} />);
    expect(screen.getByText('250 rows have problems. Nothing was imported.')).toBeTruthy();
    unmount();
    try {
      await act(() => changeLanguage('es'));
      const es = render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      expect(screen.getByText('250 filas tienen problemas. No se importó nada.')).toBeTruthy();
      es.unmount();
      await act(() => changeLanguage('ar'));
      render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      expect(screen.getByText('في 250 صفًا مشكلات. لم يُستورد شيء.')).toBeTruthy();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('says how many rows the table leaves out with the plural the count needs (Arabic 250: صفًا)', async () => {
    const preview = twoHundredFiftyBadRows();
    const { unmount } = render(<ImportPreviewTable preview={preview} countOf={countOf} />);
    expect(screen.getByText('Showing 200 of 250 rows (rows with problems first).')).toBeTruthy();
    unmount();
    try {
      await act(() => changeLanguage('es'));
      const es = render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      expect(screen.getByText('Se muestran 200 de 250 filas (primero las que tienen problemas).')).toBeTruthy();
      es.unmount();
      await act(() => changeLanguage('ar'));
      render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      expect(screen.getByText('عرض 200 من أصل 250 صفًا (الصفوف التي بها مشكلات أولًا).')).toBeTruthy();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('says the file is ready when there are no problems', () => {
    render(<ImportPreviewTable preview={previewOf(ROWS, [])} countOf={countOf} />);
    expect(screen.getByText('All 3 students are valid and ready to import.')).toBeTruthy();
  });

  it('says one row in the singular, in every language', async () => {
    const one = previewOf(ROWS.slice(0, 1), []);
    const { unmount } = render(<ImportPreviewTable preview={one} countOf={countOf} />);
    expect(screen.getByText('1 student is valid and ready to import.')).toBeTruthy();
    unmount();
    try {
      await act(() => changeLanguage('es'));
      const es = render(<ImportPreviewTable preview={one} countOf={countOf} />);
      expect(screen.getByText('1 alumno es válido y está listo para importar.')).toBeTruthy();
      es.unmount();
      await act(() => changeLanguage('ar'));
      render(<ImportPreviewTable preview={one} countOf={countOf} />);
      expect(screen.getByText('طالب واحد: صالح وجاهز للاستيراد.')).toBeTruthy();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("names the columns as the reader's template does, in every language", async () => {
    const preview = previewOf(ROWS, [{ line: 3, column: 'className', message: 'Class not found: "Grade 9"' }]);
    const headers = () =>
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    try {
      await act(() => changeLanguage('es'));
      const es = render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      expect(headers().slice(1)).toEqual(['nombre', 'correo', 'clase']);
      expect(describeIssue(preview.errors[0] as ImportPreviewResponse['errors'][number])).toContain(' clase: ');
      es.unmount();
      await act(() => changeLanguage('ar'));
      render(<ImportPreviewTable preview={preview} countOf={countOf} />);
      // The Arabic template's header row is الاسم,البريد الإلكتروني,…,الصف: never the key className.
      expect(headers().slice(1)).toEqual(['الاسم', 'البريد الإلكتروني', 'الصف']);
      const problem = within(screen.getByRole('list')).getByRole('listitem').textContent ?? '';
      expect(problem).toContain('الصف');
      expect(problem).not.toContain('className');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('words a whole-row problem without a column', () => {
    expect(describeIssue({ line: 4, column: null, message: 'Too many cells' })).toBe('Line 4: Too many cells');
  });
});

describe('CsvImportDialog', () => {
  it('imports only after a clean preview of the current text', async () => {
    const user = userEvent.setup();
    const preview = vi.fn(async (csv: string) =>
      csv.includes('not-an-email')
        ? previewOf(ROWS, [{ line: 3, column: 'email', message: 'Enter a valid email address' }])
        : previewOf(ROWS, []),
    );
    const commit = vi.fn(async () => 3);
    const onImported = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <CsvImportDialog
        open
        onOpenChange={onOpenChange}
        noun="students"
        countOf={countOf}
        templateHref="/template.csv"
        preview={preview}
        commit={commit}
        onImported={onImported}
      />,
    );
    const importButton = () => screen.getByRole('button', { name: /^Import/ });
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe('/template.csv');

    const text = screen.getByLabelText('Or paste CSV');
    await user.type(text, 'name,email{enter}Ben,not-an-email');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Line 3, column email: Enter a valid email address')).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);

    // Fixing the text drops the stale preview; the clean one enables the import.
    await user.clear(text);
    await user.type(text, 'name,email{enter}Ben,ben@x.test');
    expect(screen.queryByRole('list', { name: 'Problems by line' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('All 3 students are valid and ready to import.');
    await user.click(screen.getByRole('button', { name: 'Import 3 students' }));
    expect(commit).toHaveBeenCalledWith('name,email\nBen,ben@x.test');
    expect(onImported).toHaveBeenCalledWith(3);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('reads a chosen file', async () => {
    const user = userEvent.setup();
    const preview = vi.fn(async () => previewOf(ROWS.slice(0, 1), []));
    render(
      <CsvImportDialog
        open
        onOpenChange={vi.fn()}
        noun="students"
        countOf={countOf}
        templateHref="/t.csv"
        preview={preview}
        commit={vi.fn()}
        onImported={vi.fn()}
      />,
    );
    const file = new File(['name,email\nAda,ada@x.test'], 'class.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Choose CSV file'), file);
    expect(await screen.findByText('class.csv')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(preview).toHaveBeenCalledWith('name,email\nAda,ada@x.test');
    expect(await screen.findByRole('button', { name: 'Import 1 student' })).toBeTruthy();
  });
});
