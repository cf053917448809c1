import type { Notification } from '@lyceum/shared/api';
import { relativeTime } from '@lyceum/shared/constants';
import { cn } from '../../../lib/cn';

interface NotificationItemProps {
  notification: Notification;
  onSelect: (notification: Notification) => void;
  now?: Date;
}

export function NotificationItem({ notification, onSelect, now }: NotificationItemProps) {
  const created = new Date(notification.createdAt);
  return (
    <button
      type="button"
      onClick={() => onSelect(notification)}
      className={cn(
        'flex w-full gap-3 px-4 py-3 text-start transition-colors hover:bg-slate-50',
        !notification.read && 'bg-blue-50/60',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-blue-600')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm text-slate-900', !notification.read && 'font-semibold')}>
          {notification.title}
          {!notification.read && <span className="sr-only"> (unread)</span>}
        </span>
        <span className="mt-0.5 block text-sm break-words text-slate-600">{notification.body}</span>
        <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-400">
          {relativeTime(created, now)}
        </time>
      </span>
    </button>
  );
}
