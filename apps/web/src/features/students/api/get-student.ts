import type { StudentProfileResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getStudent(id: string, signal?: AbortSignal): Promise<StudentProfileResponse> {
  return api.get<StudentProfileResponse>(`/students/${encodeURIComponent(id)}`, { signal });
}

export const studentQuery = (id: string) =>
  queryOptions({ queryKey: ['students', 'detail', id], queryFn: ({ signal }) => getStudent(id, signal) });

export function useStudent(id: string) {
  return useQuery(studentQuery(id));
}
