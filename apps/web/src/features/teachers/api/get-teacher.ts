import type { TeacherResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { inSchool } from '../../../components/people/viewed-school';
import { api } from '../../../lib/api-client';

/** `schoolId`: the school a company reader is looking at (school users leave it out). */
export function getTeacher(id: string, schoolId?: string, signal?: AbortSignal): Promise<TeacherResponse> {
  return api.get<TeacherResponse>(inSchool(`/teachers/${encodeURIComponent(id)}`, schoolId), { signal });
}

export const teacherQuery = (id: string, schoolId?: string) =>
  queryOptions({
    queryKey: ['teachers', 'detail', id, schoolId ?? null],
    queryFn: ({ signal }) => getTeacher(id, schoolId, signal),
  });

export function useTeacher(id: string, schoolId?: string) {
  return useQuery(teacherQuery(id, schoolId));
}
