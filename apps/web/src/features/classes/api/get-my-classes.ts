import type { MyClassesResponse } from '@lyceum/shared/academics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getMyClasses(signal?: AbortSignal): Promise<MyClassesResponse> {
  return api.get<MyClassesResponse>('/my-classes', { signal });
}

export const myClassesQuery = queryOptions({
  queryKey: ['my-classes'] as const,
  queryFn: ({ signal }) => getMyClasses(signal),
});

export function useMyClasses(enabled = true) {
  return useQuery({ ...myClassesQuery, enabled });
}
