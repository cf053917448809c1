import type { AddonRequestListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The school's own add-on requests (same key as the marketplace, so both share the answer). */
export const myAddonRequestsQueryOptions = queryOptions({
  queryKey: ['addon-requests', 'mine'] as const,
  queryFn: ({ signal }) => api.get<AddonRequestListResponse>('/addon-requests', { signal }),
});

export function useMyAddonRequests(enabled = true) {
  return useQuery({ ...myAddonRequestsQueryOptions, enabled });
}
