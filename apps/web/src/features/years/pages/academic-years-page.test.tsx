import { type AcademicYear, type Promotion, YEAR_MESSAGES } from '@lyceum/shared/years';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AcademicYearsPage } from './academic-years-page';

const years: AcademicYear[] = [
  {
    id: 'y1',
    name: '2026-2027',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    isCurrent: true,
    terms: [],
    holidays: [],
  },
];
const promotion = (id: string, over: Partial<Promotion> = {}): Promotion => ({
  id,
  fromYear: '2026-2027',
  toYear: '2027-2028',
  appliedAt: '2026-11-24T09:00:00Z',
  appliedByName: 'Admin',
  totals: { promoted: 20, repeating: 0, graduated: 18, left: 0 },
  undoneAt: null,
  undoUntil: null,
  ...over,
});
/** The latest promotion, still undoable, above an older one that no longer is. */
const history = [promotion('p2', { undoUntil: '2026-12-01T09:00:00Z' }), promotion('p1', { fromYear: '2025-2026' })];

function lineOf(text: RegExp) {
  return screen.getByText(text).closest('li') as HTMLElement;
}

describe('AcademicYearsPage: dates', () => {
  it('shows a year’s and its terms’ days as they are in a school at UTC+13 (Auckland) and at UTC−11', async () => {
    const year: AcademicYear = {
      id: 'y1',
      name: '2026-2027',
      startDate: '2026-09-01',
      endDate: '2027-08-31',
      isCurrent: true,
      holidays: [],
      terms: [
        { id: 't1', name: 'Term 1', startDate: '2026-09-01', endDate: '2027-01-04' },
        { id: 't2', name: 'Term 2', startDate: '2027-01-05', endDate: '2027-04-19' },
      ],
    };
    mockFetch({
      'GET /api/v1/academic-years': () => json({ items: [year] }),
      'GET /api/v1/promotions': () => json({ items: [] }),
    });
    for (const timeZone of ['Pacific/Auckland', 'Pacific/Pago_Pago']) {
      setFormatSettings({ language: 'en', locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone } });
      const view = renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByText('Sep 1, 2026 – Aug 31, 2027')).toBeTruthy();
      expect(lineOf(/Jan 4, 2027/).textContent).toBe('Term 1: Sep 1, 2026 – Jan 4, 2027');
      expect(lineOf(/Jan 5, 2027/).textContent).toBe('Term 2: Jan 5, 2027 – Apr 19, 2027');
      view.unmount();
    }
  });
});

describe('AcademicYearsPage: right to left', () => {
  it('isolates (<bdi>) each term’s and holiday’s name, so its brackets and quotes keep their place', async () => {
    await changeLanguage('ar');
    const year: AcademicYear = {
      ...(years[0] as AcademicYear),
      terms: [{ id: 't1', name: 'Autumn (A)', startDate: '2026-09-01', endDate: '2026-12-20' }],
      holidays: [{ id: 'h1', name: '"Winter" break', startDate: '2026-12-21', endDate: '2027-01-03' }],
    };
    mockFetch({
      'GET /api/v1/academic-years': () => json({ items: [year] }),
      'GET /api/v1/promotions': () => json({ items: [] }),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    for (const name of ['Autumn (A)', '"Winter" break']) {
      expect((await screen.findByText(name)).tagName).toBe('BDI');
    }
  });
});

describe('AcademicYearsPage: the year form', () => {
  it('marks the end date of a term or holiday that ends after the year, not its start', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/academic-years': () => json({ items: years }),
      'GET /api/v1/promotions': () => json({ items: [] }),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: 'New year' }));
    const dialog = await screen.findByRole('dialog', { name: 'New academic year' });
    const fill = async (id: string, value: string) => {
      const input = dialog.querySelector(`#${id}`) as HTMLInputElement;
      await user.clear(input);
      await user.type(input, value);
    };
    await fill('year-name', '2028-2029');
    await fill('year-start', '2028-09-01');
    await fill('year-end', '2029-08-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add a term' }));
    await fill('terms-0-name', 'T1');
    await fill('terms-0-start', '2028-09-01');
    await fill('terms-0-end', '2029-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Add a holiday' }));
    await fill('holidays-0-name', 'H1');
    await fill('holidays-0-start', '2029-08-20');
    await fill('holidays-0-end', '2029-09-05');
    await user.click(within(dialog).getByRole('button', { name: 'Create year' }));

    const errorOf = (id: string) => dialog.querySelector(`#${id}-error`)?.textContent ?? null;
    await waitFor(() => expect(errorOf('terms-0-end')).toBe(YEAR_MESSAGES.termOutside));
    expect(errorOf('holidays-0-end')).toBe(YEAR_MESSAGES.holidayOutside);
    expect(errorOf('terms-0-start')).toBeNull();
    expect(errorOf('holidays-0-start')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('AcademicYearsPage: the next year', () => {
  it('opens New year on the year after the latest, so creating next year is one click', async () => {
    const user = userEvent.setup();
    const later: AcademicYear = {
      ...(years[0] as AcademicYear),
      id: 'y2',
      name: '2027-2028',
      startDate: '2027-09-01',
      endDate: '2028-08-31',
      isCurrent: false,
    };
    const { calls } = mockFetch({
      // Newest first, as the server lists them; the latest is not the current one.
      'GET /api/v1/academic-years': () => json({ items: [later, ...years] }),
      'GET /api/v1/promotions': () => json({ items: [] }),
      'POST /api/v1/academic-years': () => json({ ...later, id: 'y3' }, 201),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: 'New year' }));
    const dialog = await screen.findByRole('dialog', { name: 'New academic year' });
    const value = (id: string) => (dialog.querySelector(`#${id}`) as HTMLInputElement).value;
    await waitFor(() => expect(value('year-name')).toBe('2028-2029'));
    expect(value('year-start')).toBe('2028-09-01');
    expect(value('year-end')).toBe('2029-08-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create year' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '2028-2029',
      startDate: '2028-09-01',
      endDate: '2029-08-31',
      terms: [],
      holidays: [],
    });
  });
});

