import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageHeader } from '../../components/ui/page-header';
import { ClassFormDialog } from '../../features/classes/components/class-form-dialog';
import { notificationKeys } from '../../features/notifications/api/get-notifications';
import { aClass } from '../../test/fixtures';
import { setViewportWidth } from '../../test/media';
import { createTestQueryClient, json, mockFetch, renderWithProviders, signedIn } from '../../test/utils';
import { AppShell } from './app-shell';
import { HEADING_WAIT_MS } from './route-focus';

/** A page whose heading shows only once its data has "loaded" (after `delayMs`), as a detail page's does. */
function LatePage({ title, delayMs = 50 }: { title: string; delayMs?: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return ready ? <PageHeader title={title} /> : <p>Loading…</p>;
}

function AttendancePage() {
  return (
    <>
      <PageHeader title="Attendance" />
      <Link to="/attendance/mark">Mark attendance</Link>
    </>
  );
}

/** A filter that goes away once used: only the query changes. */
function StudentsPage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <PageHeader title="Students" />
      {!params.has('page') && (
        <button type="button" onClick={() => setParams({ page: '2' })}>
          Next page
        </button>
      )}
    </>
  );
}

function ClassesPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Classes"
        actions={
          <button type="button" onClick={() => setOpen(true)}>
            New class
          </button>
        }
      />
      <ClassFormDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderShell(path: string) {
  setViewportWidth(1280);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationKeys.list, { items: [], unread: 0 });
  return renderWithProviders(null, {
    auth: signedIn('school_admin', { name: 'Hill Valley High', logo: null }),
    queryClient,
    path,
    routes: [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', handle: { titleKey: 'dashboard' }, element: <PageHeader title="Dashboard" /> },
          { path: 'students', handle: { titleKey: 'students' }, element: <StudentsPage /> },
          { path: 'attendance', handle: { titleKey: 'attendance' }, element: <AttendancePage /> },
          {
            path: 'attendance/mark',
            handle: { titleKey: 'attendanceMark' },
            element: <PageHeader title="Mark attendance" />,
          },
          { path: 'classes', handle: { titleKey: 'classes' }, element: <ClassesPage /> },
          { path: 'classes/:id', handle: { titleKey: 'classesId' }, element: <LatePage title="Grade 5 K" /> },
          { path: 'late', handle: { titleKey: 'dashboard' }, element: <LatePage title="Late" delayMs={200} /> },
          {
            path: 'never',
            handle: { titleKey: 'timetable' },
            element: <LatePage title="Never" delayMs={HEADING_WAIT_MS * 2} />,
          },
        ],
      },
    ],
  });
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const announcer = () => screen.getByTestId('route-announcer');

describe('moving to another page (docs/product.md, "The shell")', () => {
  it('gives the new page’s heading the focus when the link that was used went with the old page', async () => {
    const user = userEvent.setup();
    const { router } = renderShell('/attendance');
    screen.getByRole('link', { name: 'Mark attendance' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/attendance/mark'));
    expect(document.activeElement).toBe(heading('Mark attendance'));
    // Focusable by script only: no new Tab stop.
    expect(heading('Mark attendance').tabIndex).toBe(-1);
  });

  it('waits for a heading that shows once the page’s data has loaded', async () => {
    const user = userEvent.setup();
    const { router } = renderShell('/attendance');
    await user.click(screen.getByRole('link', { name: 'Mark attendance' }));
    await act(() => router.navigate('/late'));
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.activeElement).toBe(heading('Late')));
  });

  it('leaves a sidebar link that stays focused, and announces the page’s title politely', async () => {
    const user = userEvent.setup();
    renderShell('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = within(nav).getByRole('link', { name: 'Students' });
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
    expect(document.activeElement).toBe(link);
    expect(announcer().getAttribute('aria-live')).toBe('polite');
    expect(announcer().textContent).toBe('Students');
  });

  it('takes no focus on the first load, even through the redirect from /', async () => {
    renderShell('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe('');
  });

  it('takes no focus when only the query changes (a filter, a page of a list)', async () => {
    const user = userEvent.setup();
    const { router } = renderShell('/students');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(heading('Students'));
    expect(announcer().textContent).toBe('');
  });

  it('leaves a focus the user moved while the page loaded', async () => {
    const user = userEvent.setup();
    const { router } = renderShell('/attendance');
    await user.click(screen.getByRole('link', { name: 'Mark attendance' }));
    await act(() => router.navigate('/late'));
    const menu = screen.getByRole('button', { name: 'Collapse sidebar' });
    menu.focus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Late' })).toBeTruthy();
    expect(document.activeElement).toBe(menu);
  });

  it('announces the title instead when no heading shows in time', async () => {
    const { router } = renderShell('/attendance');
    vi.useFakeTimers();
    try {
      await act(() => router.navigate('/never'));
      expect(screen.getByText('Loading…')).toBeTruthy();
      act(() => vi.advanceTimersByTime(HEADING_WAIT_MS - 1));
      expect(announcer().textContent).toBe('');
      act(() => vi.advanceTimersByTime(1));
      expect(announcer().textContent).toBe('Timetable');
      expect(document.activeElement).toBe(document.body);
    } finally {
      vi.useRealTimers();
    }
  });

  it('after "Create class" the new class’s page heading has the focus, not <body>', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/subjects': () => json({ items: [] }),
      'POST /api/v1/classes': () => json(aClass({ id: 'class-9', name: 'Grade 5', section: 'K' }), 201),
    });
    const { router } = renderShell('/classes');
    await user.click(screen.getByRole('button', { name: 'New class' }));
    await user.type(await screen.findByLabelText('Class name'), 'Grade 5');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class-9'));
    await waitFor(() => expect(document.activeElement).toBe(heading('Grade 5 K')));
    // The dialog's own return of focus, which runs after it has gone, leaves it there.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(heading('Grade 5 K'));
  });
});
