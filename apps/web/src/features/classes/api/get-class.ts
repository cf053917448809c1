import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inSchool } from '../../../components/people/viewed-school';
import { api } from '../../../lib/api-client';

/** `schoolId`: the school a company reader is looking at (school users leave it out). */
export function getClass(id: string, schoolId?: string, signal?: AbortSignal): Promise<ClassDetailResponse> {
  return api.get<ClassDetailResponse>(inSchool(`/classes/${encodeURIComponent(id)}`, schoolId), { signal });
}

export const classQuery = (id: string, schoolId?: string) =>
  queryOptions({
    queryKey: ['classes', 'detail', id, schoolId ?? null],
    queryFn: ({ signal }) => getClass(id, schoolId, signal),
  });

export function useClass(id: string, schoolId?: string) {
  return useQuery(classQuery(id, schoolId));
}
