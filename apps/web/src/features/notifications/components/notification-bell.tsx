import type { Notification } from '@lyceum/shared/api';
import { badgeLabel } from '@lyceum/shared/constants';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuthContext } from '../../../lib/auth';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n';
import { useLiveStatus } from '../../../lib/live-events';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotifications } from '../api/get-notifications';
import { targetHref } from '../lib/target-href';
import { DeleteNotificationButton } from './delete-notification-button';
import { NotificationItem } from './notification-item';

/** The header bell (docs/product.md, "Notifications and live events"): "9+" badge, a list scrolling within a maximum height, click to mark read and open what it is about. */
export function NotificationBell() {
  const { t } = useT('notifications');
  const { t: tc } = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sessionUnread = useAuthContext()?.unread ?? null;
  const liveStatus = useLiveStatus();
  // The list loads when the bell is first opened; until then the badge is the session's count, kept current by
  // the live stream. Without that count (a session from sign-in) or without the stream, the list is the source.
  const [wanted, setWanted] = useState(false);
  const needsList = wanted || sessionUnread === null || liveStatus === 'retrying' || liveStatus === 'unavailable';
  const { data, isPending, isError, refetch } = useNotifications(needsList);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const unread = data?.unread ?? sessionUnread ?? 0;
  const badge = badgeLabel(unread);
  const items = data?.items ?? [];
  // docs/product.md, "Notifications and live events": once the live subscription has failed its retries, the bell delivers an empty list, not an error.
  const showError = isError && items.length === 0 && liveStatus !== 'unavailable';

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const role = useAuthContext()?.user?.role;
  // One that opens its page also closes the bell, as leaving for that page would.
  const select = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    if (targetHref(notification.target, role)) setOpen(false);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={badge ? t('bell.labelUnread', { count: unread }) : t('bell.title')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setWanted(true);
          setOpen((value) => !value);
        }}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute top-1 end-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </button>

      {open && (
        <section
          id={panelId}
          aria-label={t('bell.title')}
          className="fixed inset-x-2 top-16 z-50 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:end-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">{t('bell.title')}</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0 || markAll.isPending}
              className="rounded-md px-2 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              {t('bell.markAllRead')}
            </button>
          </div>
          {isPending ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">{tc('states.loading')}</p>
          ) : showError ? (
            <div className="px-4 py-8 text-center text-sm text-slate-500">
              <p>{t('bell.loadFailed')}</p>
              <button
                type="button"
                onClick={() => refetch()}
                className="mt-2 font-medium text-blue-700 hover:underline"
              >
                {tc('actions.retry')}
              </button>
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center px-4 py-8 text-center text-sm text-slate-500">
              <BellOff className="mb-2 size-6 text-slate-400" aria-hidden="true" />
              {t('bell.empty')}
            </div>
          ) : (
            <ul
              className="max-h-96 divide-y divide-slate-100 overflow-y-auto overscroll-contain"
              data-testid="notification-list"
            >
              {items.map((notification) => (
                <li key={notification.id} className="flex items-start">
                  <NotificationItem notification={notification} onSelect={select} />
                  <DeleteNotificationButton notification={notification} />
                </li>
              ))}
            </ul>
          )}
          <Link
            to="/notifications"
            onClick={() => setOpen(false)}
            className="block border-t border-slate-100 px-4 py-2.5 text-center text-sm font-medium text-blue-700 hover:bg-blue-50"
          >
            {t('bell.seeAll')}
          </Link>
        </section>
      )}
    </div>
  );
}
