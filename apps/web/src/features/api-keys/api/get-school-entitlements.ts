import type { SchoolResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /school` (same key as the emergency-contact page: one answer, the contact card plus entitlements). */
export const schoolQueryOptions = queryOptions({
  queryKey: ['school', 'contact'] as const,
  queryFn: ({ signal }) => api.get<SchoolResponse>('/school', { signal }),
  staleTime: 60_000,
});

export function useSchoolEntitlements(enabled: boolean) {
  const query = useQuery({ ...schoolQueryOptions, enabled });
  return { ...query, entitlements: query.data?.entitlements ?? [] };
}
