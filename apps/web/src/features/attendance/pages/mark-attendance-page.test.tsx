import type { AttendanceOptions, ClassSheet, SubmitAttendanceResponse } from '@lyceum/shared/attendance';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, authResponse, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { markAttendanceHref } from '../lib/links';
import { keepPending, pendingSnapshot, resetPendingForTests } from '../lib/pending-marks';
import { MarkAttendancePage } from './mark-attendance-page';

const CLASS = '0193e0a0-0000-7000-8000-000000000001';
const TODAY = '2026-11-24';
const options: AttendanceOptions = {
  today: TODAY,
  settings: { threshold: 90, alertLate: false, byPeriod: false },
  classes: [{ id: CLASS, label: 'Grade 5 A' }],
  periods: [],
  students: [],
};
const names = ['Ana Uno', 'Ben Dos', 'Cy Tres'];
const sheet: ClassSheet = {
  classId: CLASS,
  className: 'Grade 5 A',
  date: TODAY,
  periodId: null,
  dayOff: null,
  students: names.map((name, i) => ({ studentId: `s${i}`, name, rollNumber: i + 1, record: null })),
};
const answer: SubmitAttendanceResponse = {
  classId: CLASS,
  date: TODAY,
  periodId: null,
  submittedAt: '2026-11-24T08:00:00.000Z',
  created: 3,
  updated: 0,
  records: [],
};

const reads = {
  'GET /api/v1/attendance/options': () => json(options),
  [`GET /api/v1/attendance/classes/${CLASS}`]: () => json(sheet),
};

/** The "Absent" radio of one student (each student's three radios sit in a fieldset named after them). */
function absentOf(name: string) {
  const group = screen.getByRole('group', { name: `Attendance of ${name}` });
  const radio = group.querySelector<HTMLInputElement>('input[value="absent"]');
  if (!radio) throw new Error('no absent radio');
  return radio;
}

