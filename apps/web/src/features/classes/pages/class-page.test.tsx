import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn, type MockHandlers } from '../../../test/utils';
import { aClass, timetableSlot } from '../../../test/fixtures';
import { ClassPage } from './class-page';
import { ClassesPage } from './classes-page';

const klass: ClassDetailResponse = {
  ...aClass({ id: 'class-1', name: 'Grade 5', subjects: [{ id: 'sub-1', name: 'Mathematics' }] }),
  students: [],
};

describe('Classes in another language', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('shows a class in Arabic, right to left', async () => {
    await act(() => changeLanguage('ar'));
    mockFetch({ 'GET /api/v1/classes/class-1': () => json(klass) });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    expect(await screen.findByRole('heading', { name: 'Grade 5 A', level: 1 })).toBeTruthy();
    expect(screen.getByText('رائد الفصل: غير محدد')).toBeTruthy();
    expect(screen.getByText('لا يوجد طلاب في هذا الفصل بعد')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تسجيل طالب' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('isolates the class teacher’s name in Arabic, so `Smith Jr.` keeps its full stop at its end', async () => {
    await act(() => changeLanguage('ar'));
    mockFetch({ 'GET /api/v1/classes/class-1': () => json({ ...klass, classTeacherName: 'Smith Jr.' }) });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    expect((await screen.findByText(/رائد الفصل:/)).textContent).toBe('رائد الفصل: \u2068Smith Jr.\u2069');
  });

  it.each(['en', 'es'] as const)('lists a teacher’s subjects in %s without bidi isolates', async (language) => {
    await act(() => changeLanguage(language));
    const subjects = [...klass.subjects, { id: 'sub-2', name: 'Physics' }];
    mockFetch({
      'GET /api/v1/classes/class-1': () =>
        json({
          ...klass,
          assignedTeachers: [{ teacherId: 't-1', teacherName: 'Tom Teacher', subjects, isClassTeacher: false }],
        }),
    });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    await userEvent.setup().click(await screen.findByRole('tab', { name: /Teachers|Profesores/ }));
    expect((await screen.findByText('Mathematics, Physics')).textContent).toBe('Mathematics, Physics');
    expect(document.body.textContent).not.toMatch(/[\u2066-\u2069]/);
  });

  it('isolates each subject of a teacher in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    const subjects = [...klass.subjects, { id: 'sub-2', name: 'Physics' }];
    mockFetch({
      'GET /api/v1/classes/class-1': () =>
        json({
          ...klass,
          assignedTeachers: [{ teacherId: 't-1', teacherName: 'Tom Teacher', subjects, isClassTeacher: false }],
        }),
    });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    await userEvent.setup().click(await screen.findByRole('tab', { name: /المعلمون/ }));
    expect(await screen.findByText('\u2068Mathematics\u2069، \u2068Physics\u2069')).toBeTruthy();
  });

  it('shows a teacher their classes in Spanish', async () => {
    await act(() => changeLanguage('es'));
    mockFetch({
      'GET /api/v1/my-classes': () =>
        json({
          items: [{ ...klass, studentCount: 1, isClassTeacher: true, mySubjects: [] }],
        }),
    });
    renderWithProviders(<ClassesPage />, { auth: signedIn('teacher') });
    expect(await screen.findByRole('heading', { name: 'Mis clases', level: 1 })).toBeTruthy();
    expect(await screen.findByText('1 alumno')).toBeTruthy();
    expect(screen.getByText('Tutor de la clase')).toBeTruthy();
  });
});