describe('AcademicYearsPage: deleting a year', () => {
  it("keeps the confirmation open with the server's refusal inside it", async () => {
    const user = userEvent.setup();
    const past: AcademicYear = {
      id: 'y0',
      name: '2025-2026',
      startDate: '2025-09-01',
      endDate: '2026-08-31',
      isCurrent: false,
      terms: [],
      holidays: [],
    };
    mockFetch({
      'GET /api/v1/academic-years': () => json({ items: [...years, past] }),
      'GET /api/v1/promotions': () => json({ items: [] }),
      'DELETE /api/v1/academic-years/y0': () => apiError(409, 'conflict', YEAR_MESSAGES.yearInUse),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2025-2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete year' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(YEAR_MESSAGES.yearInUse);
    expect(screen.getAllByText(YEAR_MESSAGES.yearInUse)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Delete 2025-2026?' })).toBe(dialog);
  });
});

describe('AcademicYearsPage: recent promotions', () => {
  it('offers Undo on the latest promotion still undoable, asks first, and then shows it undone', async () => {
    let undone = false;
    const { calls } = mockFetch({
      'GET /api/v1/academic-years': () => json({ items: years }),
      'GET /api/v1/promotions': () =>
        json({
          items: undone ? [promotion('p2', { undoneAt: '2026-11-25T09:00:00Z' }), history[1]] : history,
        }),
      'POST /api/v1/promotions/p2/undo': () => {
        undone = true;
        return json(promotion('p2', { undoneAt: '2026-11-25T09:00:00Z' }));
      },
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    const latest = await waitFor(() => lineOf(/^2026-2027 → 2027-2028, .*, by Admin$/));
    // Only the latest, undoable one has the button.
    expect(screen.getAllByRole('button', { name: 'Undo promotion' })).toHaveLength(1);
    await userEvent.click(within(latest).getByRole('button', { name: 'Undo promotion' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Undo the promotion 2026-2027 → 2027-2028?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo promotion' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/promotions/p2/undo'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo promotion' })).toBeNull());
    expect(within(lineOf(/^2026-2027 → 2027-2028, .*, by Admin$/)).getByText('Undone')).toBeTruthy();
  });

  it("shows the server's refusal in the confirmation, and nothing changes", async () => {
    mockFetch({
      'GET /api/v1/academic-years': () => json({ items: years }),
      'GET /api/v1/promotions': () => json({ items: history }),
      'POST /api/v1/promotions/p2/undo': () =>
        apiError(422, 'rule', 'Some students changed class after this promotion, so it cannot be undone', {
          students: 'Changed since the promotion: Ana Uno, Ben Dos and 3 more',
        }),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('school_admin') });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo promotion' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo promotion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Some students changed class after this promotion, so it cannot be undone',
    );
    // Who changed is named under it, so the admin knows whom to put back.
    expect(within(dialog).getByText('Changed since the promotion: Ana Uno, Ben Dos and 3 more')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('gives the principal, who reads the history, no Undo', async () => {
    mockFetch({
      'GET /api/v1/academic-years': () => json({ items: years }),
      'GET /api/v1/promotions': () => json({ items: history }),
    });
    renderWithProviders(<AcademicYearsPage />, { auth: signedIn('principal') });
    await waitFor(() => lineOf(/^2026-2027 → 2027-2028, .*, by Admin$/));
    expect(screen.queryByRole('button', { name: 'Undo promotion' })).toBeNull();
  });
});
