import type { Notification } from '@lyceum/shared/api';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { createTestQueryClient, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { notificationKeys } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';
import { NotificationItem } from './notification-item';

const now = new Date('2025-03-10T12:00:00Z');
const notification = (hoursAgo: number): Notification => ({
  id: 'n1',
  type: 'fee',
  title: 'Fee due',
  body: 'Term 2 fee is due Friday',
  read: false,
  createdAt: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
  target: null,
});

// Unmount first: switching back to English must not re-render a finished test's components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the notification bell in other languages', () => {
  it('speaks Arabic, right to left, with the unread count in its label', async () => {
    await changeLanguage('ar');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(notificationKeys.list, { items: [], unread: 3 });
    mockFetch({ 'GET /api/v1/notifications': () => json({ items: [], unread: 0 }) });
    renderWithProviders(<NotificationBell />, { auth: signedIn('teacher'), queryClient });
    expect(document.documentElement.dir).toBe('rtl');
    await userEvent.click(screen.getByRole('button', { name: 'الإشعارات، 3 إشعارات غير مقروءة' }));
    expect(screen.getByRole('heading', { name: 'الإشعارات' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeTruthy();
  });

  it("writes relative times in Spanish ('hace 2 h', 'Justo ahora')", async () => {
    await changeLanguage('es');
    const { unmount } = render(<NotificationItem notification={notification(2)} onSelect={() => {}} now={now} />);
    expect(screen.getByText('hace 2 h')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toContain('(sin leer)');
    unmount();
    render(<NotificationItem notification={notification(0.5)} onSelect={() => {}} now={now} />);
    expect(screen.getByText('Justo ahora')).toBeTruthy();
  });
});
