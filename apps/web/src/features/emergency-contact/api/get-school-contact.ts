import type { SchoolContact } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getSchoolContact(signal?: AbortSignal): Promise<SchoolContact> {
  return api.get<SchoolContact>('/school', { signal });
}

export const schoolContactQueryOptions = queryOptions({
  queryKey: ['school', 'contact'] as const,
  queryFn: ({ signal }) => getSchoolContact(signal),
  staleTime: 5 * 60_000,
});

export function useSchoolContact(enabled: boolean) {
  return useQuery({ ...schoolContactQueryOptions, enabled });
}
