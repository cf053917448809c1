import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Announcement } from '@lyceum/shared/announcements';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
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
