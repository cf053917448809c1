import type { NotificationList } from '@lyceum/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function markNotificationRead(id: string): Promise<void> {
  return api.post<void>(`/notifications/${encodeURIComponent(id)}/read`);
}

/** Marks one notification read at once in the cache; docs/product.md, "Notifications and live events": a failure is only logged, the list is refetched. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
        if (!list) return list;
        const target = list.items.find((n) => n.id === id);
        if (!target || target.read) return list;
        return {
          items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
          unread: Math.max(0, list.unread - 1),
        };
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      // Dashboards show the unread count too (key owned by the dashboard feature).
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
