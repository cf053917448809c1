import type { LeadListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recentLeadsQueryOptions = queryOptions({
  queryKey: ['company', 'leads', 'recent'] as const,
  queryFn: ({ signal }) => api.get<LeadListResponse>('/company/leads?limit=5', { signal }),
});

export function useRecentLeads(enabled: boolean) {
  return useQuery({ ...recentLeadsQueryOptions, enabled });
}
