import type {
  Announcement,
  AnnouncementList,
  AnnouncementOptions,
  AnnouncementReaders,
  CreateAnnouncementRequest,
  UpdateAnnouncementRequest,
} from '@lyceum/shared/announcements';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export type AnnouncementStatusFilter = 'active' | 'archived';

/** Everything this feature caches lives under this key; live announcement notifications refetch it. */
export const announcementKeys = {
  all: ['announcements'] as const,
  list: (status: AnnouncementStatusFilter) => ['announcements', 'list', status] as const,
  options: ['announcements', 'options'] as const,
  one: (id: string) => ['announcements', 'one', id] as const,
  readers: (id: string, state: 'read' | 'unread') => ['announcements', 'readers', id, state] as const,
};

export const announcementsQueryOptions = (status: AnnouncementStatusFilter) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(status),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AnnouncementList>(`/announcements?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAnnouncements(status: AnnouncementStatusFilter) {
  return useInfiniteQuery(announcementsQueryOptions(status));
}

/** One announcement, as a notification opens it (docs/product.md, "Notifications"). */
export function useAnnouncement(id: string) {
  return useQuery(
    queryOptions({
      queryKey: announcementKeys.one(id),
      queryFn: ({ signal }) => api.get<Announcement>(`/announcements/${encodeURIComponent(id)}`, { signal }),
      // Gone (archived, withdrawn, never the reader's) is an answer, not a failure to retry.
      retry: false,
    }),
  );
}

/** The publish form's audiences and classes; fetched when the form opens, not with the page. */
export function useAnnouncementOptions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: announcementKeys.options,
      queryFn: ({ signal }) => api.get<AnnouncementOptions>('/announcements/options', { signal }),
      enabled,
    }),
  );
}

export function useAnnouncementReaders(id: string, state: 'read' | 'unread', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: announcementKeys.readers(id, state),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AnnouncementReaders>(`/announcements/${encodeURIComponent(id)}/readers?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateAnnouncementRequest) => api.post<Announcement>('/announcements', data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

/**
 * Pins, archives or edits one. The answer (the announcement as the caller now reads it) takes its place in the
 * lists at once, so an edited card shows its new text without waiting for the refetch that follows.
 */
export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateAnnouncementRequest }) =>
      api.patch<Announcement>(`/announcements/${encodeURIComponent(id)}`, data),
    onSuccess: (saved) => {
      queryClient.setQueriesData<InfiniteData<AnnouncementList>>({ queryKey: ['announcements', 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === saved.id ? saved : item)),
              })),
            }
          : data,
      );
      // Not waited for: the answer is already shown, and a slow list must not hold the dialog open.
      void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}

/**
 * Records the caller's read; the list shows it read at once. The server marks its notification read with it
 * (docs/product.md, "Notifications"), so the bell's list and the dashboards' unread count (keys owned by those
 * features) are read again too, with or without a live stream to tell them. `quiet`: a read the page made by
 * itself (an announcement opened from its notification) fails without a toast, its `Mark as read` still there.
 */
export function useMarkAnnouncementRead({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...(quiet && { meta: NO_ERROR_TOAST }),
    mutationFn: (id: string) => api.post<void>(`/announcements/${encodeURIComponent(id)}/read`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
