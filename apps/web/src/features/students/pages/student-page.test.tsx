import { act, screen } from '@testing-library/react';
import { isolateText } from '@lyceum/shared/i18n/translate';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { StudentPage } from './student-page';

const profile = {
  id: 'stu-a',
  name: 'Ada Alpha',
  email: 'ada@alpha.test',
  phone: null,
  schoolId: 'school-a',
  classId: 'class-1',
  className: 'Grade 5',
  section: 'A',
  classLabel: 'Grade 5 A',
  rollNumber: 3,
  academicYear: '2026-2027',
  profileImage: null,
  parents: [],
  isActive: true,
  lastLoginAt: null,
  createdAt: '2026-09-01T08:00:00.000Z',
  classTeacherId: null,
  classTeacherName: null,
  attendanceSummary: null,
  recentMarks: [],
  feeSummary: null,
  upcomingExams: [],
};

/** The profile page at `path` (a student's), as `role` signed in sees it. */
const openProfile = (role: Parameters<typeof signedIn>[0], path: string) =>
  renderWithProviders(null, {
    auth: signedIn(role),
    path,
    routes: [{ path: '/students/:id', element: <StudentPage /> }],
  });

describe('StudentPage', () => {
  it('shows a company admin the profile in the school named by the URL, links kept within that school', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/students/stu-a': () => json(profile) });
    openProfile('company_admin', '/students/stu-a?schoolId=school-a');
    expect(await screen.findByRole('heading', { name: 'Ada Alpha', level: 1 })).toBeTruthy();
    const asked = calls.map((c) => new URL(c.url, 'http://x')).find((u) => u.pathname === '/api/v1/students/stu-a');
    expect(asked?.searchParams.get('schoolId')).toBe('school-a');
    expect(screen.getByRole('link', { name: 'Students' }).getAttribute('href')).toBe('/students?schoolId=school-a');
    expect(screen.getByRole('link', { name: 'Grade 5 A' }).getAttribute('href')).toBe(
      '/classes/class-1?schoolId=school-a',
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // Company staff do not see students' emergency contacts.
    expect(calls.some((c) => c.url.includes('emergency-contacts'))).toBe(false);
  });

  // A malformed id, or a company admin's link without the school: final answers, as an unknown id is.
  it.each([
    ['a malformed id', 'school_admin', '/students/not-a-uuid', 'Invalid data: Invalid id'],
    ['no school named', 'company_admin', '/students/stu-a', 'Valid school ID is required for students'],
  ] as const)('says the student is not found for %s, without Retry', async (_, role, path, message) => {
    mockFetch({
      'GET /api/v1/students/not-a-uuid': () => apiError(400, 'validation', message),
      'GET /api/v1/students/stu-a': () => apiError(400, 'validation', message),
    });
    openProfile(role, path);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Student not foundThis student does not exist or is not one you can see.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("shows the office the student's emergency contacts, to call or edit", async () => {
    mockFetch({
      'GET /api/v1/students/stu-a': () => json(profile),
      'GET /api/v1/students/stu-a/emergency-contacts': () =>
        json({
          studentId: 'stu-a',
          studentName: 'Ada Alpha',
          contacts: [{ id: 'c1', name: 'Maria Lopez', relationship: 'Mother', phone: '+34 600 123 456', position: 1 }],
        }),
    });
    openProfile('principal', '/students/stu-a');
    expect(await screen.findByRole('heading', { name: 'Emergency contacts' })).toBeTruthy();
    const call = await screen.findByRole('link', { name: 'Call Maria Lopez at +34 600 123 456' });
    expect(call.getAttribute('href')).toBe('tel:+34600123456');
    expect(screen.getByRole('button', { name: 'Edit emergency contacts of Ada Alpha' })).toBeTruthy();
  });

  it('asks a school user’s school from the session, not the URL', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/students/stu-a': () => json(profile) });
    openProfile('school_admin', '/students/stu-a');
    expect(await screen.findByRole('heading', { name: 'Ada Alpha', level: 1 })).toBeTruthy();
    const asked = calls.map((c) => new URL(c.url, 'http://x')).find((u) => u.pathname === '/api/v1/students/stu-a');
    expect(asked?.search).toBe('');
    expect(screen.getByRole('link', { name: 'Students' }).getAttribute('href')).toBe('/students');
  });

  it('isolates the student’s name in the heading and details, and the parents’ names, right to left', async () => {
    // docs/product.md, "In the web app": right to left `Doe, "Jane"` must never read `"Doe, "Jane`.
    mockFetch({
      'GET /api/v1/students/stu-a': () =>
        json({
          ...profile,
          name: 'Doe, "Jane"',
          classTeacherName: 'Tess Teacher',
          parents: [{ id: 'par-1', name: 'Doe, "John" Sr.', relationship: 'Father' }],
        }),
    });
    try {
      await act(() => changeLanguage('ar'));
      openProfile('school_admin', '/students/stu-a');
      const heading = await screen.findByRole('heading', { name: 'Doe, "Jane"', level: 1 });
      expect(heading.firstElementChild?.tagName).toBe('BDI');
      expect(heading.firstElementChild?.textContent).toBe('Doe, "Jane"');
      const shown = screen.getAllByText('Doe, "Jane"');
      expect(shown.length).toBeGreaterThanOrEqual(2); // the heading and the details
      for (const name of shown) expect(name.tagName).toBe('BDI');
      expect(screen.getByText('Tess Teacher').tagName).toBe('BDI');
      expect(screen.getByText('Doe, "John" Sr.').tagName).toBe('BDI');
      expect(screen.getAllByText('Grade 5 A').every((e) => e.tagName === 'BDI')).toBe(true);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("shows the student's attendance figures with a link to their history, to school roles only", async () => {
    // docs/product.md, "Students": the summary is the rate the history shows.
    const summary = { present: 23, absent: 2, late: 4, total: 29, rate: 93 };
    mockFetch({
      'GET /api/v1/students/stu-a': () => json({ ...profile, attendanceSummary: summary }),
      'GET /api/v1/students/stu-a/emergency-contacts': () =>
        json({ studentId: 'stu-a', studentName: 'Ada Alpha', contacts: [] }),
    });
    const { unmount } = openProfile('parent', '/students/stu-a');
    const card = (await screen.findByRole('heading', { name: 'Attendance' })).closest('section') as HTMLElement;
    const figures = [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Present', '23'],
      ['Absent', '2'],
      ['Late', '4'],
      ['Rate', '93%'],
    ]);
    expect(screen.queryByText('No attendance recorded yet')).toBeNull();
    expect(screen.getByRole('link', { name: 'View attendance history' }).getAttribute('href')).toBe(
      '/attendance?tab=history&student=stu-a',
    );
    unmount();

    // Company staff read the profile but not attendance: the figures, no link.
    mockFetch({ 'GET /api/v1/students/stu-a': () => json({ ...profile, attendanceSummary: summary }) });
    openProfile('company_admin', '/students/stu-a?schoolId=school-a');
    expect(await screen.findByText('93%')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View attendance history' })).toBeNull();
  });

  it('says no attendance is recorded yet when the student has none', async () => {
    mockFetch({ 'GET /api/v1/students/stu-a': () => json(profile) });
    openProfile('school_admin', '/students/stu-a');
    expect(await screen.findByText('No attendance recorded yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View attendance history' })).toBeNull();
  });

  it('speaks Arabic, right to left', async () => {
    mockFetch({
      'GET /api/v1/students/stu-a': () =>
        json({
          ...profile,
          phone: '+212 661 000 111',
          attendanceSummary: { present: 18, absent: 1, late: 1, total: 20, rate: 95 },
          parents: [{ id: 'par-1', name: 'Pat Parent', relationship: 'Mother' }],
        }),
    });
    try {
      await act(() => changeLanguage('ar'));
      openProfile('school_admin', '/students/stu-a');
      expect(await screen.findByRole('heading', { name: 'أولياء الأمور' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'الحضور' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'عرض سجل الحضور' })).toBeTruthy();
      // The class label is isolated inside the sentence (docs/product.md, "In the web app").
      expect(screen.getByText(`${isolateText('Grade 5 A')} · رقم القيد 3`)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'إلغاء ربط \u2068Pat Parent\u2069' })).toBeTruthy();
      // The phone is isolated left to right, so it is not drawn 111 000 661 212+.
      expect(screen.getByText('+212 661 000 111').closest('[dir="ltr"]')).not.toBeNull();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
