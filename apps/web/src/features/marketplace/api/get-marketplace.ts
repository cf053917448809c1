import type { MarketplaceResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const marketplaceKey = ['marketplace'] as const;

export const marketplaceQueryOptions = queryOptions({
  queryKey: marketplaceKey,
  queryFn: ({ signal }) => api.get<MarketplaceResponse>('/marketplace', { signal }),
});

export function useMarketplace(enabled: boolean) {
  return useQuery({ ...marketplaceQueryOptions, enabled });
}
