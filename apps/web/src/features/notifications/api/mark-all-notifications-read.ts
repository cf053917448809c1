import type { NotificationList } from '@lyceum/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function markAllNotificationsRead(): Promise<void> {
  return api.post<void>('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
        list ? { items: list.items.map((n) => ({ ...n, read: true })), unread: 0 } : list,
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      // Dashboards show the unread count too (key owned by the dashboard feature).
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
