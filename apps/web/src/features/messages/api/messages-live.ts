import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type LiveUnread, UNREAD_EVENT } from '@lyceum/shared/live-events';
import { api } from '../../../lib/api-client';
import { type LiveHandler, liveStatusNow } from '../../../lib/live-events';
import { refreshFirstPage } from './conversation-pages';

/**
 * The part of Messages the shell needs on every page: the sidebar's unread badge and the live handler. Kept
 * apart from the page's code (and free of zod) because the shell is in the initial bundle.
 */
export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  conversations: ['messages', 'conversations'] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  contacts: (search: string) => ['messages', 'contacts', search] as const,
  search: (q: string) => ['messages', 'search', q] as const,
};

/**
 * The Messages badge's count. The session read (`GET /auth/me`) carries it, and the live stream's `unread` event
 * keeps it current, so a fresh page spends no request on it; it asks for itself only when the session did not
 * say (a session from a sign-in answer) or, without a live stream, every minute.
 */
export function useMessagesUnread(enabled: boolean, fromSession: number | null = null) {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => api.get<{ count: number }>('/messages/unread', { signal }),
    enabled,
    ...(fromSession === null ? {} : { initialData: { count: fromSession }, staleTime: 60_000 }),
    refetchInterval: () => (liveStatusNow() === 'open' ? false : 60_000),
  });
}

/**
 * What a new message changes (one arrived live, or the caller sent one): the list reads its first page only,
 * where the message's conversation now is (not every page the reader loaded); the rest of Messages (badge,
 * threads, a group's details, search) refetches as before.
 */
export function refreshAfterNewMessage(queryClient: QueryClient): Promise<void> {
  const notTheList = queryClient.invalidateQueries({
    queryKey: messageKeys.all,
    predicate: (query) => query.queryKey[1] !== messageKeys.conversations[1],
  });
  const list = refreshFirstPage(queryClient, messageKeys.conversations, () =>
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
  );
  return Promise.all([notTheList, list]).then(() => undefined);
}

/**
 * A resync (every stream open) leaves alone what was read this recently or is still being read: on a fresh
 * visit that is the badge's and the page's first fetch, and asking again would only cost the page time.
 */
const FRESH_ENOUGH_MS = 5_000;

/**
 * Messages' part of the live stream. A `message` event (a new message, or a read by someone else) and a
 * `conversation` event (a group made, renamed, deleted, or its members changed) refresh what Messages shows:
 * the badge, the conversation list, the open thread and group each refetch once, as the caller; after a
 * `message` the list reads only its first page (`refreshAfterNewMessage`), while a group's change, which can
 * touch a row further down, reads every loaded page. The `unread` event, which follows every open and resync,
 * sets the sidebar's count without asking for it.
 */
export function useMessageLiveHandlers(): readonly LiveHandler[] {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    const newMessage = () => void refreshAfterNewMessage(queryClient);
    const resync = () => {
      const olderThan = Date.now() - FRESH_ENOUGH_MS;
      void queryClient.invalidateQueries(
        {
          queryKey: messageKeys.all,
          predicate: (query) => query.queryKey[1] !== messageKeys.unread[1] && query.state.dataUpdatedAt < olderThan,
        },
        { cancelRefetch: false },
      );
    };
    const none = () => {};
    return [
      { kind: 'message', onEvent: newMessage, onResync: resync },
      { kind: 'conversation', onEvent: refresh, onResync: none },
      {
        kind: UNREAD_EVENT,
        onEvent(data) {
          const count = (data as Partial<LiveUnread> | null)?.messages;
          if (typeof count === 'number') queryClient.setQueryData(messageKeys.unread, { count });
        },
        onResync: none,
      },
    ];
  }, [queryClient]);
}
