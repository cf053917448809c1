import type { Notification, NotificationList } from '@lyceum/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { createTestQueryClient, mockFetch, renderWithProviders, signedIn, json } from '../../../test/utils';
import { notificationKeys } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

function note(id: string, read: boolean, minutesAgo = 5): Notification {
  return {
    id,
    type: 'announcement',
    title: `Title ${id}`,
    body: `Body ${id}`,
    read,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    target: null,
  };
}

function renderBell(list: NotificationList, role: Parameters<typeof signedIn>[0] = 'teacher') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationKeys.list, list);
  return renderWithProviders(<NotificationBell />, { auth: signedIn(role), queryClient });
}

describe('NotificationBell badge', () => {
  it('shows no badge with 0 unread', () => {
    renderBell({ items: [], unread: 0 });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows the number up to 9', () => {
    renderBell({ items: [], unread: 5 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('5');
    expect(screen.getByRole('button', { name: 'Notifications, 5 unread' })).toBeTruthy();
  });

  it('shows 9 as 9 and 10 as "9+"', () => {
    const { unmount } = renderBell({ items: [], unread: 9 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('9');
    unmount();
    renderBell({ items: [], unread: 10 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
  });
});

describe('NotificationBell name', () => {
  afterEach(() => changeLanguage('en'));

  // Voice control users say what they see ("click 2"), and axe requires it (label-content-name-mismatch): the
  // Arabic one and two forms said the count in words only.
  it.each([
    'en',
    'es',
    'ar',
  ] as const)('says the number the badge shows, in every plural form (%s)', async (language) => {
    await changeLanguage(language);
    for (let unread = 1; unread <= 9; unread++) {
      const { unmount } = renderBell({ items: [], unread });
      const badge = screen.getByTestId('notification-badge');
      const name = badge.closest('button')?.getAttribute('aria-label') ?? '';
      expect(name).toContain(badge.textContent);
      unmount();
    }
  });
});

describe('NotificationBell list', () => {
  it('shows "No notifications" when empty', async () => {
    mockFetch({ 'GET /api/v1/notifications': () => json({ items: [], unread: 0 }) });
    renderBell({ items: [], unread: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists title, body and relative time, and marks a clicked notification read', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/notifications/n1/read': () => new Response(null, { status: 204 }),
      'GET /api/v1/notifications': () => json({ items: [note('n1', true), note('n2', false, 180)], unread: 1 }),
    });
    renderBell({ items: [note('n1', false), note('n2', false, 180)], unread: 2 });
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');

    const list = screen.getByTestId('notification-list');
    expect(list.className).toContain('max-h-96');
    expect(list.className).toContain('overflow-y-auto');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Title n1');
    expect(items[0]?.textContent).toContain('Body n1');
    expect(items[0]?.textContent).toContain('Just now');
    expect(items[1]?.textContent).toContain('3h ago');

    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: /^Title n1/ }));
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/notifications/n1/read');
    expect(post?.headers['content-type']).toBe('application/json');
  });

  it('opens what a notification is about: a link that marks it read, goes there and closes the bell', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/notifications/n1/read': () => new Response(null, { status: 204 }),
      'GET /api/v1/notifications': () => json({ items: [], unread: 0 }),
    });
    const linked = { ...note('n1', false), target: { kind: 'announcement', id: 'ann-1' } } as const;
    const { router } = renderBell({ items: [linked, note('n2', false)], unread: 2 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const list = screen.getByTestId('notification-list');
    // Without a target it stays a button that only marks it read.
    expect(within(list).getByRole('button', { name: /^Title n2/ })).toBeTruthy();
    const link = within(list).getByRole('link', { name: /^Title n1/ });
    expect(link.getAttribute('href')).toBe('/announcements?a=ann-1');
    // Reached and opened from the keyboard.
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(router.state.location.search).toBe('?a=ann-1');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/notifications/n1/read')).toBe(true);
    expect(screen.queryByTestId('notification-list')).toBeNull();
  });

  it("links a company staff notice to the company page it is about, by the reader's role", async () => {
    mockFetch({});
    const request = { ...note('n1', true), target: { kind: 'addonRequest', id: 'r1', status: 'pending' } } as const;
    const school = { ...note('n2', true), target: { kind: 'school', id: 's1' } } as const;
    const hrefs = async (role: 'company_admin' | 'company_user') => {
      const { unmount } = renderBell({ items: [request, school], unread: 0 }, role);
      await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
      const list = screen.getByTestId('notification-list');
      const found = ['n1', 'n2'].map((id) =>
        within(list)
          .getByRole('link', { name: new RegExp(`^Title ${id}`) })
          .getAttribute('href'),
      );
      unmount();
      return found;
    };
    expect(await hrefs('company_admin')).toEqual(['/addon-requests/manage?status=pending&id=r1', '/schools/s1']);
    // company_user may not open the manage page: the list it may open, filtered the same way, the request marked.
    expect(await hrefs('company_user')).toEqual(['/addon-requests?status=pending&id=r1', '/schools/s1']);
  });

  it('shows a target the reader’s role may not open as a plain notification', async () => {
    mockFetch({});
    const mine = { ...note('n1', true), target: { kind: 'subscription', section: 'payments' } } as const;
    renderBell({ items: [mine], unread: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const list = screen.getByTestId('notification-list');
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).getByRole('button', { name: /^Title n1/ })).toBeTruthy();
  });

  it("'Mark all read' marks every notification read", async () => {
    const { calls } = mockFetch({
      'POST /api/v1/notifications/read-all': () => new Response(null, { status: 204 }),
      'GET /api/v1/notifications': () => json({ items: [note('a', true), note('b', true)], unread: 0 }),
    });
    renderBell({ items: [note('a', false), note('b', false)], unread: 12 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 12 unread' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/notifications/read-all')).toBe(true);
  });

  it('deletes one notification for its reader, and links to the full page', async () => {
    const { calls } = mockFetch({
      'DELETE /api/v1/notifications/n1': () => new Response(null, { status: 204 }),
      'GET /api/v1/notifications': () => json({ items: [note('n2', false)], unread: 1 }),
    });
    renderBell({ items: [note('n1', false), note('n2', false)], unread: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Title n1' }));
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('1'));
    expect(within(screen.getByTestId('notification-list')).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/notifications/n1')).toBe(true);
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/notifications');
  });

  it('closes on Escape', async () => {
    renderBell({ items: [], unread: 0 });
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    expect(screen.getByText('No notifications')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('No notifications')).toBeNull();
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });
});
