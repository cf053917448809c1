import type { AddonRequestListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** `GET /addon-requests`: the school's own add-on requests, for the marketplace and My Subscription. */
export function getMyAddonRequests(signal?: AbortSignal): Promise<AddonRequestListResponse> {
  return api.get<AddonRequestListResponse>('/addon-requests', { signal });
}

export const myAddonRequestsKey = ['addon-requests', 'mine'] as const;

export const myAddonRequestsQueryOptions = queryOptions({
  queryKey: myAddonRequestsKey,
  queryFn: ({ signal }) => getMyAddonRequests(signal),
});

export function useMyAddonRequests(enabled = true) {
  return useQuery({ ...myAddonRequestsQueryOptions, enabled });
}
