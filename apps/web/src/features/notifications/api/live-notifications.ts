import { Notification, type NotificationList } from '@lyceum/shared/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';
import { notificationKeys } from './get-notifications';

/** Puts a notification that arrived live at the top of the bell's cached list, without a refetch. */
export function addLiveNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    // Not loaded yet: the first fetch will bring it.
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
  return useMemo(
    () => ({
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
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      },
    }),
    [queryClient],
  );
}