describe("a class's empty Teachers tab", () => {
  it.each([
    ['school_admin', true],
    ['teacher', false],
  ] as const)('says where teachers come from to those who assign them (%s)', async (role, hint) => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/v1/classes/class-1': () => json(klass) });
    renderWithProviders(null, {
      auth: signedIn(role),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    await user.click(await screen.findByRole('tab', { name: /Teachers/ }));
    expect(screen.getByText('No teachers assigned yet')).toBeTruthy();
    expect(Boolean(screen.queryByText(/New teachers are added on the Teachers page/))).toBe(hint);
  });
});

describe('the way to the timetable', () => {
  it('offers school admins the timetable from the Classes page', async () => {
    mockFetch({ 'GET /api/v1/classes': () => json({ items: [klass] }) });
    renderWithProviders(<ClassesPage />, { auth: signedIn('school_admin') });
    expect((await screen.findByRole('link', { name: 'Timetable' })).getAttribute('href')).toBe('/timetable');
  });

  it.each(['principal', 'teacher'] as const)("opens this class's week from the class page (%s)", async (role) => {
    mockFetch({ 'GET /api/v1/classes/class-1': () => json(klass) });
    renderWithProviders(null, {
      auth: signedIn(role),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    expect((await screen.findByRole('link', { name: 'Timetable' })).getAttribute('href')).toBe(
      '/timetable?class=class-1',
    );
  });

  it('offers no timetable for an inactive class', async () => {
    mockFetch({ 'GET /api/v1/classes/class-1': () => json({ ...klass, isActive: false }) });
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [{ path: '/classes/:id', element: <ClassPage /> }],
    });
    expect(await screen.findByRole('heading', { name: 'Grade 5 A', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Timetable' })).toBeNull();
  });
});

describe("the timetable's refusals", () => {
  const taught: ClassDetailResponse = {
    ...klass,
    assignedTeachers: [
      { teacherId: 'teacher-1', teacherName: 'Tom Teacher', subjects: klass.subjects, isClassTeacher: false },
    ],
  };
  const openClass = () => {
    toast.remove();
    renderWithProviders(null, {
      auth: signedIn('school_admin'),
      path: '/classes/class-1',
      routes: [
        {
          path: '/classes/:id',
          element: (
            <>
              <ClassPage />
              <Toaster />
            </>
          ),
        },
      ],
    });
  };

  /** The class page with its Deactivate dialog open, the server answering the deactivation with `deactivate`. */
  const deactivateDialog = async (user: ReturnType<typeof userEvent.setup>, deactivate: MockHandlers[string]) => {
    mockFetch({
      'GET /api/v1/classes/class-1': () => json(taught),
      'POST /api/v1/classes/class-1/deactivate': deactivate,
    });
    openClass();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    return screen.findByRole('dialog', { name: 'Deactivate Grade 5 A?' });
  };

  it("shows the server's refusal to unassign a teacher with lessons, and the dialog stays open", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherSubjectHasLessons('Mathematics', 2);
    mockFetch({
      'GET /api/v1/classes/class-1': () => json(taught),
      'DELETE /api/v1/classes/class-1/teachers/teacher-1': () => apiError(409, 'conflict', refusal),
    });
    openClass();
    await user.click(await screen.findByRole('tab', { name: /Teachers/ }));
    await user.click(await screen.findByRole('button', { name: 'Unassign Tom Teacher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign Tom Teacher?' });
    expect(within(dialog).getByText(/Delete their lessons in its timetable first\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    // Inside the modal, announced: a toast outside it would be hidden from screen readers.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Unassign Tom Teacher?' })).toBeTruthy();
  });

  it('offers, after that refusal, the class’s timetable and to delete just that teacher’s lessons of the subject there; then unassigns', async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherSubjectHasLessons('Mathematics', 2);
    const ofTom = { subjectId: 'sub-1', subject: 'Mathematics', teacherId: 'teacher-1', teacherName: 'Tom Teacher' };
    // A colleague's Mathematics lesson in the same class is not Tom's, and stays.
    let items = [
      timetableSlot({ id: 's1', ...ofTom }),
      timetableSlot({ id: 's2', ...ofTom, startTime: '09:00', endTime: '09:45' }),
      timetableSlot({ id: 's3', subjectId: 'sub-1', subject: 'Mathematics', startTime: '10:00', endTime: '10:45' }),
    ];
    const { calls } = mockFetch({
      'GET /api/v1/classes/class-1': () => json(taught),
      'DELETE /api/v1/classes/class-1/teachers/teacher-1': () =>
        items.some((s) => s.teacherId === 'teacher-1')
          ? apiError(409, 'conflict', refusal)
          : json({ ...taught, assignedTeachers: [] }),
      'GET /api/v1/timetable/classes/class-1': () => json({ items }),
      'DELETE /api/v1/timetable/slots': () => {
        items = items.filter((s) => s.teacherId !== 'teacher-1');
        return json({ deleted: 2 });
      },
    });
    openClass();
    await user.click(await screen.findByRole('tab', { name: /Teachers/ }));
    await user.click(await screen.findByRole('button', { name: 'Unassign Tom Teacher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign Tom Teacher?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(within(dialog).getByRole('link', { name: 'Open the timetable of Grade 5 A' }).getAttribute('href')).toBe(
      '/timetable?class=class-1',
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the 2 Mathematics lessons…' }));
    expect(
      within(dialog).getByText('2 Mathematics lessons of Tom Teacher in Grade 5 A will be deleted from the timetable.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete them' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('2 lessons deleted. Try again now.');
    expect(calls.find((c) => c.url.startsWith('/api/v1/timetable/slots'))?.url).toBe(
      '/api/v1/timetable/slots?classId=class-1&teacherId=teacher-1&subjectId=sub-1',
    );
    // The original action, tried again, now goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Tom Teacher no longer teaches Grade 5 A')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links a refusal to deactivate a class with lessons to its timetable', async () => {
    const user = userEvent.setup();
    const dialog = await deactivateDialog(user, () => apiError(409, 'conflict', PEOPLE_MESSAGES.classHasLessons(3)));
    expect(within(dialog).queryByRole('link')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await within(dialog).findByRole('alert');
    expect(within(dialog).getByRole('link', { name: 'Open the timetable of Grade 5 A' }).getAttribute('href')).toBe(
      '/timetable?class=class-1',
    );
  });

  it("shows the server's refusal to deactivate a class with lessons, and the dialog stays open", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.classHasLessons(3);
    const dialog = await deactivateDialog(user, () => apiError(409, 'conflict', refusal));
    expect(within(dialog).getByText(/delete its timetable lessons first\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Deactivate Grade 5 A?' })).toBeTruthy();
  });

  it('clears the refusal when the deactivation is retried, and closes the dialog once it succeeds', async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.classHasLessons(3);
    let refused = false;
    const dialog = await deactivateDialog(user, () => {
      if (refused) return json({ ...taught, isActive: false });
      refused = true;
      return apiError(409, 'conflict', refusal);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Grade 5 A deactivated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('forgets the refusal when the dialog is cancelled and opened again', async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.classHasLessons(3);
    let dialog = await deactivateDialog(user, () => apiError(409, 'conflict', refusal));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(refusal)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate Grade 5 A?' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
