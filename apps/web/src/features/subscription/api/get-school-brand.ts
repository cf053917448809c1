import type { SchoolResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /school` (shared key with the emergency-contact page); `brand` is set only with White Label. */
export const schoolBrandQueryOptions = queryOptions({
  queryKey: ['school', 'contact'] as const,
  queryFn: ({ signal }) => api.get<SchoolResponse>('/school', { signal }),
  staleTime: 5 * 60_000,
});

export function useSchoolBrand(enabled: boolean) {
  const query = useQuery({ ...schoolBrandQueryOptions, enabled });
  return query.data?.brand ?? null;
}
