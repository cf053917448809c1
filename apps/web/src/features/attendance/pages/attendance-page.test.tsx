import type {
  AttendanceList,
  AttendanceOptions,
  AttendanceRates,
  AttendanceTrend,
  BelowThreshold,
  ClassRegister,
  StudentAttendance,
} from '@lyceum/shared/attendance';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { setViewportWidth } from '../../../test/media';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AttendancePage } from './attendance-page';

const CLASS = '0193e0a0-0000-7000-8000-000000000001';
const record = {
  id: 'r1',
  classId: CLASS,
  className: 'Grade 5 A',
  studentId: 's1',
  studentName: 'Ben Dos',
  date: '2026-11-24',
  periodId: null,
  periodName: null,
  status: 'absent' as const,
  isPresent: false,
  note: 'Flu',
  markedByName: 'Tess Teacher',
  time: '2026-11-24T08:00:00.000Z',
  submittedAt: '2026-11-24T08:00:00.000Z',
  academicYear: '2026-2027',
};
const rate = { present: 3, late: 0, absent: 1, total: 4, rate: 75 };
const options: AttendanceOptions = {
  today: '2026-11-24',
  settings: { threshold: 90, alertLate: false, byPeriod: false },
  classes: [{ id: CLASS, label: 'Grade 5 A' }],
  periods: [],
  students: [],
};
const register: ClassRegister = {
  classId: CLASS,
  className: 'Grade 5 A',
  month: '2026-11',
  days: ['2026-11-23', '2026-11-24'],
  students: [
    {
      studentId: 's1',
      name: 'Ben Dos',
      rollNumber: 1,
      marks: { '2026-11-23': 'present', '2026-11-24': 'absent' },
      rate,
    },
  ],
  rate,
};

/** A parent opening an alert about their child's `date`: the history tab, the server answering `items`. */
function openChildHistory(date: string, items: StudentAttendance['items']) {
  const history: StudentAttendance = { studentId: 's1', name: 'Ben Dos', items, rate };
  const { calls } = mockFetch({
    'GET /api/v1/attendance/options': () =>
      json({ ...options, classes: [], students: [{ id: 's1', label: 'Ben Dos' }] }),
    'GET /api/v1/attendance/students/s1': () => json(history),
  });
  const view = renderWithProviders(<AttendancePage />, {
    auth: signedIn('parent'),
    path: `/attendance?tab=history&student=s1&date=${date}`,
  });
  return { calls, view };
}

