import type { RevenueQuery, RevenueResponse } from '@lyceum/shared/company';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function search(range: RevenueQuery): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return params.toString();
}

export const revenueQueryOptions = (range: RevenueQuery) =>
  queryOptions({
    queryKey: ['company', 'revenue', range.from ?? '', range.to ?? ''] as const,
    queryFn: ({ signal }) => api.get<RevenueResponse>(`/company/revenue?${search(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** `enabled` false: a range the page already knows the server would refuse is not sent. */
export function useRevenue(range: RevenueQuery, enabled = true) {
  return useQuery({ ...revenueQueryOptions(range), enabled });
}

/** The CSV of the same range; the browser downloads it with the session cookie. */
export const revenueCsvUrl = (range: RevenueQuery) => `/api/v1/company/revenue/export?${search(range)}`;
