import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ClassPage } from './class-page';
import { ClassesPage } from './classes-page';

const klass: ClassDetailResponse = {
  id: 'class-1',
  name: 'Grade 5',
  section: 'A',
  label: 'Grade 5 A',
  academicYear: '2026-2027',
  subjects: [{ id: 'sub-1', name: 'Mathematics' }],
  assignedTeachers: [],
  classTeacherId: null,
  classTeacherName: null,
  studentCount: 0,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
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
