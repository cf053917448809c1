import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Announcement } from '@lyceum/shared/announcements';
import { apiError, createTestQueryClient, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AnnouncementsPage } from './announcements-page';

describe('AnnouncementsPage', () => {
  // Company staff belong to no school: the server refuses them a school's announcements, and Retry could
  // only repeat the refusal (docs/product.md, "Routes and who may open them").
  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)('tells %s that announcements are not for its role, asking the server nothing', async (role) => {
    const { calls } = mockFetch({});
    renderWithProviders(<AnnouncementsPage />, { auth: signedIn(role) });
    expect(await screen.findByText('Not available for your role')).toBeTruthy();
    expect(
      screen.getByText('Announcements are shared inside a school, between its staff, students and parents.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows a publisher with nothing published the way to publish, and a reader that theirs will appear', async () => {
    const empty = { 'GET /api/v1/announcements': () => json({ items: [], nextCursor: null }) };
    mockFetch({
      ...empty,
      'GET /api/v1/announcements/options': () => json({ audiences: ['parent'], classes: [], classRequired: false }),
    });
    const user = userEvent.setup();
    const admin = renderWithProviders(<AnnouncementsPage />, { auth: signedIn('school_admin') });
    expect(
      await screen.findByText(
        'No current announcements. A new announcement reaches the whole school or the classes you choose, each person with a notification.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Announcements for you will appear here.')).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'New announcement' });
    // The header's button and the empty state's.
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'New announcement' })).toBeTruthy();
    admin.unmount();

    mockFetch(empty);
    renderWithProviders(<AnnouncementsPage />, { auth: signedIn('parent') });
    expect(await screen.findByText('Announcements for you will appear here.')).toBeTruthy();
    expect(within(document.body).queryByRole('button', { name: 'New announcement' })).toBeNull();
  });

  describe('opened from a notification (?a=)', () => {
    const announcement: Announcement = {
      id: 'ann-1',
      title: 'Sports day',
      body: '<p>Friday at ten</p>',
      audience: ['parent'],
      classes: [],
      status: 'active',
      pinned: false,
      expiresAt: null,
      createdAt: new Date().toISOString(),
      editedAt: null,
      author: { id: 'u1', name: 'Pat Principal' },
      read: false,
      readCount: null,
      audienceCount: null,
      canManage: false,
      attachments: [],
    };

    it('shows that announcement alone, with the way back to all of them', async () => {
      const { calls } = mockFetch({
        'GET /api/v1/announcements/ann-1': () => json(announcement),
        'POST /api/v1/announcements/ann-1/read': () => new Response(null, { status: 204 }),
      });
      renderWithProviders(<AnnouncementsPage />, { auth: signedIn('parent'), path: '/announcements?a=ann-1' });
      expect(await screen.findByText('Sports day')).toBeTruthy();
      expect(screen.getByText('Friday at ten')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'All announcements' }).getAttribute('href')).toBe('/announcements');
      // The one asked for, not the list.
      expect(calls.some((c) => c.url.startsWith('/api/v1/announcements?'))).toBe(false);
    });

    it('records it read once as it opens, so its bell line and the badge are read again; one already read is left alone', async () => {
      let read = false;
      const { calls } = mockFetch({
        'GET /api/v1/announcements/ann-1': () => json({ ...announcement, read }),
        'POST /api/v1/announcements/ann-1/read': () => {
          read = true;
          return new Response(null, { status: 204 });
        },
      });
      const queryClient = createTestQueryClient();
      // The bell's list and a dashboard's count, as loaded before (keys of those features).
      queryClient.setQueryData(['notifications'], { items: [], unread: 1 });
      queryClient.setQueryData(['dashboard', 'parent'], { unread: 1 });
      const opened = renderWithProviders(<AnnouncementsPage />, {
        auth: signedIn('parent'),
        path: '/announcements?a=ann-1',
        queryClient,
      });
      expect(await screen.findByText('Sports day')).toBeTruthy();
      // Read again after the read: no longer New, and no button left to mark it.
      await waitFor(() => expect(screen.queryByText('New')).toBeNull());
      expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/v1/announcements/ann-1/read']);
      expect(queryClient.getQueryState(['notifications'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['dashboard', 'parent'])?.isInvalidated).toBe(true);
      opened.unmount();

      const again = mockFetch({ 'GET /api/v1/announcements/ann-1': () => json({ ...announcement, read: true }) });
      renderWithProviders(<AnnouncementsPage />, { auth: signedIn('parent'), path: '/announcements?a=ann-1' });
      expect(await screen.findByText('Sports day')).toBeTruthy();
      expect(again.calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('a failed read says nothing and leaves Mark as read to try again', async () => {
      const { calls } = mockFetch({
        'GET /api/v1/announcements/ann-1': () => json(announcement),
        'POST /api/v1/announcements/ann-1/read': () => apiError(503, 'unavailable', 'Service temporarily unavailable'),
      });
      renderWithProviders(
        <>
          <AnnouncementsPage />
          <Toaster />
        </>,
        { auth: signedIn('parent'), path: '/announcements?a=ann-1' },
      );
      expect(await screen.findByRole('button', { name: 'Mark as read' })).toBeTruthy();
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST').length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(/Service temporarily unavailable/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy();
    });

    it.each([
      [404, 'Announcement not found'],
      [400, 'Invalid id'],
    ])('says an announcement gone or never there (%i) is no longer available, without a retry', async (status, message) => {
      mockFetch({ 'GET /api/v1/announcements/gone': () => apiError(status, 'x', message) });
      renderWithProviders(<AnnouncementsPage />, { auth: signedIn('parent'), path: '/announcements?a=gone' });
      expect(await screen.findByText('This announcement is no longer available')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.getByRole('link', { name: 'All announcements' })).toBeTruthy();
    });
  });
});
