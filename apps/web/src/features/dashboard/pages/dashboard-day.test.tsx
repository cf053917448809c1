import type { DashboardDay, DayLesson } from '@lyceum/shared/day';
import type { Role } from '@lyceum/shared/roles';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { DashboardPage } from './dashboard-page';

const lesson = (over: Partial<DayLesson> = {}): DayLesson => ({
  slotId: 'slot-1',
  classId: 'class-1',
  className: 'Grade 5 A',
  subject: 'Mathematics',
  teacherName: 'Tomás Teacher',
  room: 'R1',
  startTime: '08:30',
  endTime: '09:15',
  marked: false,
  ...over,
});

const emptyDay: DashboardDay = {
  date: '2026-11-24',
  weekday: 'tuesday',
  lessons: [],
  toMark: [],
  classes: [],
  week: [],
  rate: null,
  children: [],
};

function renderDay(role: Role, day: Partial<DashboardDay>) {
  mockFetch({
    'GET /api/v1/dashboard': () =>
      json({ role, title: 'Demo School', stats: [], subscription: null, day: { ...emptyDay, ...day } }),
  });
  renderWithProviders(<DashboardPage />, { auth: signedIn(role) });
}

describe("the dashboard's day", () => {
  afterEach(() => act(() => changeLanguage('en')));

  it("shows a teacher today's lessons with their marks and links the classes still to mark", async () => {
    renderDay('teacher', {
      lessons: [lesson({ marked: true }), lesson({ slotId: 'slot-2', startTime: '10:00', endTime: '10:45' })],
      toMark: [{ classId: 'class-2', className: 'Grade 6 B' }],
    });
    const lessons = await screen.findByRole('list', { name: "Today's lessons" });
    expect(within(lessons).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lessons).getByText('Marked')).toBeTruthy();
    expect(within(lessons).getByText('Not marked')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Today, Tuesday' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Mark Grade 6 B/ }).getAttribute('href')).toBe(
      '/attendance/mark?class=class-2',
    );
    expect(screen.getByRole('link', { name: /Timetable/ }).getAttribute('href')).toBe('/timetable');
  });

  it('says "No classes today" and that nothing is left to mark on a free day', async () => {
    renderDay('teacher', { weekday: 'sunday' });
    expect(await screen.findByText('No classes today')).toBeTruthy();
    expect(screen.getByText('Nothing left to mark today.')).toBeTruthy();
  });

  it("shows the principal today's attendance by class and the week's trend", async () => {
    renderDay('principal', {
      classes: [
        {
          classId: 'c1',
          className: 'Grade 5 A',
          students: 30,
          marked: true,
          present: 27,
          late: 1,
          absent: 2,
          rate: 93,
        },
        {
          classId: 'c2',
          className: 'Grade 6 B',
          students: 28,
          marked: false,
          present: 0,
          late: 0,
          absent: 0,
          rate: null,
        },
      ],
      week: [
        { date: '2026-11-23', rate: 95 },
        { date: '2026-11-24', rate: 93 },
      ],
    });
    const byClass = await screen.findByRole('list', { name: 'Attendance by class' });
    expect(within(byClass).getByText('93%')).toBeTruthy();
    expect(within(byClass).getByText('2 absent')).toBeTruthy();
    expect(within(byClass).getByText('Not marked')).toBeTruthy();
    expect(screen.getByText('Marked: 1 of 2')).toBeTruthy();
    const week = screen.getByRole('list', { name: "This week's attendance" });
    expect(within(week).getByText('Mon')).toBeTruthy();
    expect(within(week).getByText('95%')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Attendance/ }).getAttribute('href')).toBe('/attendance');
    // The timetable has no sidebar entry for staff: the dashboard leads to it.
    expect(screen.getByRole('link', { name: /Timetable/ }).getAttribute('href')).toBe('/timetable');
  });

  it("shows a student their class's lessons and their rate", async () => {
    renderDay('student', { lessons: [lesson()], rate: 96 });
    expect(await screen.findByText('Tomás Teacher', { exact: false })).toBeTruthy();
    expect(screen.getByText('96%')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Timetable/ }).getAttribute('href')).toBe('/timetable');
  });

  it('shows a parent each child absent today, in Arabic, right to left', async () => {
    await changeLanguage('ar');
    renderDay('parent', {
      children: [
        { studentId: 's1', name: 'Ada Alpha', className: 'Grade 5 A', status: 'absent', lessons: [lesson()], rate: 90 },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Ada Alpha' })).toBeTruthy();
    expect(screen.getByText('غائب')).toBeTruthy();
    expect(screen.getByText(/نسبة الحضور/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
