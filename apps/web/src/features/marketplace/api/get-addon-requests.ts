import type { AddonRequestListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const myAddonRequestsKey = ['addon-requests', 'mine'] as const;

export const myAddonRequestsQueryOptions = queryOptions({
  queryKey: myAddonRequestsKey,
  queryFn: ({ signal }) => api.get<AddonRequestListResponse>('/addon-requests', { signal }),
});

export function useMyAddonRequests(enabled: boolean) {
  return useQuery({ ...myAddonRequestsQueryOptions, enabled });
}