describe('AttendancePage', () => {
  afterEach(() => changeLanguage('en'));

  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)('tells %s, who belongs to no school, that attendance is not for its role, asking the server nothing', async (role) => {
    const { calls } = mockFetch({});
    renderWithProviders(<AttendancePage />, { auth: signedIn(role), path: '/attendance' });
    expect(await screen.findByText('Not available for your role')).toBeTruthy();
    expect(screen.getByText('Attendance is kept by each school for its own classes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a parent reads the latest records and their child’s history, and nothing else', async () => {
    const history: StudentAttendance = { studentId: 's1', name: 'Ben Dos', items: [record], rate };
    const { calls } = mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [record] }),
      'GET /api/v1/attendance/options': () =>
        json({ ...options, classes: [], students: [{ id: 's1', label: 'Ben Dos' }] }),
      'GET /api/v1/attendance/students/s1': () => json(history),
    });
    const view = renderWithProviders(<AttendancePage />, { auth: signedIn('parent'), path: '/attendance' });
    await screen.findByText('Flu');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Latest', 'Student history']);
    expect(screen.queryByRole('link', { name: 'Mark attendance' })).toBeNull();
    // The latest list needs one request, no pickers.
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/attendance/recent']);
    await view.router.navigate('/attendance?tab=history');
    await screen.findByRole('heading', { name: 'History of Ben Dos' });
    expect(screen.getByText('75%')).toBeTruthy();
  });

  it('an absence alert opens the child’s history with that day’s record marked (docs/product.md, "Notifications")', async () => {
    const before = { ...record, id: 'r0', date: '2026-11-23', status: 'present' as const, isPresent: true, note: null };
    // The test DOM does not scroll: the rows asked to scroll into view are noted instead.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { calls } = openChildHistory('2026-11-24', [record, before]);
      await screen.findByText('Flu');
      const rows = screen.getAllByRole('row').filter((r) => r.closest('tbody'));
      expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual(['date', null]);
      expect(rows[0]?.className).toContain('bg-amber-50');
      expect(scrolled).toEqual([rows[0]]);
      // The day is asked for: the server adds its records however many came since (docs/product.md, "Attendance").
      expect(calls.map((c) => c.url)).toContain('/api/v1/attendance/students/s1?date=2026-11-24');
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('a child marked per period: each of the day’s records names its period, on a desktop and on a phone', async () => {
    const inPeriod = (id: string, periodName: string, status: 'present' | 'absent') => ({
      ...record,
      id,
      periodId: `p-${id}`,
      periodName,
      status,
      isPresent: status !== 'absent',
      note: null,
    });
    // The same day twice, absent in one period and present in the other: without the period it read as a contradiction.
    const items = [inPeriod('r2', 'Period 2', 'absent'), inPeriod('r1', 'Period 1', 'present')];
    const { view } = openChildHistory('2026-11-24', items);
    const table = await screen.findByRole('table', { name: 'Student history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Period', 'Class', 'Mark', 'Note', 'Marked by']);
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => r.closest('tbody'));
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Period 2', 'Period 1']);
    view.unmount();

    setViewportWidth(375);
    openChildHistory('2026-11-24', items);
    const list = await screen.findByRole('list', { name: 'Student history' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.firstElementChild?.textContent),
    ).toEqual(['Nov 24, 2026 · Period 2Absent', 'Nov 24, 2026 · Period 1Present']);
  });

  it('a school marking once a day gets no period column', async () => {
    openChildHistory('2026-11-24', [record]);
    const table = await screen.findByRole('table', { name: 'Student history' });
    expect(within(table).queryByRole('columnheader', { name: 'Period' })).toBeNull();
  });

  it('an alert whose day has no records left says so, above the history it shows', async () => {
    openChildHistory('2026-11-20', [record]);
    await screen.findByText('Flu');
    expect(screen.getByRole('status').textContent).toBe('No records on Nov 20, 2026.');
    const rows = screen.getAllByRole('row').filter((r) => r.closest('tbody'));
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null]);
  });

  it('an address with a malformed day shows the history, marking and asking for no day', async () => {
    const { calls } = openChildHistory('2026-11-31', [record]);
    await screen.findByText('Flu');
    expect(calls.map((c) => c.url)).toContain('/api/v1/attendance/students/s1');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the no-records note is written in Spanish and Arabic too', async () => {
    for (const [language, text] of [
      ['es', 'No hay registros del'],
      ['ar', 'لا توجد سجلات في'],
    ] as const) {
      await changeLanguage(language);
      const { view } = openChildHistory('2026-11-20', []);
      expect(await screen.findByText(new RegExp(`^${text} .*2026`))).toBeTruthy();
      view.unmount();
    }
  });

  it('shows a record’s day as its own date in a school at UTC+13, its marking time in the school’s zone', async () => {
    setFormatSettings({ language: 'en', locale: { ...DEFAULT_SCHOOL_LOCALE, timeZone: 'Pacific/Auckland' } });
    // Marked at 07:16 UTC on 25 November: 20:16 that day in Auckland, where noon UTC is already the 26th.
    const late = { ...record, date: '2026-11-25', submittedAt: '2026-11-25T07:16:21.000Z' };
    mockFetch({ 'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [late] }) });
    renderWithProviders(<AttendancePage />, { auth: signedIn('parent'), path: '/attendance' });
    const row = (await screen.findByText('Flu')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nov 25, 2026')).toBeTruthy();
    expect(within(row).queryByText('Nov 26, 2026')).toBeNull();
    expect(row.textContent).toContain('Tess Teacher · Nov 25, 2026 8:16 PM');
  });

  it('on a 375 px phone the latest records are stacked rows, each mark beside its student (no sideways swipe)', async () => {
    setViewportWidth(375);
    mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [record] }),
      'GET /api/v1/attendance/options': () => json(options),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('school_admin'), path: '/attendance' });
    const list = await screen.findByRole('list', { name: 'Latest records' });
    // Not the six-column table, about 930 px wide, whose marks sat off-screen.
    expect(screen.queryByRole('table', { name: 'Latest records' })).toBeNull();
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Ben Dos' })).toBeTruthy();
    expect(within(row).getByText('Absent')).toBeTruthy();
    expect(within(row).getByText('Flu')).toBeTruthy();
    expect(row.textContent).toContain('Nov 24, 2026 · Grade 5 A');
    expect(row.textContent).toContain('Marked by: Tess Teacher · Nov 24, 2026');
    // The five tabs wrap onto a second line rather than running off the screen (checked on a screenshot).
    expect(screen.getByRole('tablist', { name: 'Attendance' }).className).toContain('flex-wrap');
  });

  it('offers the latest records as CSV only when there are some', async () => {
    mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [] }),
      'GET /api/v1/attendance/options': () => json(options),
    });
    const { unmount } = renderWithProviders(<AttendancePage />, {
      auth: signedIn('school_admin'),
      path: '/attendance',
    });
    await screen.findByText('No attendance has been recorded yet.');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    unmount();
    mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [record] }),
      'GET /api/v1/attendance/options': () => json(options),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('school_admin'), path: '/attendance' });
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toBe(
      '/api/v1/attendance/recent/export',
    );
  });

  it('staff read a class register whose first column stays put, with a CSV link', async () => {
    mockFetch({
      'GET /api/v1/attendance/options': () => json(options),
      [`GET /api/v1/attendance/classes/${CLASS}/register`]: () => json(register),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('principal'), path: '/attendance?tab=register' });
    const table = await screen.findByRole('table', { name: 'Register of Grade 5 A' });
    const row = within(table).getByRole('row', { name: /Ben Dos/ });
    expect(within(row).getByTitle('Absent').textContent).toBe('A');
    expect(within(row).getByText('Ben Dos').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/v1/attendance/classes/${CLASS}/register/export?month=2026-11`,
    );
  });

  it('staff find a student by name on the history tab and open their history', async () => {
    const history: StudentAttendance = { studentId: 's1', name: 'Ben Dos', items: [record], rate };
    const student = {
      id: 's1',
      name: 'Ben Dos',
      email: 'ben@example.test',
      phone: null,
      schoolId: 'school',
      classId: CLASS,
      className: 'Grade 5',
      section: 'A',
      classLabel: 'Grade 5 A',
      rollNumber: 1,
      academicYear: '2026-2027',
      profileImage: null,
      parents: [],
      isActive: true,
      lastLoginAt: null,
    };
    const { calls } = mockFetch({
      'GET /api/v1/students': ({ url }) =>
        json({ items: url.includes('search=Ben') ? [student] : [], nextCursor: null, total: null }),
      'GET /api/v1/attendance/students/s1': () => json(history),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('teacher'), path: '/attendance?tab=history' });
    expect(
      await screen.findByText(
        'Search for a student by name, or choose a name in the latest records, the register or the list below the threshold.',
      ),
    ).toBeTruthy();
    // Nothing is asked before a letter is typed.
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Find a student'), 'Zed');
    expect(await screen.findByText('No student matches.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Find a student'));
    await userEvent.type(screen.getByLabelText('Find a student'), 'Ben');
    const matches = await screen.findByRole('list', { name: 'Matching students' });
    await userEvent.click(within(matches).getByRole('button', { name: /Ben Dos/ }));
    await screen.findByRole('heading', { name: 'History of Ben Dos' });
    expect(screen.getByText('Flu')).toBeTruthy();
  });

  it('writes rates as the dashboards do ("97%") and labels the trend chart\'s axis from 0% to 100%', async () => {
    const high = { present: 97, late: 0, absent: 3, total: 100, rate: 97 };
    mockFetch({
      'GET /api/v1/attendance/rates': () =>
        json<AttendanceRates>({ school: high, classes: [{ classId: CLASS, className: 'Grade 5 A', rate }] }),
      'GET /api/v1/attendance/trend': () =>
        json<AttendanceTrend>({
          from: '2026-11-23',
          to: '2026-11-24',
          by: 'day',
          classId: null,
          points: [
            { start: '2026-11-23', rate: high },
            { start: '2026-11-24', rate },
          ],
        }),
      'GET /api/v1/attendance/below-threshold': () =>
        json<BelowThreshold>({
          threshold: 90,
          items: [{ studentId: 's1', name: 'Ben Dos', classId: CLASS, className: 'Grade 5 A', rate }],
        }),
    });
    const view = renderWithProviders(<AttendancePage />, {
      auth: signedIn('principal'),
      path: '/attendance?tab=rates',
    });
    const table = await screen.findByRole('table', { name: 'Rates' });
    expect(within(table).getByRole('row', { name: /Whole school/ }).textContent).toContain('97%');
    expect(within(table).getByRole('row', { name: /Grade 5 A/ }).textContent).toContain('75%');
    const chart = (await screen.findByRole('img', { name: /Attendance rate from/ })).closest('figure') as HTMLElement;
    expect(chart.textContent).toContain('100%');
    expect(chart.textContent).toContain('50%');
    expect(chart.textContent).toContain('0%');
    expect(within(chart).getByText('Nov 24, 2026: 75%')).toBeTruthy();
    await view.router.navigate('/attendance?tab=below');
    expect(await screen.findByRole('heading', { name: 'Below 90%' })).toBeTruthy();
    expect(screen.queryByText(/\d %/)).toBeNull();
  });

  it('says the rates and the below-threshold list are of every record so far, not of the month a register shows', async () => {
    mockFetch({
      'GET /api/v1/attendance/rates': () => json<AttendanceRates>({ school: null, classes: [] }),
      'GET /api/v1/attendance/trend': () =>
        json<AttendanceTrend>({ from: '2026-11-23', to: '2026-11-24', by: 'day', classId: null, points: [] }),
      'GET /api/v1/attendance/below-threshold': () => json<BelowThreshold>({ threshold: 90, items: [] }),
    });
    const view = renderWithProviders(<AttendancePage />, { auth: signedIn('teacher'), path: '/attendance?tab=rates' });
    expect(await screen.findByText("Of every record so far; a register's rates are of its month.")).toBeTruthy();
    await view.router.navigate('/attendance?tab=below');
    expect(await screen.findByText("Each student's rate over every record so far, not over one month.")).toBeTruthy();
    expect(await screen.findByText('Every student is at or above the threshold.')).toBeTruthy();
  });

  it('in Arabic the desktop table isolates who marked, the student, the class and the note from the text round them', async () => {
    await changeLanguage('ar');
    mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [record] }),
      'GET /api/v1/attendance/options': () => json(options),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('school_admin'), path: '/attendance' });
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    const markedBy = cells[cells.length - 1] as HTMLElement;
    // A Latin name beside an Arabic time, unisolated, is reordered round the dot by the bidi algorithm.
    expect(markedBy.querySelector('bdi')?.textContent).toBe('Tess Teacher');
    expect(markedBy.firstChild?.nodeName).toBe('BDI');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Ben Dos' }).parentElement?.tagName).toBe('BDI');
    expect(within(row as HTMLElement).getByText('Grade 5 A').tagName).toBe('BDI');
    expect(
      within(row as HTMLElement)
        .getByText('Flu')
        .getAttribute('dir'),
    ).toBe('auto');
  });

  it('in Arabic with the YYYY-MM-DD format, the dates of a record are isolated so they read as written', async () => {
    await changeLanguage('ar');
    setFormatSettings({ language: 'ar', locale: { ...DEFAULT_SCHOOL_LOCALE, dateFormat: 'YYYY-MM-DD' } });
    setViewportWidth(375);
    mockFetch({
      'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [record] }),
      'GET /api/v1/attendance/options': () => json(options),
    });
    renderWithProviders(<AttendancePage />, { auth: signedIn('school_admin'), path: '/attendance' });
    const list = await screen.findByRole('list', { name: 'أحدث السجلات' });
    const row = within(list).getByRole('listitem');
    // After `سجّله:` and the name, an unisolated 2026-11-24 was drawn 24-11-2026 (its `-` joins no Arabic numbers).
    const markedBy = [...row.querySelectorAll('p')].find((p) => p.textContent?.startsWith('سجّله:')) as HTMLElement;
    expect(markedBy.textContent).toMatch(/^سجّله: Tess Teacher · \u20662026-11-24\u2069 \S/);
    expect(row.textContent).toContain('\u20662026-11-24\u2069 · Grade 5 A');
  });

  it('reads right to left in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({ 'GET /api/v1/attendance/recent': () => json<AttendanceList>({ items: [] }) });
    renderWithProviders(<AttendancePage />, { auth: signedIn('teacher'), path: '/attendance' });
    await screen.findByText('لم يُسجَّل أي حضور بعد.');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'الحضور' })).toBeTruthy();
  });
});
