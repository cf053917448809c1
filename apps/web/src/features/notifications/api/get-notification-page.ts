import type { NotificationList } from '@lyceum/shared/api';
import type { NotificationType } from '@lyceum/shared/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export interface NotificationFilters {
  type: NotificationType | '';
  read: 'all' | 'read' | 'unread';
}

/** The notifications page: under the bell's key, so marking or deleting anywhere refetches both. */
export const notificationPageQueryOptions = (filters: NotificationFilters) =>
  infiniteQueryOptions({
    queryKey: [...notificationKeys.list, 'page', filters] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ read: filters.read, limit: '25' });
      if (filters.type) params.set('type', filters.type);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<NotificationList>(`/notifications?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export function useNotificationPage(filters: NotificationFilters) {
  return useInfiniteQuery(notificationPageQueryOptions(filters));
}
