import type { Notification, NotificationList } from '@lyceum/shared/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, useLiveEvents } from '../../../lib/live-events';
import { createTestQueryClient, mockFetch, renderWithProviders, signedIn, json, apiError } from '../../../test/utils';
import { notificationKeys } from '../api/get-notifications';
import { useNotificationLiveHandler, useUnreadLiveHandler } from '../api/live-notifications';
import { messageKeys, useMessageLiveHandlers } from '../../messages/api/messages-live';
import { authKeys, type Session } from '../../../lib/auth';
import { NotificationBell } from './notification-bell';

/** The test DOM has no EventSource; this one is driven by the test (open, fail, send an event). */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  fail() {
    act(() => this.onerror?.(new Event('error')));
  }
  send(type: string, data: unknown) {
    act(() => {
      for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
      // TanStack Query tells components of cache changes on a zero-delay timer (faked here).
      vi.advanceTimersByTime(0);
    });
  }
}
const fakeEventSource = (url: string) => new FakeEventSource(url);
const latest = () => FakeEventSource.all.at(-1) as FakeEventSource;

function Shell() {
  useLiveEvents([useNotificationLiveHandler(), useUnreadLiveHandler()], fakeEventSource);
  return <NotificationBell />;
}

const note = (id: string, title: string): Notification => ({
  id,
  type: 'other',
  title,
  body: `Body of ${title}`,
  read: false,
  createdAt: new Date().toISOString(),
  target: null,
});

