import type { ChildrenResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getChildren(signal?: AbortSignal): Promise<ChildrenResponse> {
  return api.get<ChildrenResponse>('/children', { signal });
}

export const childrenQuery = queryOptions({
  queryKey: ['children'] as const,
  queryFn: ({ signal }) => getChildren(signal),
});

export function useChildren(enabled = true) {
  return useQuery({ ...childrenQuery, enabled });
}
