import type { ConversationDetail } from '@lyceum/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './messages-live';

/** Groups staff make: one conversation's members and who made it, and the changes to a group. */
export const groupKeys = {
  detail: (id: string) => [...messageKeys.all, 'detail', id] as const,
};

/**
 * One of the caller's conversations with its members. The Messages page also opens a linked conversation
 * with it when the conversation is not among the list's loaded pages (docs/product.md, "Messages" → "Lists").
 */
export function useConversationDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => api.get<ConversationDetail>(`/messages/conversations/${id}`, { signal }),
    enabled,
  });
}

/** Every change refreshes what Messages shows (the list's titles, the open group's members). */
function useGroupMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export const useCreateGroup = () =>
  useGroupMutation((input: { name: string; memberIds: string[] }) =>
    api.post<ConversationDetail>('/messages/groups', input),
  );

export const useRenameGroup = (id: string) =>
  useGroupMutation((name: string) => api.patch<ConversationDetail>(`/messages/groups/${id}`, { name }));

export const useAddGroupMembers = (id: string) =>
  useGroupMutation((memberIds: string[]) =>
    api.post<ConversationDetail>(`/messages/groups/${id}/members`, { memberIds }),
  );

export const useRemoveGroupMember = (id: string) =>
  useGroupMutation((userId: string) => api.delete<ConversationDetail>(`/messages/groups/${id}/members/${userId}`));

export const useLeaveGroup = (id: string) => useGroupMutation(() => api.post<void>(`/messages/groups/${id}/leave`));

export const useDeleteGroup = (id: string) => useGroupMutation(() => api.delete<void>(`/messages/groups/${id}`));
