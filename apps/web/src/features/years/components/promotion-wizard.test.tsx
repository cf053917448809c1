import type { ClassDetailResponse, ClassResponse } from '@lyceum/shared/academics';
import type { AcademicYear, Promotion, PromotionPreview } from '@lyceum/shared/years';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { aClass } from '../../../test/fixtures';
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
const cls = (id: string, name: string, academicYear: string, studentCount: number): ClassResponse =>
  aClass({ id, name, section: '', academicYear, studentCount, createdAt: '2026-09-01T00:00:00Z' });
const classes = [
  cls('c1', 'Grade 1', '2026-2027', 20),
  cls('c6', 'Grade 6', '2026-2027', 18),
  cls('n2', 'Grade 2', '2027-2028', 0),
];
const preview: PromotionPreview = {
  totals: { promoted: 20, repeating: 0, graduated: 18, left: 0 },
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
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    expect(screen.queryByLabelText('Next class for Grade 6 (2026-2027)')).toBeNull();
    expect(screen.queryByLabelText('What happens to Grade 2 (2027-2028)')).toBeNull();

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
    // Asked first: nothing is undone until confirmed.
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.url.endsWith('/promotions/p1/undo'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo promotion' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/promotions/p1/undo'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo promotion' })).toBeNull());
    // The result now says the promotion was undone, not that it is applied.
    expect(screen.getByText(/^Promotion undone: every student is back/)).toBeTruthy();
    expect(screen.queryByText('Promotion applied')).toBeNull();
    expect(screen.queryByText('Promoted: 20 · Repeating: 0 · Graduated: 18')).toBeNull();
  });

  it('gives single students their own outcome in the preview: the counts follow, the promotion carries them', async () => {
    const student = (studentId: string, name: string, rollNumber: number, isActive = true) => ({
      studentId,
      name,
      rollNumber,
      email: `${studentId}@example.test`,
      isActive,
      profileImage: null,
    });
    const grade1: ClassDetailResponse = {
      ...(classes[0] as ClassResponse),
      students: [student('s1', 'Ana Ruiz', 1), student('s2', 'Ben Ode', 2), student('s9', 'Gone Kid', 3, false)],
    };
    const withExceptions: PromotionPreview = {
      totals: { promoted: 19, repeating: 0, graduated: 18, left: 1 },
      classes: preview.classes,
    };
    const { calls } = mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'GET /api/v1/classes/c1': () => json(grade1),
      'POST /api/v1/promotions/preview': (init) =>
        json(JSON.parse(String(init.body)).students ? withExceptions : preview),
      'POST /api/v1/promotions': () =>
        json({ ...promotion('2026-12-01T09:00:00Z'), totals: withExceptions.totals }, 201),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('Next class for Grade 6 (2026-2027)'), 'n2');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18');

    // A class opens on its active students; nothing is loaded before.
    expect(calls.some((c) => c.url.endsWith('/classes/c1'))).toBe(false);
    const opener = screen.getByRole('button', { name: /Grade 1/ });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Ana Ruiz (roll 1)')).toBeTruthy();
    expect(screen.queryByText('Gone Kid (roll 3)')).toBeNull();
    expect(opener.textContent).toBe('Grade 1 (2026-2027)Promote · no exceptions');

    // Leaving: the preview is asked again with the exception and the counts change.
    await userEvent.selectOptions(screen.getByLabelText('Outcome for Ana Ruiz'), 'leave');
    expect(await screen.findByText('Promoted: 19 · Repeating: 0 · Graduated: 18 · Leaving: 1')).toBeTruthy();
    expect(opener.textContent).toBe('Grade 1 (2026-2027)Promote · 1 exception');
    const previews = () => calls.filter((c) => c.url.endsWith('/promotions/preview'));
    expect(previews().at(-1)?.body).toMatchObject({
      students: [{ studentId: 's1', classId: 'c1', action: 'leave', toClassId: null }],
    });

    // A move waits for its class: not sent, and the promotion cannot be confirmed meanwhile.
    const sent = previews().length;
    await userEvent.selectOptions(screen.getByLabelText('Outcome for Ben Ode'), 'promote');
    expect(screen.getByText('Choose the class to move into')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Promote students' }) as HTMLButtonElement).disabled).toBe(true);
    expect(previews()).toHaveLength(sent);
    await userEvent.selectOptions(screen.getByLabelText('Class for Ben Ode'), 'c6');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Promote students' }) as HTMLButtonElement).disabled).toBe(false),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Promote students' }));
    expect(await screen.findByText('Promotion applied')).toBeTruthy();
    const applied = calls.find((c) => c.method === 'POST' && c.url.endsWith('/promotions'))?.body;
    expect(applied).toMatchObject({
      classes: [
        { classId: 'c1', action: 'promote', toClassId: 'n2' },
        { classId: 'c6', action: 'promote', toClassId: 'n2' },
      ],
      students: [
        { studentId: 's1', classId: 'c1', action: 'leave', toClassId: null },
        { studentId: 's2', classId: 'c1', action: 'promote', toClassId: 'c6' },
      ],
    });
  });

  /** The control's message, as assistive technology reads it: through aria-describedby. */
  const describedBy = (control: HTMLElement) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('marks every class still without the class to promote into at once, before sending anything', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/classes': () => json({ items: classes }) });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await screen.findByLabelText('Next class for Grade 1 (2026-2027)');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    for (const name of ['Grade 1 (2026-2027)', 'Grade 6 (2026-2027)']) {
      const target = screen.getByLabelText(`Next class for ${name}`);
      expect(target.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(target)).toBe('Choose the class to promote into');
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Next class for Grade 1 (2026-2027)'));
    expect(calls.some((c) => c.url.endsWith('/promotions/preview'))).toBe(false);
    // Chosen, the class's mark goes; the other stays until it is chosen too.
    await userEvent.selectOptions(screen.getByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    expect(screen.getByLabelText('Next class for Grade 1 (2026-2027)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Next class for Grade 6 (2026-2027)').getAttribute('aria-invalid')).toBe('true');
  });

  it("puts the server's refusal on the class row its field names, focused, not in an alert below", async () => {
    const refusal = '2027-2028 already has a class Grade 6: choose that class instead';
    mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'POST /api/v1/promotions/preview': () => apiError(400, 'validation', refusal, { 'classes.1.classId': refusal }),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'repeat');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const action = screen.getByLabelText('What happens to Grade 6 (2026-2027)');
    await waitFor(() => expect(action.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(action)).toBe(refusal);
    expect(document.activeElement).toBe(action);
    expect(screen.getByLabelText('What happens to Grade 1 (2026-2027)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("in the preview, a student's refusal sits at the student; the stale counts say so and Promote says why it waits", async () => {
    const refusal = '2027-2028 already has a class Grade 1: choose that class instead';
    const grade1: ClassDetailResponse = {
      ...(classes[0] as ClassResponse),
      students: [
        {
          studentId: 's1',
          name: 'Ana Ruiz',
          rollNumber: 1,
          email: 's1@example.test',
          isActive: true,
          profileImage: null,
        },
      ],
    };
    const { calls } = mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'GET /api/v1/classes/c1': () => json(grade1),
      'POST /api/v1/promotions/preview': (init) =>
        JSON.parse(String(init.body)).students
          ? apiError(400, 'validation', refusal, { 'students.0.classId': refusal })
          : json(preview),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18');
    expect(screen.queryByText(/^Out of date/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Grade 1/ }));
    const outcome = await screen.findByLabelText('Outcome for Ana Ruiz');
    await userEvent.selectOptions(outcome, 'repeat');
    await waitFor(() => expect(outcome.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.url.endsWith('/promotions/preview'))).toHaveLength(2);
    expect(describedBy(outcome)).toBe(refusal);
    expect(document.activeElement).toBe(outcome);
    expect(screen.queryByRole('alert')).toBeNull();
    // The counts shown answer the earlier choice, and say so.
    expect(screen.getByText('Out of date: these counts do not include your latest change.')).toBeTruthy();
    const promote = screen.getByRole('button', { name: 'Promote students' }) as HTMLButtonElement;
    expect(promote.disabled).toBe(true);
    expect(describedBy(promote)).toBe('Fix the problem marked above to promote.');
    expect(screen.getByText('Fix the problem marked above to promote.')).toBeTruthy();

    // Back to following the class: previewed again, nothing refused, the counts current.
    await userEvent.selectOptions(outcome, '');
    await waitFor(() => expect(promote.disabled).toBe(false));
    expect(outcome.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/^Out of date/)).toBeNull();
    expect(promote.getAttribute('aria-describedby')).toBeNull();
  });

  it('names every class with its year, so the look-alike classes of two years are told apart', async () => {
    const twins = [cls('c6', 'Grade 6', '2026-2027', 18), cls('n6', 'Grade 6', '2027-2028', 0)];
    mockFetch({
      'GET /api/v1/classes': () => json({ items: twins }),
      'POST /api/v1/promotions/preview': () =>
        json({
          ...preview,
          classes: [
            { classId: 'c6', name: 'Grade 6', academicYear: '2026-2027', before: 18, after: 0 },
            { classId: 'n6', name: 'Grade 6', academicYear: '2027-2028', before: 0, after: 18 },
          ],
        }),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    const target = await screen.findByLabelText('Next class for Grade 6 (2026-2027)');
    expect(screen.getByLabelText('What happens to Grade 6 (2026-2027)')).toBeTruthy();
    // The row's name, isolated (someone's text), and the class to promote into.
    expect(screen.getByText('Grade 6 (2026-2027)').tagName).toBe('BDI');
    expect([...(target as HTMLSelectElement).options].map((o) => o.textContent)).toContain('Grade 6 (2027-2028)');
    await userEvent.selectOptions(target, 'n6');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18');
    // The single students' list names its class with the year too.
    expect(screen.getByRole('button', { name: /^Grade 6 \(2026-2027\)/ })).toBeTruthy();
  });

  it('reloads the classes after a refusal, so a class made meanwhile can be given its outcome in place', async () => {
    const made = cls('c8', 'Grade 8 N', '2026-2027', 1);
    let listed = classes;
    const missing = 'Choose where Grade 8 N (2026-2027) goes';
    const { calls } = mockFetch({
      'GET /api/v1/classes': () => json({ items: listed }),
      'POST /api/v1/promotions/preview': () => json(preview),
      'POST /api/v1/promotions': () => apiError(400, 'validation', missing, { classes: missing }),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18');

    // Another admin makes a class in the source year; the server refuses the promotion without it.
    listed = [...classes, made];
    await userEvent.click(screen.getByRole('button', { name: 'Promote students' }));
    // The class shows up at once, with the refusal on its row, which takes the focus; the counts say they no
    // longer answer the choices.
    const row = await screen.findByRole('button', { name: /^Grade 8 N \(2026-2027\)/ });
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row.parentElement?.textContent).toContain(missing);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Out of date: these counts do not include your latest change.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.selectOptions(await screen.findByLabelText('What happens to Grade 8 N (2026-2027)'), 'graduate');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/promotions/preview')).at(-1)?.body).toMatchObject({
        classes: [
          { classId: 'c1', action: 'promote', toClassId: 'n2' },
          { classId: 'c6', action: 'graduate' },
          { classId: 'c8', action: 'graduate' },
        ],
      }),
    );
  });

  // A class made after the wizard opened is refused on Preview (`classes`, no row of the request): once the classes
  // are loaded again its row is there, with the message under its outcome, and that control takes the focus.
  it('puts the refusal of a class made meanwhile on its new row, which takes the focus', async () => {
    let listed = classes;
    const missing = 'Choose where Grade 8 N (2026-2027) goes';
    mockFetch({
      'GET /api/v1/classes': () => json({ items: listed }),
      'POST /api/v1/promotions/preview': () => apiError(400, 'validation', missing, { classes: missing }),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    listed = [...classes, cls('c7', 'Grade 7 M', '2026-2027', 3), cls('c8', 'Grade 8 N', '2026-2027', 1)];
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const outcome = await screen.findByLabelText('What happens to Grade 8 N (2026-2027)');
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(outcome.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(missing)).toBeTruthy();
    // The message named Grade 8 N; the other new class is not marked for it, and nothing is left below the form.
    expect(screen.getByLabelText('What happens to Grade 7 M (2026-2027)').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a refusal that concerns no row (no field) as the form's message", async () => {
    mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'POST /api/v1/promotions/preview': () =>
        apiError(409, 'conflict', 'These students have already been promoted to 2027-2028'),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'These students have already been promoted to 2027-2028',
    );
  });

  // The wizard's own message (a refusal that concerns no row) takes the focus, as a form's FormAlert does, on both
  // steps: otherwise a keyboard or screen-reader user stays on the button and hears nothing.
  it("focuses the form's message, on Preview and on Promote", async () => {
    const taken = 'These students have already been promoted to 2027-2028';
    let refuse = false;
    mockFetch({
      'GET /api/v1/classes': () => json({ items: classes }),
      'POST /api/v1/promotions/preview': () => (refuse ? apiError(409, 'conflict', taken) : json(preview)),
      'POST /api/v1/promotions': () => apiError(409, 'conflict', taken),
    });
    renderWithProviders(<PromotionWizard years={years} onClose={vi.fn()} />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Next class for Grade 1 (2026-2027)'), 'n2');
    await userEvent.selectOptions(screen.getByLabelText('What happens to Grade 6 (2026-2027)'), 'graduate');
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const onPreview = await screen.findByRole('alert');
    expect(onPreview.textContent).toBe(taken);
    await waitFor(() => expect(document.activeElement).toBe(onPreview));

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('Promoted: 20 · Repeating: 0 · Graduated: 18');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Promote students' }));
    const onPromote = await screen.findByRole('alert');
    expect(onPromote.textContent).toBe(taken);
    await waitFor(() => expect(document.activeElement).toBe(onPromote));
  });
});
