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
});
