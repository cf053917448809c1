import type { UsageResponse } from '@lyceum/shared/company';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const search = (q: string) => (q ? `?${new URLSearchParams({ q })}` : '');

export const usageQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['company', 'usage', q] as const,
    queryFn: ({ signal }) => api.get<UsageResponse>(`/company/usage${search(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUsage(q: string) {
  return useQuery(usageQueryOptions(q));
}

export const usageCsvUrl = (q: string) => `/api/v1/company/usage/export${search(q)}`;