/** Whether `element` is shown beside the submit button (in its bar, after the list), where the teacher is after submitting. */
function besideSubmit(element: HTMLElement) {
  const bar = screen.getByRole('button', { name: 'Submit attendance' }).parentElement as HTMLElement;
  const lastRow = screen.getByText('Cy Tres');
  return bar.contains(element) && Boolean(lastRow.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/** A record of the sheet as stored, by whom and when. */
const stored = (i: number, status: 'present' | 'absent', by: string, at: string) => ({
  id: `r${i}`,
  classId: CLASS,
  className: 'Grade 5 A',
  studentId: `s${i}`,
  studentName: names[i] ?? '',
  date: '2026-11-20',
  periodId: null,
  periodName: null,
  status,
  isPresent: status !== 'absent',
  note: null,
  markedByName: by,
  time: '08:00',
  submittedAt: at,
  academicYear: '2026-2027',
});

describe('MarkAttendancePage', () => {
  beforeEach(() => {
    resetPendingForTests();
    // react-hot-toast keeps its toasts in a module store: start every test without the last one's.
    toast.remove();
  });
  afterEach(() => changeLanguage('en'));

  it('starts everyone present and submits the whole class once, with an Idempotency-Key', async () => {
    const { calls } = mockFetch({ ...reads, 'POST /api/v1/attendance': () => json(answer) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    expect(screen.getByText('3 students · 0 absent · 0 late')).toBeTruthy();
    fireEvent.click(absentOf('Ben Dos'));
    fireEvent.click(absentOf('Cy Tres'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    const saved = (await screen.findByText('Attendance saved: 3 new, 0 updated.')).closest('[role="status"]');
    if (!(saved instanceof HTMLElement)) throw new Error('the outcome is not announced');
    // Not above the pickers, off screen after scrolling down a long class.
    expect(besideSubmit(saved)).toBe(true);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      classId: CLASS,
      date: TODAY,
      records: [
        { studentId: 's0', isPresent: true, isLate: false },
        { studentId: 's1', isPresent: false, isLate: false },
        { studentId: 's2', isPresent: false, isLate: false },
      ],
    });
    expect(posts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(pendingSnapshot()).toEqual([]);
    // The sheet is read again; the pickers (classes, periods, today), which marks never change, are not.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url.includes(`/attendance/classes/${CLASS}`))).toHaveLength(2),
    );
    expect(calls.filter((c) => c.url.endsWith('/attendance/options'))).toHaveLength(1);
  });

  it('keeps marks set but not submitted through a reload, says so, and forgets them on discard or submit', async () => {
    const { calls } = mockFetch({ ...reads, 'POST /api/v1/attendance': () => json(answer) });
    const open = async () => {
      const page = renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
      await screen.findByText('Ana Uno');
      return page;
    };
    const noteOf = (name: string) => screen.getByLabelText(`Note for ${name}`) as HTMLInputElement;
    const restoredNote = () => screen.queryByText('Your unsaved marks were restored.');

    let page = await open();
    expect(restoredNote()).toBeNull();
    fireEvent.click(absentOf('Ben Dos'));
    fireEvent.click(absentOf('Cy Tres'));
    fireEvent.change(noteOf('Cy Tres'), { target: { value: 'Dentist' } });
    // The tab discarded in the background: what the browser last heard of is 'pagehide'.
    window.dispatchEvent(new Event('pagehide'));
    const kept = Object.keys(localStorage).filter((k) => k.startsWith('lyceum.attendance.draft.'));
    expect(kept).toEqual([`lyceum.attendance.draft.user-teacher:${CLASS}:${TODAY}:`]);
    // Ids, statuses and notes of what changed only: no child's name.
    expect(localStorage.getItem(kept[0] ?? '')).not.toMatch(/Ben Dos|Cy Tres|Ana Uno/);
    page.unmount();

    page = await open();
    expect(restoredNote()).toBeTruthy();
    expect(absentOf('Ben Dos').checked).toBe(true);
    expect(absentOf('Cy Tres').checked).toBe(true);
    expect(absentOf('Ana Uno').checked).toBe(false);
    expect(noteOf('Cy Tres').value).toBe('Dentist');
    expect(screen.getByText('3 students · 2 absent · 0 late')).toBeTruthy();

    // Discard: the sheet as it was, and nothing restored on the next visit.
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(restoredNote()).toBeNull();
    expect(absentOf('Ben Dos').checked).toBe(false);
    expect(noteOf('Cy Tres').value).toBe('');
    page.unmount();
    page = await open();
    expect(restoredNote()).toBeNull();
    expect(absentOf('Ben Dos').checked).toBe(false);

    // Left inside the app rather than reloaded: kept as well (written as the page goes), then submitted.
    fireEvent.click(absentOf('Ana Uno'));
    page.unmount();
    page = await open();
    expect(restoredNote()).toBeTruthy();
    expect(absentOf('Ana Uno').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Attendance saved: 3 new, 0 updated.');
    expect(restoredNote()).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('lyceum.attendance.draft.'))).toEqual([]);
    page.unmount();
    await open();
    expect(restoredNote()).toBeNull();
  });

  it('restores no draft of another user on a shared device, nor one saved on an earlier day', async () => {
    mockFetch(reads);
    const draft = (userId: string, savedAt: string) =>
      localStorage.setItem(
        `lyceum.attendance.draft.${userId}:${CLASS}:${TODAY}:`,
        JSON.stringify({ userId, slot: `${CLASS}:${TODAY}:`, savedAt, marks: { s1: { status: 'absent', note: '' } } }),
      );
    draft('user-someone-else', new Date().toISOString());
    draft('user-teacher', new Date(Date.now() - 48 * 3600_000).toISOString());
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    expect(absentOf('Ben Dos').checked).toBe(false);
    expect(screen.queryByText('Your unsaved marks were restored.')).toBeNull();
    // The stale one is gone; the other user's stays theirs.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('lyceum.attendance.draft.'))).toEqual([
      `lyceum.attendance.draft.user-someone-else:${CLASS}:${TODAY}:`,
    ]);
  });

  it('says a sheet taken before shows its stored marks, who took it and when; a fresh sheet says nothing of it', async () => {
    const taken: ClassSheet = {
      ...sheet,
      date: '2026-11-20',
      students: sheet.students.map((s, i) => ({
        ...s,
        record:
          i === 1
            ? stored(i, 'absent', 'Dev Chen', '2026-11-21T09:30:00.000Z')
            : stored(i, 'present', 'Tom Teacher', '2026-11-20T08:00:00.000Z'),
      })),
    };
    mockFetch({
      'GET /api/v1/attendance/options': () => json(options),
      [`GET /api/v1/attendance/classes/${CLASS}`]: (request) =>
        json(request.url.includes('date=2026-11-20') ? taken : sheet),
    });
    const view = renderWithProviders(<MarkAttendancePage />, {
      auth: signedIn('teacher'),
      path: '/attendance/mark?date=2026-11-20',
    });
    const notice = await screen.findByText(/^Already marked by Dev Chen on Nov 21, 2026/);
    expect(notice.textContent).toContain('Change what needs correcting and submit the class again.');
    expect(absentOf('Ben Dos').checked).toBe(true);
    await act(() => view.router.navigate('/attendance/mark'));
    await waitFor(() => expect(absentOf('Ben Dos').checked).toBe(false));
    expect(screen.queryByText(/Already marked/)).toBeNull();
  });

  it('says calmly why the school does not teach on the chosen day, and still lets the class be marked', async () => {
    const days: Record<string, ClassSheet['dayOff']> = {
      '2026-11-20': { reason: 'holiday', name: 'Founders Day' },
      '2026-11-21': { reason: 'weekend' },
      '2026-08-10': { reason: 'outside_terms' },
    };
    const { calls } = mockFetch({
      ...reads,
      [`GET /api/v1/attendance/classes/${CLASS}`]: (request) => {
        const date = new URLSearchParams(request.url.split('?')[1]).get('date') ?? TODAY;
        return json({ ...sheet, date, dayOff: days[date] ?? null });
      },
      'POST /api/v1/attendance': () => json({ ...answer, date: '2026-11-20' }),
    });
    const view = renderWithProviders(<MarkAttendancePage />, {
      auth: signedIn('teacher'),
      path: '/attendance/mark?date=2026-11-20',
    });
    const notice = (await screen.findByText('Nov 20, 2026 is a holiday: Founders Day.')).closest('[role="status"]');
    expect(notice?.textContent).toContain('If this is the day you meant (a make-up day), mark it as usual.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText(/^Attendance saved/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await act(() => view.router.navigate('/attendance/mark?date=2026-11-21'));
    await screen.findByText('Nov 21, 2026 is a weekend: the school does not teach that day.');
    await act(() => view.router.navigate('/attendance/mark?date=2026-08-10'));
    await screen.findByText('Aug 10, 2026 is outside every term of the academic year.');
    await act(() => view.router.navigate('/attendance/mark'));
    await screen.findByText('Ana Uno');
    await waitFor(() => expect(screen.queryByText(/is a holiday|is a weekend|outside every term/)).toBeNull());
  });

  it('says in one note that a sheet taken before shows restored corrections, not its stored marks', async () => {
    const taken: ClassSheet = {
      ...sheet,
      students: sheet.students.map((s, i) => ({
        ...s,
        record: stored(i, 'present', 'Dev Chen', `${TODAY}T08:00:00.000Z`),
      })),
    };
    mockFetch({ ...reads, [`GET /api/v1/attendance/classes/${CLASS}`]: () => json(taken) });
    const open = async () => {
      const page = renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
      await screen.findByText('Ana Uno');
      return page;
    };
    const page = await open();
    expect(await screen.findByText(/^Already marked by Dev Chen .*the stored marks are shown/)).toBeTruthy();
    fireEvent.click(absentOf('Cy Tres'));
    window.dispatchEvent(new Event('pagehide'));
    page.unmount();

    await open();
    expect(absentOf('Cy Tres').checked).toBe(true);
    const note = await screen.findByText(/^Already marked by Dev Chen .*Your unsaved corrections to it were restored/);
    expect(note.textContent).not.toContain('the stored marks are shown');
    expect(screen.queryByText(/the stored marks are shown/)).toBeNull();
    expect(screen.queryByText('Your unsaved marks were restored.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(absentOf('Cy Tres').checked).toBe(false);
    expect(await screen.findByText(/the stored marks are shown/)).toBeTruthy();
  });

  it('keeps the keyboard focus on Submit attendance while it sends and after, never dropped to <body>', async () => {
    let reply: (value: Response) => void = () => {};
    mockFetch({ ...reads, 'POST /api/v1/attendance': () => new Promise<Response>((resolve) => (reply = resolve)) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    const submit = screen.getByRole('button', { name: 'Submit attendance' });
    submit.focus();
    fireEvent.click(submit);
    // Busy: unavailable to screen readers and to presses, but still focused.
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(submit);
    reply(json(answer));
    expect(await screen.findByText('Attendance saved: 3 new, 0 updated.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit attendance' }));
  });

  it('opens on the class a link names (the teacher dashboard\'s "Mark {class}"), not the first class', async () => {
    const SECOND = '0193e0a0-0000-7000-8000-000000000002';
    mockFetch({
      ...reads,
      'GET /api/v1/attendance/options': () =>
        json({ ...options, classes: [...options.classes, { id: SECOND, label: 'Grade 7 B' }] }),
      [`GET /api/v1/attendance/classes/${SECOND}`]: () =>
        json({ ...sheet, classId: SECOND, className: 'Grade 7 B', students: [sheet.students[0]] }),
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: markAttendanceHref(SECOND) });
    await screen.findByText('Ana Uno');
    expect((screen.getByLabelText('Class') as HTMLSelectElement).value).toBe(SECOND);
    expect(screen.queryByText('Ben Dos')).toBeNull();
  });

  it('keeps the marks when the network fails, shows "Not sent yet", and sends them once when back online', async () => {
    let online = false;
    const { calls } = mockFetch({
      ...reads,
      'GET /api/v1/auth/me': () => json(authResponse('teacher')),
      'POST /api/v1/attendance': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(answer);
      },
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(absentOf('Ana Uno'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Not sent yet.');
    // Still on the screen, and kept in the browser with its key.
    expect(absentOf('Ana Uno').checked).toBe(true);
    const [stored] = pendingSnapshot();
    expect(stored?.body.records[0]).toMatchObject({ studentId: 's0', isPresent: false });
    // Named by its class, for the offline page after a reload (the sheet cannot be read then).
    expect(stored?.classLabel).toBe('Grade 5 A');
    const raw = Object.keys(localStorage).filter((k) => k.startsWith('lyceum.attendance.pending.'));
    expect(raw).toHaveLength(1);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Not sent yet.')).toBeNull());
    await screen.findByText('Attendance saved: 3 new, 0 updated.');
    const posts = calls.filter((c) => c.method === 'POST');
    // One failed attempt, then exactly one that reached the server, both with the same key.
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers['idempotency-key']).toBe(stored?.idempotencyKey);
    expect(posts[0]?.headers['idempotency-key']).toBe(stored?.idempotencyKey);
    expect(pendingSnapshot()).toEqual([]);
  });

  it('sends what waited from an earlier visit when the page opens', async () => {
    const { calls } = mockFetch({
      ...reads,
      'POST /api/v1/attendance': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const first = renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Not sent yet.');
    const key = pendingSnapshot()[0]?.idempotencyKey;
    first.unmount();

    const next = mockFetch({ ...reads, 'POST /api/v1/attendance': () => json(answer) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await waitFor(() => expect(pendingSnapshot()).toEqual([]));
    const posts = next.calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual([key]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says kept marks were sent as the page opens, even when they are sent before the class list has loaded', async () => {
    keepPending({ classId: CLASS, date: TODAY, records: [] }, 'user-teacher', 'Grade 5 A');
    const { calls } = mockFetch({
      ...reads,
      // The class list answers only once the kept marks are sent and forgotten: the page did not know yet
      // which sheet it shows when they went.
      'GET /api/v1/attendance/options': async () => {
        await vi.waitFor(() => expect(pendingSnapshot()).toEqual([]));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(options);
      },
      'POST /api/v1/attendance': () => json({ ...answer, created: 0, updated: 3 }),
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    const saved = (await screen.findByText('Attendance saved: 0 new, 3 updated.')).closest('[role="status"]');
    expect(besideSubmit(saved as HTMLElement)).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("says once, in a toast, that another sheet's kept marks were sent, however many ways they went", async () => {
    const YESTERDAY = '2026-11-23';
    keepPending({ classId: CLASS, date: YESTERDAY, records: [] }, 'user-teacher', 'Grade 5 A');
    const { calls } = mockFetch({
      ...reads,
      'GET /api/v1/auth/me': () => json(authResponse('teacher')),
      // Slow enough that the connection's return sends while the page's own send is on its way.
      'POST /api/v1/attendance': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return json({ ...answer, date: YESTERDAY });
      },
    });
    renderWithProviders(
      <>
        <MarkAttendancePage />
        <Toaster />
      </>,
      { auth: signedIn('teacher'), path: '/attendance/mark' },
    );
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('Attendance saved for Grade 5 A, Nov 23, 2026: 3 new, 0 updated.');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/auth/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(/^Attendance saved for/)).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Today's sheet, on the screen, was not the one sent: it says nothing of being saved.
    await screen.findByText('Ana Uno');
    expect(screen.queryByText(/^Attendance saved:/)).toBeNull();
  });

  it('shows the server’s refusal as "Failed to submit attendance" with the field’s message; the marks are kept until discarded', async () => {
    mockFetch({
      ...reads,
      'POST /api/v1/attendance': () =>
        apiError(422, 'rule', 'Failed to submit attendance', {
          date: 'Attendance cannot be submitted for a future date',
        }),
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('principal'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to submit attendance');
    expect(alert.textContent).toContain('Attendance cannot be submitted for a future date');
    expect(besideSubmit(alert)).toBe(true);
    expect(screen.queryByText('Not sent yet.')).toBeNull();
    // Kept as refused, with the refusal's words, and never sent again by itself.
    expect(pendingSnapshot()).toMatchObject([
      { refused: ['Failed to submit attendance', 'Attendance cannot be submitted for a future date'] },
    ]);
    fireEvent.click(within(alert).getByRole('button', { name: 'discard them' }));
    await waitFor(() => expect(pendingSnapshot()).toEqual([]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks refused when sent in the background are shown on their sheet, kept, read again and never resent', async () => {
    let online = false;
    let sheetReads = 0;
    const { calls } = mockFetch({
      ...reads,
      [`GET /api/v1/attendance/classes/${CLASS}`]: () => {
        sheetReads++;
        return json(sheet);
      },
      'GET /api/v1/auth/me': () => json(authResponse('teacher')),
      'POST /api/v1/attendance': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return apiError(422, 'rule', 'Failed to submit attendance', { records: '1 enrolled student is not marked' });
      },
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(absentOf('Ben Dos'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Not sent yet.');
    const readsBefore = sheetReads;

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 enrolled student is not marked');
    expect(screen.queryByText('Not sent yet.')).toBeNull();
    expect(absentOf('Ben Dos').checked).toBe(true);
    await waitFor(() => expect(sheetReads).toBeGreaterThan(readsBefore));
    expect(pendingSnapshot()).toMatchObject([
      { refused: expect.arrayContaining(['1 enrolled student is not marked']) },
    ]);

    // Back online again: a refusal is not sent again by itself.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('links another sheet whose marks the school refused, so they can be corrected there', async () => {
    localStorage.setItem(
      `lyceum.attendance.pending.user-teacher:${CLASS}:2026-11-20:`,
      JSON.stringify({
        userId: 'user-teacher',
        slot: `${CLASS}:2026-11-20:`,
        idempotencyKey: '0193e0a0-0000-4000-8000-00000000cafe',
        body: { classId: CLASS, date: '2026-11-20', records: [{ studentId: 's0', isPresent: false, isLate: false }] },
        savedAt: '2026-11-20T07:00:00.000Z',
        refused: ['Failed to submit attendance', '1 enrolled student is not marked'],
      }),
    );
    resetPendingForTests();
    const { calls } = mockFetch({ ...reads, 'POST /api/v1/attendance': () => json(answer) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    const link = screen.getByRole('link', { name: /Grade 5 A, / });
    expect(link.getAttribute('href')).toBe(`/attendance/mark?class=${CLASS}&date=2026-11-20`);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('after "not marked", reads the class again: who joined appears present and pointed out, who left goes, the marks stay', async () => {
    // Since the page was opened, Ben Dos left the class and Dee Cuatro joined it.
    const now: ClassSheet = {
      ...sheet,
      students: [
        ...sheet.students.filter((s) => s.studentId !== 's1'),
        { studentId: 's3', name: 'Dee Cuatro', rollNumber: 4, record: null },
      ],
    };
    let sheetReads = 0;
    let refused = false;
    const { calls } = mockFetch({
      'GET /api/v1/attendance/options': () => json(options),
      [`GET /api/v1/attendance/classes/${CLASS}`]: () => json(sheetReads++ === 0 ? sheet : now),
      'POST /api/v1/attendance': () => {
        if (refused) return json(answer);
        refused = true;
        return apiError(422, 'rule', 'Failed to submit attendance', { records: '1 enrolled student is not marked' });
      },
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(absentOf('Ana Uno'));
    fireEvent.click(absentOf('Ben Dos'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 enrolled student is not marked');

    await screen.findByText('Dee Cuatro');
    expect(screen.queryByText('Ben Dos')).toBeNull();
    expect(absentOf('Ana Uno').checked).toBe(true);
    expect(absentOf('Dee Cuatro').checked).toBe(false);
    const joined = screen.getByRole('group', { name: 'Attendance of Dee Cuatro' }).closest('li');
    expect(joined?.textContent).toContain('Newly enrolled');
    expect(screen.getByRole('group', { name: 'Attendance of Ana Uno' }).closest('li')?.textContent).not.toContain(
      'Newly enrolled',
    );
    expect(screen.getByText('3 students · 1 absent · 0 late')).toBeTruthy();
    // The refusal is kept to correct, never as marks to send again.
    expect(pendingSnapshot()).toMatchObject([{ refused: expect.any(Array) }]);
    expect(screen.queryByText('Not sent yet.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Attendance saved: 3 new, 0 updated.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      classId: CLASS,
      date: TODAY,
      records: [
        { studentId: 's0', isPresent: false, isLate: false },
        { studentId: 's2', isPresent: true, isLate: false },
        { studentId: 's3', isPresent: true, isLate: false },
      ],
    });
    expect(posts[1]?.headers['idempotency-key']).not.toBe(posts[0]?.headers['idempotency-key']);
    expect(pendingSnapshot()).toEqual([]);
  });

  it('keeps the marks when the session expired (401) and sends them once the user has signed in again', async () => {
    const first = mockFetch({
      ...reads,
      'POST /api/v1/attendance': () => apiError(401, 'unauthenticated', 'You are not signed in.'),
    });
    const page = renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(absentOf('Cy Tres'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Not sent yet.');
    // "Not sent yet" shows from the moment the marks are kept; the answer is in once the button is free again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit attendance' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const [kept] = pendingSnapshot();
    expect(kept).toMatchObject({ userId: 'user-teacher' });
    expect(first.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    page.unmount();

    // Signed in again: the page sends them, with the same key.
    const next = mockFetch({ ...reads, 'POST /api/v1/attendance': () => json(answer) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await waitFor(() => expect(pendingSnapshot()).toEqual([]));
    const posts = next.calls.filter((c) => c.method === 'POST');
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual([kept?.idempotencyKey]);
    expect((posts[0]?.body as { records: { isPresent: boolean }[] }).records[2]?.isPresent).toBe(false);
  });

  it('keeps the marks when the server asks to wait (429), and the retry button sends them', async () => {
    let limited = true;
    const { calls } = mockFetch({
      ...reads,
      'POST /api/v1/attendance': () =>
        limited ? apiError(429, 'rate_limited', 'Too many changes. Please wait a moment.') : json(answer),
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    fireEvent.click(screen.getByRole('button', { name: 'Submit attendance' }));
    await screen.findByText('Not sent yet.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry now' }).hasAttribute('disabled')).toBe(false));
    expect(pendingSnapshot()).toHaveLength(1);
    limited = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await screen.findByText('Attendance saved: 3 new, 0 updated.');
    expect(pendingSnapshot()).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it("never sends or shows another user's unsent marks; they stay theirs", async () => {
    // Left on a shared device by another teacher, for the very sheet on screen.
    const theirs = {
      userId: 'user-someone-else',
      slot: `${CLASS}:${TODAY}:`,
      idempotencyKey: '0193e0a0-0000-4000-8000-00000000beef',
      body: {
        classId: CLASS,
        date: TODAY,
        records: names.map((_, i) => ({ studentId: `s${i}`, isPresent: false, isLate: false })),
      },
      savedAt: '2026-11-24T07:00:00.000Z',
    };
    localStorage.setItem(`lyceum.attendance.pending.user-someone-else:${CLASS}:${TODAY}:`, JSON.stringify(theirs));
    resetPendingForTests();
    const { calls } = mockFetch({
      ...reads,
      'GET /api/v1/auth/me': () => json(authResponse('principal')),
      'POST /api/v1/attendance': () => json(answer),
    });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('principal'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    // Their marks are not the starting marks, and no "Not sent yet" is shown.
    expect(absentOf('Ana Uno').checked).toBe(false);
    expect(screen.queryByText('Not sent yet.')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/auth/me'))).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(pendingSnapshot()).toEqual([theirs]);
  });

  it('marks kept by an earlier version, without their maker, are never sent', async () => {
    localStorage.setItem(
      `lyceum.attendance.pending.${CLASS}:${TODAY}:`,
      JSON.stringify({
        slot: `${CLASS}:${TODAY}:`,
        idempotencyKey: '0193e0a0-0000-4000-8000-00000000abcd',
        body: { classId: CLASS, date: TODAY, records: [] },
        savedAt: '2026-11-24T07:00:00.000Z',
      }),
    );
    resetPendingForTests();
    const { calls } = mockFetch(reads);
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(pendingSnapshot()).toEqual([]);
  });

  it('counts one in the singular in Spanish: on the bar and in the saved message', async () => {
    await changeLanguage('es');
    mockFetch({ ...reads, 'POST /api/v1/attendance': () => json({ ...answer, created: 1, updated: 1 }) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('Ana Uno');
    expect(screen.getByText('3 alumnos · 0 ausentes · 0 con retraso')).toBeTruthy();
    const ben = screen.getByRole('group', { name: 'Asistencia de Ben Dos' });
    fireEvent.click(ben.querySelector('input[value="absent"]') as HTMLInputElement);
    expect(screen.getByText('3 alumnos · 1 ausente · 0 con retraso')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar asistencia' }));
    expect(await screen.findByText('Asistencia guardada: 1 nueva, 1 actualizada.')).toBeTruthy();
  });

  it('reads right to left in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch(reads);
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الحضور' });
    await screen.findByText('Ana Uno');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('3 طلاب · لا غياب · لا تأخر')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إرسال الحضور' })).toBeTruthy();
    // Roll number and name are two boxes of a flex row, the name isolated, so a Latin name does not pull the
    // number to its left ("1Ana Uno"): the number stays first, on the right, with the gap between.
    const name = screen.getAllByText('Ana Uno').find((e) => e.tagName === 'BDI');
    const row = name?.parentElement;
    expect(row?.className.split(' ')).toEqual(expect.arrayContaining(['flex', 'gap-2']));
    expect([...(row?.children ?? [])].map((e) => e.textContent)).toEqual(['1', 'Ana Uno']);
  });

  it('scrolls a mark or note reached with the keyboard clear of the sticky submit bar, however tall the bar grows', async () => {
    // The test DOM lays nothing out: the bar's height is given, and its observer is called as the browser would.
    let height = 104;
    const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        entry: { callback: ResizeObserverCallback; targets: Element[] };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
    const resized = () =>
      act(() => {
        for (const { callback, targets } of observers)
          for (const target of targets) callback([{ target } as ResizeObserverEntry], {} as ResizeObserver);
      });
    try {
      mockFetch(reads);
      renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
      await screen.findByText('Ana Uno');
      const bar = screen.getByRole('button', { name: 'Submit attendance' }).parentElement as HTMLElement;
      expect(observers.flatMap((o) => o.targets)).toEqual([bar]);
      const form = bar.closest('form') as HTMLFormElement;
      resized();
      expect(form.style.getPropertyValue('--mark-bar-height')).toBe('104px');
      // An alert in the bar makes it taller: the room kept below a focused control follows.
      height = 158;
      resized();
      expect(form.style.getPropertyValue('--mark-bar-height')).toBe('158px');
      // Every input of the list keeps that room (plus a gap) below it when focus scrolls it into view…
      const list = within(form).getByRole('list');
      expect(list.className.split(' ')).toContain('[&_input]:scroll-mb-[calc(var(--mark-bar-height,7rem)_+_0.5rem)]');
      const inputs = list.querySelectorAll('input');
      expect(inputs).toHaveLength(names.length * 4);
      // …and each radio is as large as the button it stands for, so the whole button is scrolled clear, not the
      // one pixel of a visually hidden input.
      for (const radio of list.querySelectorAll('input[type="radio"]'))
        expect(radio.className.split(' ')).toEqual(expect.arrayContaining(['absolute', 'inset-0', 'size-full']));
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it.each([
    'student',
    'parent',
  ] as const)('tells a %s that marking is not for them, without asking the server', (role) => {
    const { calls } = mockFetch(reads);
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn(role), path: '/attendance/mark' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mark attendance' })).toBeTruthy();
    expect(screen.getByText('Not available for your role')).toBeTruthy();
    expect(
      screen.getByText("Attendance is marked by teachers and by the school's administrators and principals."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText('No classes to mark')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('tells a teacher without classes there is nothing to mark: classes they teach or lead appear', async () => {
    mockFetch({ 'GET /api/v1/attendance/options': () => json({ ...options, classes: [] }) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn('teacher'), path: '/attendance/mark' });
    await screen.findByText('No classes to mark');
    expect(screen.getByText('Classes you teach or lead appear here.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create a class' })).toBeNull();
  });

  it.each([
    'school_admin',
    'principal',
  ] as const)('sends a %s of a school with no class to Classes: they mark every class, and create them', async (role) => {
    mockFetch({ 'GET /api/v1/attendance/options': () => json({ ...options, classes: [] }) });
    renderWithProviders(<MarkAttendancePage />, { auth: signedIn(role), path: '/attendance/mark' });
    await screen.findByText('No classes to mark');
    expect(screen.queryByText('Classes you teach or lead appear here.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create a class' }).getAttribute('href')).toBe('/classes');
  });
});
