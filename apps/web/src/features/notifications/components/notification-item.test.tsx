import { badgeLabel, relativeTime } from '@lyceum/shared/constants';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationItem } from './notification-item';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('relativeTime (docs/product.md, "Notifications and live events")', () => {
  it.each([
    [0, 'Just now'],
    [59 * MINUTE, 'Just now'],
    [HOUR - 1, 'Just now'],
    [HOUR, '1h ago'],
    [90 * MINUTE, '1h ago'],
    [5 * HOUR, '5h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
  ])('%i ms ago → %s', (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected);
  });

  it('shows a local date from 24 hours on', () => {
    const date = ago(24 * HOUR);
    expect(relativeTime(date, now, 'en-US')).toBe(date.toLocaleDateString('en-US'));
    expect(relativeTime(ago(40 * 24 * HOUR), now, 'en-GB')).toBe(ago(40 * 24 * HOUR).toLocaleDateString('en-GB'));
    expect(relativeTime(date, now)).not.toMatch(/ago|Just now/);
  });
});

describe('badgeLabel', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [5, '5'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread → %s', (unread, expected) => {
    expect(badgeLabel(unread)).toBe(expected);
  });
});

describe('NotificationItem', () => {
  it('renders title, body and the relative time, and reports clicks', () => {
    const onSelect = vi.fn();
    const notification = {
      id: 'n1',
      type: 'fee' as const,
      title: 'Fee due',
      body: 'Term 2 fee is due Friday',
      read: false,
      createdAt: ago(2 * HOUR).toISOString(),
      target: null,
    };
    render(<NotificationItem notification={notification} onSelect={onSelect} now={now} />);
    const button = screen.getByRole('button');
    expect(button.textContent).toContain('Fee due');
    expect(button.textContent).toContain('(unread)');
    expect(button.textContent).toContain('Term 2 fee is due Friday');
    expect(screen.getByText('2h ago').getAttribute('datetime')).toBe(notification.createdAt);
    button.click();
    expect(onSelect).toHaveBeenCalledWith(notification);
  });
});
