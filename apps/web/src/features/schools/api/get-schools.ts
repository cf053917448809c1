import type { SchoolListQuery, SchoolListResponse } from '@lyceum/shared/company';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SchoolFilters = Pick<SchoolListQuery, 'q' | 'status' | 'sort' | 'order'>;

export const schoolsKey = ['company', 'schools'] as const;

export function getSchools(filters: SchoolFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (cursor) params.set('cursor', cursor);
  return api.get<SchoolListResponse>(`/company/schools?${params}`, { signal });
}

export const schoolsQueryOptions = (filters: SchoolFilters) =>
  infiniteQueryOptions({
    queryKey: [...schoolsKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => getSchools(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSchools(filters: SchoolFilters) {
  return useInfiniteQuery(schoolsQueryOptions(filters));
}
