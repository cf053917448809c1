import type { AddonRequestListQuery, AddonRequestListResponse } from '@lyceum/shared/company';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const addonRequestsKey = ['company', 'addon-requests'] as const;

export function getAddonRequests(
  status: AddonRequestListQuery['status'],
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AddonRequestListResponse> {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return api.get<AddonRequestListResponse>(`/company/addon-requests?${params}`, { signal });
}

/** The one request a notice opened, whatever its status now (an empty list when it is not the reader's). */
export function getAddonRequestById(id: string, signal?: AbortSignal): Promise<AddonRequestListResponse> {
  return api.get<AddonRequestListResponse>(`/company/addon-requests?${new URLSearchParams({ id })}`, { signal });
}

export const addonRequestsQueryOptions = (status: AddonRequestListQuery['status']) =>
  infiniteQueryOptions({
    queryKey: [...addonRequestsKey, status ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => getAddonRequests(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAddonRequests(status: AddonRequestListQuery['status']) {
  return useInfiniteQuery(addonRequestsQueryOptions(status));
}
