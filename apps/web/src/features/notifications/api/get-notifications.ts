import type { NotificationList } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveStatusNow } from '../../../lib/live-events';

export const notificationKeys = { list: ['notifications'] as const };

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', { signal });
}

/**
 * New notifications arrive through the live event stream (lib/live-events.ts); while that stream is not open
 * (reconnecting, or no EventSource) the list is polled once a minute instead. Refreshed on window focus.
 */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => getNotifications(signal),
  refetchInterval: () => (liveStatusNow() === 'open' ? false : 60_000),
});

/** `enabled`: the bell asks for its list only once it is opened (the session carries the unread count). */
export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
