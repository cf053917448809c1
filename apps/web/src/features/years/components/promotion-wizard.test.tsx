import type { ClassResponse } from '@lyceum/shared/academics';
import type { AcademicYear, Promotion, PromotionPreview } from '@lyceum/shared/years';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { PromotionWizard } from './promotion-wizard';

const year = (id: string, name: string, isCurrent: boolean): AcademicYear => ({
  id,
  name,
  startDate: `${name.slice(0, 4)}-09-01`,
  endDate: `${name.slice(5)}-08-31`,
  isCurrent,
  terms: [],
  holidays: [],
});
const years = [year('y2', '2027-2028', false), year('y1', '2026-2027', true)];
const cls = (id: string, name: string, academicYear: string, studentCount: number): ClassResponse => ({
  id,
  name,
  section: '',
  academicYear,
  subjects: [],
  assignedTeachers: [],
  classTeacherId: null,
  classTeacherName: null,
  studentCount,
  isActive: true,
  createdAt: '2026-09-01T00:00:00Z',
});
const classes = [
  cls('c1', 'Grade 1', '2026-2027', 20),
  cls('c6', 'Grade 6', '2026-2027', 18),
  cls('n2', 'Grade 2', '2027-2028', 0),
];
const preview: PromotionPreview = {
  totals: { promoted: 20, repeating: 0, graduated: 18 },
  classes: [
    { classId: 'c1', name: 'Grade 1', academicYear: '2026-2027', before: 20, after: 0 },
    { classId: 'n2', name: 'Grade 2', academicYear: '2027-2028', before: 0, after: 20 },
  ],
};
const promotion = (undoUntil: string | null): Promotion => ({
  id: 'p1',
  fromYear: '2026-2027',
  toYear: '2027-2028',
  appliedAt: '2026-11-24T09:00:00Z',
  appliedByName: 'Admin',
  totals: preview.totals,
  undoneAt: undoUntil ? null : '2026-11-25T09:00:00Z',
  undoUntil,
});

describe('PromotionWizard', () => {
  it('picks a target per class, previews the counts, applies once and offers undo', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'POST /api/v1/promotions/preview': () => json(preview),
      'POST /api/v1/promotions': () => json(promotion('2026-12-01T09:00:00Z'), 201),
      'POST /api/v1/promotions/p1/undo': () => json(promotion(null)),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    // The current year is the source, the next one the target; only classes of the source year with students show.
    expect((screen.getByLabelText('Promote from') as HTMLSelectElement).value).toBe('y1');
    expect((screen.getByLabelText('Into the year') as HTMLSelectElement).value).toBe('y2');
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6'), 'graduate');
    expect(screen.queryByLabelText('Next class for Grade 6')).toBeNull();
    expect(screen.queryByLabelText('What happens to Grade 2')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18')).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/promotions/preview'))?.body;
    expect(sent).toEqual({
      fromYearId: 'y1',
      toYearId: 'y2',
      classes: [
        { classId: 'c1', action: 'promote', toClassId: 'n2' },
        { classId: 'c6', action: 'graduate', toClassId: null },
      ],
    });
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/promotions'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Promote students' }));
    expect(await screen.findByText('Promotion applied')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/promotions'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Undo promotion' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/promotions/p1/undo'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo promotion' })).toBeNull());
  });

  it("shows the server's message when the plan is refused", async () => {
    mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'POST /api/v1/promotions/preview': () =>
        apiError(400, 'validation', 'Invalid data: Choose the class to promote into', {
          'classes.0.toClassId': 'Choose the class to promote into',
        }),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await screen.findByLabelText('Next class for Grade 1');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Invalid data: Choose the class to promote into')).toBeTruthy();
  });
});
