import type { StudentProfileResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inSchool } from '../../../components/people/viewed-school';
import { api } from '../../../lib/api-client';

/** `schoolId`: the school a company reader is looking at (school users leave it out). */
export function getStudent(id: string, schoolId?: string, signal?: AbortSignal): Promise<StudentProfileResponse> {
  return api.get<StudentProfileResponse>(inSchool(`/students/${encodeURIComponent(id)}`, schoolId), { signal });
}

export const studentQuery = (id: string, schoolId?: string) =>
  queryOptions({
    queryKey: ['students', 'detail', id, schoolId ?? null],
    queryFn: ({ signal }) => getStudent(id, schoolId, signal),
  });

export function useStudent(id: string, schoolId?: string) {
  return useQuery(studentQuery(id, schoolId));
}
