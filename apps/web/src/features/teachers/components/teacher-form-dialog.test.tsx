import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { aClass, aTeacher } from '../../../test/fixtures';
import { TeacherFormDialog } from './teacher-form-dialog';

/** Types a valid teacher with this experience, submits, and answers what the experience field says. */
async function experienceMessage(typed: string): Promise<string | null | undefined> {
  const user = userEvent.setup();
  const { calls } = mockFetch({
    'GET /api/v1/subjects': () => json({ items: [] }),
    'GET /api/v1/classes': () => json({ items: [] }),
  });
  const { unmount } = renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, {
    auth: signedIn('school_admin'),
  });
  await user.type(screen.getByLabelText('Full name'), 'Tom Teacher');
  await user.type(screen.getByLabelText('E-mail'), 'tom@x.test');
  await user.type(screen.getByLabelText('Experience (years)'), typed);
  await user.click(screen.getByRole('button', { name: 'Add teacher' }));
  await waitFor(() => expect(document.getElementById('teacher-experience-error')).not.toBeNull());
  const message = document.getElementById('teacher-experience-error')?.textContent;
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  unmount();
  return message;
}

describe('the teacher form checks experience with the server’s words', () => {
  it('says what the server says for a negative, a fraction and too many years', async () => {
    expect(await experienceMessage('-2')).toBe('Experience cannot be negative');
    expect(await experienceMessage('2.5')).toBe('Experience must be a whole number of years');
    expect(await experienceMessage('81')).toBe('Experience must be at most 80 years');
  });

  it('in the reader’s language', async () => {
    try {
      await act(() => changeLanguage('es'));
      const user = userEvent.setup();
      mockFetch({
        'GET /api/v1/subjects': () => json({ items: [] }),
        'GET /api/v1/classes': () => json({ items: [] }),
      });
      renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
      await user.type(screen.getByLabelText('Experiencia (años)'), '-2');
      await user.click(screen.getByRole('button', { name: 'Añadir profesor' }));
      expect(await screen.findByText('La experiencia no puede ser negativa')).toBeTruthy();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

describe('the teacher form’s class picker', () => {
  const klass = (id: string, name: string, academicYear: string, label: string) =>
    aClass({ id, name, academicYear, label, createdAt: '2026-09-01T00:00:00.000Z' });

  it('tells same-name classes of two years apart and leaves a class with no namesake as it was', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [] }),
      'GET /api/v1/classes': () =>
        json({
          items: [
            klass('c5', 'Grade 5', '2026-2027', 'Grade 5 A'),
            klass('c6-now', 'Grade 6', '2026-2027', 'Grade 6 A (2026-2027)'),
            klass('c6-next', 'Grade 6', '2027-2028', 'Grade 6 A (2027-2028)'),
          ],
        }),
    });
    renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.click(screen.getByRole('button', { name: 'Assign to a class' }));
    const picker = screen.getByLabelText('Class');
    await waitFor(() => expect(picker.querySelectorAll('option[value^="c"]')).toHaveLength(3));
    const labels = [...picker.querySelectorAll('option[value^="c"]')].map((o) => o.textContent);
    expect(labels).toEqual(['Grade 5 A', 'Grade 6 A (2026-2027)', 'Grade 6 A (2027-2028)']);
  });
});

describe('the teacher form’s subjects', () => {
  it('keeps a subject deactivated since on the teacher, marked inactive, when another field is saved', async () => {
    const user = userEvent.setup();
    const editing = aTeacher({
      id: 'teacher-1',
      name: 'Tom Teacher',
      email: 'tom@x.test',
      subjects: [{ id: 'art', name: 'Art' }],
    });
    const { calls } = mockFetch({
      // Active subjects only: Art was deactivated after the teacher was given it.
      'GET /api/v1/subjects': () =>
        json({
          items: [{ id: 'maths', name: 'Maths', code: null, isActive: true, createdAt: '2026-01-01T00:00:00Z' }],
        }),
      'PATCH /api/v1/teachers/teacher-1': () => json({ ...editing, qualification: 'MSc' }),
    });
    renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} editing={editing} />, {
      auth: signedIn('school_admin'),
    });
    const art = await screen.findByRole('checkbox', { name: 'Art (inactive)' });
    expect((art as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Maths' }) as HTMLInputElement).checked).toBe(false);
    await user.type(screen.getByLabelText('Qualification'), 'MSc');
    await user.click(screen.getByRole('button', { name: 'Save teacher' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ qualification: 'MSc', subjectIds: ['art'] });
  });
});

describe('a class picked in the teacher form', () => {
  const HISTORY = { id: 'sub-history', name: 'History' };
  const MATHS = { id: 'sub-maths', name: 'Mathematics' };

  it("starts with the class's subjects the teacher can teach ticked, and says what no subject ticked means", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/subjects': () => json({ items: [HISTORY, MATHS] }),
      'GET /api/v1/classes': () => json({ items: [aClass({ id: 'c5', name: 'Grade 5', subjects: [HISTORY, MATHS] })] }),
      'POST /api/v1/teachers': () =>
        json({ teacher: aTeacher({ id: 'tea-h', name: 'Harry History' }), temporaryPassword: 'x' }),
    });
    renderWithProviders(<TeacherFormDialog open onOpenChange={vi.fn()} />, { auth: signedIn('school_admin') });
    await user.type(screen.getByLabelText('Full name'), 'Harry History');
    await user.type(screen.getByLabelText('E-mail'), 'harry@x.test');
    await user.click(await screen.findByRole('checkbox', { name: 'History' }));
    await user.click(screen.getByRole('button', { name: 'Assign to a class' }));
    const picker = screen.getByLabelText('Class');
    await waitFor(() => expect(picker.querySelectorAll('option[value="c5"]')).toHaveLength(1));
    await user.selectOptions(picker, 'c5');

    const inClass = screen.getByRole('group', { name: 'Subjects in Grade 5 A' });
    expect((within(inClass).getByRole('checkbox', { name: 'History' }) as HTMLInputElement).checked).toBe(true);
    expect((within(inClass).getByRole('checkbox', { name: 'Mathematics' }) as HTMLInputElement).checked).toBe(false);
    const hint = /No subject ticked: the teacher will be on Grade 5 A/;
    expect(screen.queryByText(hint)).toBeNull();
    await user.click(within(inClass).getByRole('checkbox', { name: 'History' }));
    expect(screen.getByText(hint)).toBeTruthy();
    await user.click(within(inClass).getByRole('checkbox', { name: 'History' }));

    await user.click(screen.getByRole('button', { name: 'Add teacher' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      subjectIds: [HISTORY.id],
      assignedClasses: [{ classId: 'c5', subjectIds: [HISTORY.id], isClassTeacher: false }],
    });
  });
});
