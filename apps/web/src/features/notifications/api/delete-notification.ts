import type { NotificationList } from '@lyceum/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export function deleteNotification(id: string): Promise<void> {
  return api.delete<void>(`/notifications/${encodeURIComponent(id)}`);
}

/** Soft delete: gone from the bell at once; every notification list is refetched after. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list, exact: true });
      queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
        const target = list?.items.find((n) => n.id === id);
        if (!list || !target) return list;
        return {
          ...list,
          items: list.items.filter((n) => n.id !== id),
          unread: target.read ? list.unread : Math.max(0, list.unread - 1),
        };
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.list });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
