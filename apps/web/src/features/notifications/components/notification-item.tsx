import type { Notification } from '@lyceum/shared/api';
import { Link } from 'react-router';
import { useAuthContext } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { targetHref } from '../lib/target-href';

interface NotificationItemProps {
  notification: Notification;
  onSelect: (notification: Notification) => void;
  now?: Date;
}

/** docs/product.md, "Notifications and live events": 'Just now' within the hour, 'Nh ago' within the day, else the date. */
function useNotificationTime() {
  const { t } = useT();
  const { date } = useFormat();
  return (created: Date, now: Date = new Date()) => {
    const hours = (now.getTime() - created.getTime()) / 3_600_000;
    if (hours < 1) return t('time.justNow');
    if (hours < 24) return t('time.hoursAgo', { count: Math.floor(hours) });
    return date(created);
  };
}

/**
 * One notification: a link to what it is about when its target is a page the reader may open (opening it also
 * marks it read), else a button that only marks it read (docs/product.md, "Notifications").
 */
export function NotificationItem({ notification, onSelect, now }: NotificationItemProps) {
  const role = useAuthContext()?.user?.role;
  const href = targetHref(notification.target, role);
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-start transition-colors hover:bg-slate-50',
    !notification.read && 'bg-blue-50/60',
  );
  const content = <ItemContent notification={notification} now={now} />;
  return href ? (
    <Link to={href} onClick={() => onSelect(notification)} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={() => onSelect(notification)} className={className}>
      {content}
    </button>
  );
}

function ItemContent({ notification, now }: { notification: Notification; now?: Date | undefined }) {
  const { t } = useT('notifications');
  const when = useNotificationTime();
  const created = new Date(notification.createdAt);
  return (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-blue-600')}
      />
      <span className="min-w-0 flex-1">
        {/* Titles and bodies are the sender's text, in whatever script they wrote it. */}
        <span dir="auto" className={cn('block text-sm text-slate-900', !notification.read && 'font-semibold')}>
          {notification.title}
          {!notification.read && <span className="sr-only"> {t('item.unread')}</span>}
        </span>
        <span dir="auto" className="mt-0.5 block text-sm break-words text-slate-600">
          {notification.body}
        </span>
        <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500">
          {when(created, now)}
        </time>
      </span>
    </>
  );
}
