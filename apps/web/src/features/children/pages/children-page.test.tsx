import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ChildrenPage } from './children-page';

const child = {
  id: 'stu-a',
  name: 'Ada Alpha',
  email: 'ada@alpha.test',
  relationship: 'Mother',
  classId: 'class-1',
  className: 'Grade 5',
  section: 'A',
  rollNumber: 3,
  academicYear: '2026-2027',
  profileImage: null,
  isActive: true,
  classTeacherName: null,
  todayAttendance: 'late' as const,
  todayLessons: [],
  attendanceRate: 96,
  recentMarks: [{}, {}],
  pendingFees: [],
  upcomingExams: [],
};

describe('ChildrenPage', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('names the class as every other page does ("Grade 5 A")', async () => {
    mockFetch({ 'GET /api/v1/children': () => json({ items: [child] }) });
    renderWithProviders(<ChildrenPage />, { auth: signedIn('parent') });
    expect((await screen.findByText(/Roll 3/)).textContent).toContain('Grade 5 A');
  });

  it('shows a parent their children in Arabic, right to left', async () => {
    await changeLanguage('ar');
    mockFetch({ 'GET /api/v1/children': () => json({ items: [child] }) });
    renderWithProviders(<ChildrenPage />, { auth: signedIn('parent') });
    expect(await screen.findByRole('heading', { name: 'أبنائي', level: 1 })).toBeTruthy();
    expect(await screen.findByText('درجتان حديثتان.')).toBeTruthy();
    expect(screen.getByText('متأخر')).toBeTruthy();
    expect(screen.getByText('أم')).toBeTruthy();
    expect(screen.getByText('رائد الفصل: لم يُعيَّن بعد')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it("isolates right to left the child's name (<bdi>), their class teacher's and their lessons' names", async () => {
    await changeLanguage('ar');
    const named = {
      ...child,
      name: 'Doe, "Jane"',
      classTeacherName: 'Smith Jr.',
      todayLessons: [
        {
          slotId: 'slot-1',
          classId: 'class-1',
          className: 'Grade 5 A',
          subject: 'Maths (set 2)',
          teacherName: 'Tess Teacher.',
          room: 'Room 1 (lab)',
          startTime: '08:30',
          endTime: '09:15',
          marked: false,
        },
      ],
    };
    mockFetch({ 'GET /api/v1/children': () => json({ items: [named] }) });
    renderWithProviders(<ChildrenPage />, { auth: signedIn('parent') });
    const link = await screen.findByRole('link', { name: 'Doe, "Jane"' });
    expect(link.querySelector('bdi')?.textContent).toBe('Doe, "Jane"');
    expect(screen.getByText('Doe, "Jane"').tagName).toBe('BDI');
    expect(screen.getByText(/رائد الفصل/).textContent).toBe('رائد الفصل: \u2068Smith Jr.\u2069');
    for (const text of ['Maths (set 2)', 'Tess Teacher.', 'Room 1 (lab)']) {
      expect([text, screen.getByText(text).tagName]).toEqual([text, 'BDI']);
    }
  });
});
