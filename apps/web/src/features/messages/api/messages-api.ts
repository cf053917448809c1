import type {
  ContactList,
  Conversation,
  ConversationList,
  Message,
  MessageList,
  MessageSearchResult,
  SendMessageRequest,
} from '@lyceum/shared/messages';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchConversationPage } from './conversation-pages';
import { messageKeys, refreshAfterNewMessage } from './messages-live';

/**
 * The caller's conversations in keyset pages, latest activity first (docs/product.md, "Messages" → "Lists"):
 * the first 50, then 50 more on request, until the whole list is shown. A new message (live or sent) reads the
 * first page again, where its conversation now is (`refreshFirstPage`); any other refetch (a read, a group
 * changed, a resync) walks the pages again from the first, so a conversation that moved up is read in its new
 * place.
 */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ pageParam, signal }) => fetchConversationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/**
 * The loaded pages as one list. Keyset pages do not overlap, but a conversation moving up while a further page
 * is read could be in two of them: it is shown once, in the higher of its places.
 */
export function conversationsOf(pages: readonly ConversationList[] | undefined): Conversation[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}

/**
 * A thread in keyset pages, newest first (docs/product.md, "Messages" → "Lists"): the first page is the newest
 * 50, each further page the 50 before them, so the whole conversation can be read. A refetch (a live event, a
 * send) walks the pages again from the newest, so they stay contiguous.
 */
export function useThread(id: string | null) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(id ?? ''),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<MessageList>(`/messages/conversations/${id}/messages?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: id !== null,
  });
}

export function useContacts(search: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.contacts(search),
    queryFn: ({ signal }) =>
      api.get<ContactList>(`/messages/contacts?search=${encodeURIComponent(search)}`, { signal }),
    enabled,
  });
}

export function useMessageSearch(q: string) {
  return useQuery({
    queryKey: messageKeys.search(q),
    queryFn: ({ signal }) => api.get<MessageSearchResult>(`/messages/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length >= 2,
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SendMessageRequest) =>
      api.post<Message>(`/messages/conversations/${conversationId}/messages`, message),
    onSuccess: () => refreshAfterNewMessage(queryClient),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => api.post<void>(`/messages/conversations/${conversationId}/read`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      await queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<{ id: string }>('/messages/conversations', { userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      api.post<{ id: string }>(`/messages/${input.id}/report`, input.reason ? { reason: input.reason } : {}),
  });
}
