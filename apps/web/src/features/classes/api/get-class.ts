import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getClass(id: string, signal?: AbortSignal): Promise<ClassDetailResponse> {
  return api.get<ClassDetailResponse>(`/classes/${encodeURIComponent(id)}`, { signal });
}

export const classQuery = (id: string) =>
  queryOptions({ queryKey: ['classes', 'detail', id], queryFn: ({ signal }) => getClass(id, signal) });

export function useClass(id: string) {
  return useQuery(classQuery(id));
}