function renderShell(list: NotificationList | null) {
  const queryClient = createTestQueryClient();
  if (list) queryClient.setQueryData(notificationKeys.list, list);
  return renderWithProviders(<Shell />, { auth: signedIn('school_admin'), queryClient });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  FakeEventSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live notifications', () => {
  it('opens one stream to /api/v1/events and adds a notification event to the bell without a refetch', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/notifications': () => json({ items: [note('n1', 'Older')], unread: 0 }),
    });
    renderShell({ items: [note('n1', 'Older')], unread: 0 });
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/v1/events');
    latest().open();
    // Opening refetches once (what happened before the subscription was not sent); events then need none.
    await act(() => vi.runOnlyPendingTimersAsync());
    const fetchesAfterOpen = calls.length;
    expect(fetchesAfterOpen).toBe(1);

    latest().send('notification', note('n2', 'Add-on approved'));
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Add-on approved');
    expect(items[1]).toContain('Older');
    // The same event twice (e.g. after a resync raced it) is shown once.
    latest().send('notification', note('n2', 'Add-on approved'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(calls).toHaveLength(fetchesAfterOpen);
  });

  describe('an absence alert rewritten live (same id: docs/product.md, "Absence alerts")', () => {
    const alert = (title: string, read: boolean): Notification => ({
      ...note('alert', title),
      type: 'attendance',
      read,
      createdAt: '2026-11-25T08:00:00.000Z',
    });
    /** The bell's lines as the reader reads them (an unread one ends in "(unread)"). */
    const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent ?? '');

    it('replaces the unread alert where it is, the count unchanged, with the bell open', async () => {
      mockFetch({});
      renderShell({ items: [note('n2', 'Newer'), alert('Absent today: Stella', false)], unread: 2 });
      latest().open();
      fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
      latest().send('notification', alert('Attendance corrected: Stella', false));
      expect(screen.getByTestId('notification-badge').textContent).toBe('2');
      expect(lines()).toHaveLength(2);
      expect(lines()[0]).toContain('Newer');
      expect(lines()[1]).toContain('Attendance corrected: Stella');
      expect(screen.queryByText(/Absent today/)).toBeNull();
    });

    it('makes the read alert unread again and counts it, with the bell open', async () => {
      mockFetch({});
      renderShell({ items: [alert('Attendance corrected: Stella', true)], unread: 0 });
      latest().open();
      fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
      expect(screen.queryByTestId('notification-badge')).toBeNull();
      latest().send('notification', alert('Absent today: Stella', false));
      expect(screen.getByTestId('notification-badge').textContent).toBe('1');
      expect(lines()).toHaveLength(1);
      expect(lines()[0]).toContain('Absent today: Stella');
      expect(lines()[0]).toContain('unread');
    });

    it('takes the count the stream sends after a rewrite of an alert older than the loaded list', async () => {
      mockFetch({});
      // The list holds one unread notification; the second unread one is the alert, further down.
      renderShell({ items: [note('n2', 'Newer')], unread: 2 });
      latest().open();
      latest().send('notification', alert('Attendance corrected: Stella', false));
      latest().send('unread', { notifications: 2, messages: 0 });
      expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    });

    it('with the bell never opened, takes the count the stream sends after the rewrite', () => {
      function CountsShell() {
        useLiveEvents([useNotificationLiveHandler(), useUnreadLiveHandler()], fakeEventSource);
        return null;
      }
      mockFetch({});
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(authKeys.me, { user: signedIn('parent').user, school: null, unread: 3 } as Session);
      renderWithProviders(<CountsShell />, { auth: signedIn('parent'), queryClient });
      latest().open();
      const unread = () => queryClient.getQueryData<Session>(authKeys.me)?.unread;
      // An unread alert rewritten: still 3 (5 after two rewrites before the fix).
      for (let i = 0; i < 2; i++) {
        latest().send('notification', alert('Attendance corrected: Stella', false));
        latest().send('unread', { notifications: 3, messages: 0 });
        expect(unread()).toBe(3);
      }
      // A read one rewritten: one more.
      latest().send('notification', alert('Absent today: Stella', false));
      latest().send('unread', { notifications: 4, messages: 0 });
      expect(unread()).toBe(4);
    });
  });

  it("takes a withdrawn notification out of the open bell, and the stream's count onto the badge", async () => {
    mockFetch({});
    renderShell({
      items: [note('n2', 'Newer'), { ...note('alert', 'Absent today: Stella'), type: 'attendance' }],
      unread: 2,
    });
    latest().open();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    latest().send('notification', { id: 'alert', withdrawn: true });
    latest().send('unread', { notifications: 1, messages: 0 });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Newer')]);
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
  });

  it('reconnects after 2 s, 4 s, 8 s, 16 s, then every 30 s, and starts again at 2 s after a successful open', () => {
    mockFetch({ 'GET /api/v1/notifications': () => json({ items: [], unread: 0 }) });
    renderShell({ items: [], unread: 0 });
    const waits: number[] = [];
    /** Fails the current stream and measures how long until the next one is opened. */
    const failAndWait = () => {
      const before = FakeEventSource.all.length;
      const failing = latest();
      failing.fail();
      expect(failing.closed).toBe(true);
      let waited = 0;
      while (FakeEventSource.all.length === before) {
        advance(500);
        waited += 500;
        if (waited > 60_000) throw new Error('never reconnected');
      }
      waits.push(waited);
    };
    for (let i = 0; i < 6; i++) failAndWait();
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);

    latest().open();
    waits.length = 0;
    failAndWait();
    expect(waits).toEqual([2000]);
  });

  it('refetches the list on every open, and when the server says it may have missed events', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/notifications': () => json({ items: [note('n9', 'Missed')], unread: 1 }),
    });
    renderShell({ items: [], unread: 0 });
    const gets = () => calls.filter((c) => c.method === 'GET' && c.url.endsWith('/notifications')).length;
    expect(gets()).toBe(0);
    latest().open();
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(gets()).toBe(1);

    latest().fail();
    advance(2000);
    latest().open();
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(gets()).toBe(2);

    latest().send('resync', {});
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(gets()).toBe(3);
  });

  it("takes the unread counts from the stream's first event, asking the server for nothing; group changes refresh Messages", async () => {
    function CountsShell() {
      useLiveEvents(
        [useNotificationLiveHandler(), useUnreadLiveHandler(), ...useMessageLiveHandlers()],
        fakeEventSource,
      );
      return null;
    }
    const { calls } = mockFetch({});
    const queryClient = createTestQueryClient();
    const session = { user: signedIn('parent').user, school: null, unread: 0 } as Session;
    queryClient.setQueryData(authKeys.me, session);
    queryClient.setQueryData(messageKeys.unread, { count: 0 });
    renderWithProviders(<CountsShell />, { auth: signedIn('parent'), queryClient });
    latest().open();
    // A notification made between the session read and the stream's open is in the first event's count.
    latest().send('unread', { notifications: 3, messages: 2 });
    expect(queryClient.getQueryData<Session>(authKeys.me)?.unread).toBe(3);
    expect(queryClient.getQueryData(messageKeys.unread)).toEqual({ count: 2 });
    expect(calls).toEqual([]);
    // Company staff have no messages: their count is null and leaves Messages alone.
    latest().send('unread', { notifications: 0, messages: null });
    expect(queryClient.getQueryData<Session>(authKeys.me)?.unread).toBe(0);
    expect(queryClient.getQueryData(messageKeys.unread)).toEqual({ count: 2 });
    // A group changed (renamed, someone taken out): the conversation list is stale.
    queryClient.setQueryData(messageKeys.conversations, { items: [], nextCursor: null, total: 0 });
    latest().send('conversation', { id: 'group-1' });
    expect(queryClient.getQueryState(messageKeys.conversations)?.isInvalidated).toBe(true);
  });

  it('shows an empty list instead of an error once the stream has failed 3 retries (docs/product.md, "Notifications and live events")', async () => {
    mockFetch({
      'GET /api/v1/notifications': () => apiError(503, 'unavailable', 'down'),
    });
    renderShell(null);
    await act(() => vi.runOnlyPendingTimersAsync());
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Notifications could not be loaded.')).toBeTruthy();

    latest().fail(); // the first connection
    for (const wait of [2000, 4000]) {
      advance(wait);
      latest().fail(); // retries 1 and 2
    }
    expect(screen.getByText('Notifications could not be loaded.')).toBeTruthy();
    advance(8000);
    latest().fail(); // retry 3
    expect(screen.queryByText('Notifications could not be loaded.')).toBeNull();
    expect(screen.getByText('No notifications')).toBeTruthy();
  });
});
