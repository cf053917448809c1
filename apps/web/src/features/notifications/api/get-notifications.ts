import type { NotificationList } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationKeys = { list: ['notifications'] as const };

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', { signal });
}

/** Polled once a minute until the live event stream (DESIGN §7) lands, and refreshed on window focus. */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => getNotifications(signal),
  refetchInterval: 60_000,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
