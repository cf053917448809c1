import { Notification, type NotificationList } from '@lyceum/shared/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type LiveUnread, UNREAD_EVENT } from '@lyceum/shared/live-events';
import { adjustSessionUnread } from '../../../lib/auth';
import type { LiveHandler } from '../../../lib/live-events';
import { notificationKeys } from './get-notifications';

/** Puts a notification that arrived live at the top of the bell's cached list, without a refetch. */
export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  // Not loaded yet (the bell was never opened): its first fetch will bring it; the badge reads the session's count.
  if (!queryClient.getQueryData(notificationKeys.list)) {
    if (!notification.read) adjustSessionUnread(queryClient, (unread) => unread + 1);
    return;
  }
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list || list.items.some((n) => n.id === notification.id)) return list;
    return {
      items: [notification, ...list.items],
      unread: list.unread + (notification.read ? 0 : 1),
    };
  });
}

/** The bell's part of the live stream: `notification` events, and a refetch whenever events may have been missed. */
export function useNotificationLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    return {
      kind: 'notification',
      onEvent(data) {
        const parsed = Notification.safeParse(data);
        if (!parsed.success) return;
        addLiveNotification(queryClient, parsed.data);
        void queryClient.invalidateQueries({ queryKey: [...notificationKeys.list, 'page'] });
        // A new announcement's notification: the announcements list (key owned by that feature) is stale too.
        if (parsed.data.type === 'announcement') void queryClient.invalidateQueries({ queryKey: ['announcements'] });
        // Dashboards show the unread count too (key owned by the dashboard feature).
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
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

/** The stream's `unread` event: the bell's count as it is now, for the badge shown before the list is loaded. */
export function useUnreadLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      kind: UNREAD_EVENT,
      onEvent(data) {
        const count = (data as Partial<LiveUnread> | null)?.notifications;
        if (typeof count === 'number') adjustSessionUnread(queryClient, () => count);
      },
      onResync() {},
    }),
    [queryClient],
  );
}
