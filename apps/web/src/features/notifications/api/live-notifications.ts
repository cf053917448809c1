import { Notification, type NotificationList } from '@lyceum/shared/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isLiveWithdrawn, type LiveUnread, UNREAD_EVENT } from '@lyceum/shared/live-events';
import { adjustSessionUnread } from '../../../lib/auth';
import type { LiveHandler } from '../../../lib/live-events';
import { refetchLive } from '../../../lib/live-refetch';
import { notificationKeys } from './get-notifications';

const unreadOf = (n: Notification | undefined) => (n && !n.read ? 1 : 0);

/**
 * A notification that arrived live, in the bell's cached list without a refetch: a new one goes on top; one
 * the list already holds was rewritten in place (an absence alert corrected, unread again: docs/product.md,
 * "Absence alerts") and replaces its line where it is, the server keeping its time. The unread count follows:
 * +1 for a new unread one, and for a rewrite whatever its read state changed.
 */
export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  // Not loaded yet (the bell was never opened): its first fetch will bring it; the badge reads the session's
  // count. A rewrite may already be counted there, which only the server knows: the stream follows a rewrite
  // with its `unread` counts (useUnreadLiveHandler), which set the badge right.
  if (!queryClient.getQueryData(notificationKeys.list)) {
    if (!notification.read) adjustSessionUnread(queryClient, (unread) => unread + 1);
    return;
  }
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list) return list;
    const old = list.items.find((n) => n.id === notification.id);
    const unread = Math.max(0, list.unread - unreadOf(old) + unreadOf(notification));
    if (!old) return { ...list, items: [notification, ...list.items], unread };
    return { ...list, items: list.items.map((n) => (n.id === notification.id ? notification : n)), unread };
  });
}

/** The bell's part of the live stream: `notification` events, and a refetch whenever events may have been missed. */
export function useNotificationLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    return {
      kind: 'notification',
      onEvent(data) {
        if (isLiveWithdrawn(data)) {
          // Taken out of the bell by the server (a child's alerts, once their parent is unlinked): the line
          // leaves the list; the badge takes the `unread` counts the stream sends next.
          queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
            list ? { ...list, items: list.items.filter((n) => n.id !== data.id) } : list,
          );
          void queryClient.invalidateQueries({ queryKey: [...notificationKeys.list, 'page'] });
          refetchLive(queryClient, [['dashboard']]);
          return;
        }
        const parsed = Notification.safeParse(data);
        if (!parsed.success) return;
        addLiveNotification(queryClient, parsed.data);
        void queryClient.invalidateQueries({ queryKey: [...notificationKeys.list, 'page'] });
        // Dashboards show the unread count too (key owned by the dashboard feature); once, with the other
        // events of the same change (a corrected mark refetches them already).
        refetchLive(queryClient, [['dashboard']]);
      },
      onResync() {
        // Only the session's count is shown until the bell opens: the stream's `unread` event, which follows
        // every open and resync, brings it up to date (useUnreadLiveHandler).
        if (queryClient.getQueryData(notificationKeys.list)) {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        }
      },
    };
  }, [queryClient]);
}

/**
 * The stream's `unread` event (on open, after a resync, after a rewritten notification): the bell's count as it
 * is now, for the badge whether or not the list is loaded.
 */
export function useUnreadLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: UNREAD_EVENT,
      onEvent(data) {
        const count = (data as Partial<LiveUnread> | null)?.notifications;
        if (typeof count !== 'number') return;
        adjustSessionUnread(queryClient, () => count);
        // The server's count is the truth for a loaded list too (a rewritten alert not among its items).
        queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
          list ? { ...list, unread: count } : list,
        );
      },
      onResync() {},
    }),
    [queryClient],
  );
}
