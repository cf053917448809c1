import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { isolateText } from '@lyceum/shared/i18n/translate';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { aTeacher, timetableSlot } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { TeacherPage } from './teacher-page';
import { TeachersPage } from './teachers-page';

const teacher = aTeacher({
  id: 'tea-1',
  name: 'Tara Teachwell',
  email: 'tara@x.test',
  subjects: [
    { id: 'sub-1', name: 'Mathematics' },
    { id: 'sub-2', name: 'Physics' },
  ],
  classes: ['class-1'],
  assignedClasses: [
    {
      classId: 'class-1',
      className: 'Grade 5',
      section: 'A',
      classLabel: 'Grade 5 A',
      subjects: [],
      isClassTeacher: true,
    },
  ],
  experience: 3,
});

describe('Teachers in another language', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('lists the teachers in Spanish', async () => {
    await act(() => changeLanguage('es'));
    mockFetch({
      'GET /api/v1/teachers': () => json({ items: [teacher], nextCursor: null, total: 1 }),
      'GET /api/v1/subjects': () => json({ items: [] }),
    });
    renderWithProviders(<TeachersPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByRole('heading', { name: 'Profesores', level: 1 })).toBeTruthy();
    expect(await screen.findByText('3 años')).toBeTruthy();
    expect(screen.getByText('Grade 5 A · tutor de la clase')).toBeTruthy();
  });

  it('shows a teacher’s profile in Arabic, right to left', async () => {
    await act(() => changeLanguage('ar'));
    mockFetch({ 'GET /api/v1/teachers/tea-1': () => json({ ...teacher, phone: '06 12 34 56 78' }) });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/teachers/tea-1',
      routes: [{ path: '/teachers/:id', element: <TeacherPage /> }],
    });
    expect(await screen.findByRole('heading', { name: 'الفصول المسندة' })).toBeTruthy();
    // Each subject isolated, the Arabic comma between them.
    expect(screen.getByText(`${isolateText('Mathematics')}، ${isolateText('Physics')}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تعديل المعلم' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    // The phone keeps its own order (isolated left to right), not 78 56 34 12 06.
    expect(screen.getByText('06 12 34 56 78').closest('[dir="ltr"]')).not.toBeNull();
  });
});

describe('subjects left to right', () => {
  afterEach(() => act(() => changeLanguage('en')));
  const withSubjects = {
    ...teacher,
    assignedClasses: [{ ...teacher.assignedClasses[0], subjects: [{ id: 'sub-2', name: 'Physics' }] }],
  } as typeof teacher;

  it.each(['en', 'es'] as const)('lists a teacher’s subjects in %s without bidi isolates', async (language) => {
    await act(() => changeLanguage(language));
    mockFetch({
      'GET /api/v1/teachers': () => json({ items: [withSubjects], nextCursor: null, total: 1 }),
      'GET /api/v1/subjects': () => json({ items: [] }),
    });
    renderWithProviders(<TeachersPage />, { auth: signedIn('school_admin') });
    // The marks are invisible but travel with copied text; only right-to-left sentences carry them.
    expect((await screen.findByText('Mathematics, Physics')).textContent).toBe('Mathematics, Physics');
    expect(document.body.textContent).not.toMatch(/[\u2066-\u2069]/);
  });

  it.each(['en', 'es'] as const)('shows a teacher’s profile in %s without bidi isolates', async (language) => {
    await act(() => changeLanguage(language));
    mockFetch({ 'GET /api/v1/teachers/tea-1': () => json(withSubjects) });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/teachers/tea-1',
      routes: [{ path: '/teachers/:id', element: <TeacherPage /> }],
    });
    expect((await screen.findByText('Mathematics, Physics')).textContent).toBe('Mathematics, Physics');
    expect(screen.getByText('Physics').textContent).toBe('Physics');
    expect(document.body.textContent).not.toMatch(/[\u2066-\u2069]/);
  });
});

describe('deactivating a teacher who still has lessons', () => {
  it("links the refusal to the teacher's timetable, and offers to delete their lessons of each subject", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherHasLessons(4);
    const ofTara = { teacherId: 'tea-1', teacherName: 'Tara Teachwell' };
    const { calls } = mockFetch({
      'GET /api/v1/teachers/tea-1': () => json(teacher),
      'POST /api/v1/teachers/tea-1/deactivate': () => apiError(409, 'conflict', refusal),
      'GET /api/v1/timetable/teachers/tea-1': () =>
        json({
          items: [
            timetableSlot({ id: 's1', ...ofTara, subjectId: 'sub-2', subject: 'Physics' }),
            timetableSlot({ id: 's2', ...ofTara, subjectId: 'sub-1', subject: 'Mathematics' }),
          ],
        }),
      'DELETE /api/v1/timetable/slots': () => json({ deleted: 1 }),
    });
    renderWithProviders(null, {
      auth: signedIn('principal'),
      path: '/teachers/tea-1',
      routes: [{ path: '/teachers/:id', element: <TeacherPage /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Tara Teachwell?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(
      within(dialog).getByRole('link', { name: 'Open the timetable of Tara Teachwell' }).getAttribute('href'),
    ).toBe('/timetable?teacher=tea-1');
    expect(await within(dialog).findByRole('button', { name: 'Delete the 1 Mathematics lesson…' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete the 1 Physics lesson…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete it' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('1 lesson deleted. Try again now.');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/api/v1/timetable/slots?teacherId=tea-1&subjectId=sub-2',
    );
  });
});

describe('the Teachers list', () => {
  it('marks a class the teacher is on with no subject there, so it does not read as teaching it', async () => {
    const onClass = { ...teacher.assignedClasses[0], isClassTeacher: false } as (typeof teacher.assignedClasses)[0];
    const harry = aTeacher({
      id: 'tea-2',
      name: 'Harry History',
      assignedClasses: [
        onClass,
        { ...onClass, classId: 'class-2', classLabel: 'Grade 6 A', subjects: [{ id: 'sub-3', name: 'History' }] },
      ],
    });
    mockFetch({
      'GET /api/v1/teachers': () => json({ items: [harry], nextCursor: null, total: 1 }),
      'GET /api/v1/subjects': () => json({ items: [] }),
    });
    renderWithProviders(<TeachersPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByText('Grade 5 A · no subjects')).toBeTruthy();
    expect(screen.getByText('Grade 6 A')).toBeTruthy();
  });
});
