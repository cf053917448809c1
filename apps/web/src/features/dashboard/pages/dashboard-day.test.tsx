import type { DashboardDay, DayLesson } from '@lyceum/shared/day';
import type { Role } from '@lyceum/shared/roles';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, makeUser, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { TimetablePage } from '../../timetable/pages/timetable-page';
import { DashboardPage } from './dashboard-page';

/** A marked class of the principal's today-by-class card: one student still to mark. */
const grade5A = {
  classId: 'c1',
  className: 'Grade 5 A',
  students: 31,
  marked: true,
  present: 27,
  late: 1,
  absent: 2,
  unmarked: 1,
  rate: 93,
};

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
      toMark: [
        { classId: 'class-2', className: 'Grade 6 B', periodId: null },
        { classId: 'class-3', className: 'Grade 7 C', periodId: 'period-2' },
      ],
    });
    const lessons = await screen.findByRole('list', { name: "Today's lessons" });
    expect(within(lessons).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lessons).getByText('Marked')).toBeTruthy();
    expect(within(lessons).getByText('Not marked')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Today, Tuesday' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Mark Grade 6 B/ }).getAttribute('href')).toBe(
      '/attendance/mark?class=class-2',
    );
    // Marked per period: the link opens the period of the class's first lesson still to mark.
    expect(screen.getByRole('link', { name: /Mark Grade 7 C/ }).getAttribute('href')).toBe(
      '/attendance/mark?class=class-3&period=period-2',
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
        grade5A,
        {
          classId: 'c2',
          className: 'Grade 6 B',
          students: 28,
          marked: false,
          present: 0,
          late: 0,
          absent: 0,
          unmarked: 28,
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
    // A student who joined after the mark is shown as not marked; an unmarked class says so once.
    expect(within(byClass).getByText('1 not marked')).toBeTruthy();
    expect(within(byClass).queryByText('28 not marked')).toBeNull();
    expect(within(byClass).getByText('Not marked')).toBeTruthy();
    expect(screen.getByText('Marked: 1 of 2')).toBeTruthy();
    const week = screen.getByRole('list', { name: "This week's attendance" });
    expect(within(week).getByText('Mon')).toBeTruthy();
    expect(within(week).getByText('95%')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Attendance/ }).getAttribute('href')).toBe('/attendance');
    // The timetable has no sidebar entry for staff: the dashboard leads to it.
    expect(screen.getByRole('link', { name: /Timetable/ }).getAttribute('href')).toBe('/timetable');
  });

  // QA at 375 px: with "1 not marked" beside the figures, the name (flex-1, a zero basis) broke into "Grade / 5 / A".
  it("keeps a class's name whole on a narrow screen: the figures wrap under it as one group", async () => {
    renderDay('principal', {
      classes: [grade5A],
      week: [],
    });
    const byClass = await screen.findByRole('list', { name: 'Attendance by class' });
    const name = within(byClass).getByText('Grade 5 A').parentElement as HTMLElement;
    expect(name.className.split(' ')).toEqual(expect.arrayContaining(['grow', 'min-w-0']));
    expect(name.className.split(' ')).not.toContain('flex-1');
    const figures = within(byClass).getByText('1 not marked').parentElement as HTMLElement;
    expect(figures).not.toBe(name.parentElement);
    expect(figures.className.split(' ')).toEqual(expect.arrayContaining(['flex', 'flex-wrap']));
    expect(figures.textContent).toBe('2 absent1 not marked93%');
  });

  // QA at 375 px: "English · Dev Chen · Room 1" broke into "… · Room" and a lone "1" on the line below.
  it('keeps each name of a lesson whole with its dot, so a narrow line breaks only between them', async () => {
    renderDay('student', { lessons: [lesson({ room: 'Room 1' })] });
    for (const text of ['Tomás Teacher', 'Room 1']) {
      const unit = (await screen.findByText(text)).parentElement as HTMLElement;
      expect(unit.className.split(' ')).toEqual(expect.arrayContaining(['inline-block', 'max-w-full']));
      expect(unit.textContent).toBe(`· ${text}`);
    }
  });

  it("leads a new school's admin from 'No classes yet.' to creating a class", async () => {
    renderDay('school_admin', {});
    expect(await screen.findByText('No classes yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Create a class/ }).getAttribute('href')).toBe('/classes');
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

  it("links each child's card to that child's week, not the first child's", async () => {
    const kid = (studentId: string, name: string) => ({
      studentId,
      name,
      className: 'Grade 5 A',
      status: null,
      lessons: [],
      rate: null,
    });
    mockFetch({
      'GET /api/v1/dashboard': () =>
        json({
          role: 'parent',
          title: 'Demo School',
          stats: [],
          subscription: null,
          day: { ...emptyDay, children: [kid('kid-1', 'Ben Child'), kid('kid-2', 'Cleo Child')] },
        }),
      'GET /api/v1/timetable/options': () =>
        json({ periods: [], classes: [], teachers: [], subjects: [], rooms: [], assignments: [], classSubjects: [] }),
      'GET /api/v1/timetable/children': () =>
        json({
          children: [
            { studentId: 'kid-1', name: 'Ben Child', classId: 'class-1', items: [] },
            { studentId: 'kid-2', name: 'Cleo Child', classId: 'class-2', items: [] },
          ],
        }),
    });
    renderWithProviders(null, {
      auth: signedIn('parent'),
      routes: [
        { path: '/', element: <DashboardPage /> },
        { path: '/timetable', element: <TimetablePage /> },
      ],
    });
    const cleo = await screen.findByRole('region', { name: 'Cleo Child' });
    const ben = screen.getByRole('region', { name: 'Ben Child' });
    expect(
      within(ben)
        .getByRole('link', { name: /Timetable/ })
        .getAttribute('href'),
    ).toBe('/timetable?child=kid-1');
    await userEvent.setup().click(within(cleo).getByRole('link', { name: /Timetable/ }));
    const tab = await screen.findByRole('tab', { name: 'Cleo Child' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Ben Child' }).getAttribute('aria-selected')).toBe('false');
  });

  describe('right to left, every name, class label, subject and room is isolated (<bdi>), so its punctuation stays in place', () => {
    /** The tags of the elements showing `text` as their own text: all BDI when each is isolated. */
    const tagsOf = (text: string) => screen.getAllByText(text).map((e) => e.tagName);
    const odd = lesson({
      subject: 'Maths (set 2)',
      className: 'Grade 6 A (2027-2028)',
      teacherName: 'Smith Jr.',
      room: 'Room 1 (lab)',
    });

    it("a parent's child card: the name heading and the lessons", async () => {
      await changeLanguage('ar');
      renderDay('parent', {
        children: [
          { studentId: 's1', name: 'Doe, "Jane"', className: 'Grade 5 A', status: 'absent', lessons: [odd], rate: 90 },
        ],
      });
      const heading = await screen.findByRole('heading', { name: 'Doe, "Jane"' });
      expect(heading.querySelector('bdi')?.textContent).toBe('Doe, "Jane"');
      expect(tagsOf('Doe, "Jane"')).toEqual(['BDI']);
      for (const text of ['Maths (set 2)', 'Smith Jr.', 'Room 1 (lab)'])
        expect([text, tagsOf(text)]).toEqual([text, ['BDI']]);
    });

    it("a teacher's lessons: the subject, the class and the room", async () => {
      await changeLanguage('ar');
      renderDay('teacher', { lessons: [odd] });
      await screen.findByText('Maths (set 2)');
      for (const text of ['Maths (set 2)', 'Grade 6 A (2027-2028)', 'Room 1 (lab)']) {
        expect([text, tagsOf(text)]).toEqual([text, ['BDI']]);
      }
    });

    it("a student's lessons and the welcome", async () => {
      await changeLanguage('ar');
      mockFetch({
        'GET /api/v1/dashboard': () =>
          json({
            role: 'student',
            title: 'Demo School',
            stats: [],
            subscription: null,
            day: { ...emptyDay, lessons: [odd] },
          }),
      });
      renderWithProviders(<DashboardPage />, {
        auth: { ...signedIn('student'), user: makeUser('student', { name: 'Doe, "Jane"' }) },
      });
      await screen.findByText('Smith Jr.');
      for (const text of ['Maths (set 2)', 'Smith Jr.', 'Room 1 (lab)'])
        expect([text, tagsOf(text)]).toEqual([text, ['BDI']]);
      expect(screen.getByText(/مرحبًا بعودتك/).textContent).toContain('\u2068Doe,\u2069');
    });

    it("the principal's classes today", async () => {
      await changeLanguage('ar');
      renderDay('principal', {
        classes: [
          {
            classId: 'c1',
            className: 'Grade 6 A (2027-2028)',
            students: 30,
            marked: false,
            present: 0,
            late: 0,
            absent: 0,
            unmarked: 30,
            rate: null,
          },
        ],
      });
      await screen.findByText('Grade 6 A (2027-2028)');
      expect(tagsOf('Grade 6 A (2027-2028)')).toEqual(['BDI']);
    });
  });
});
