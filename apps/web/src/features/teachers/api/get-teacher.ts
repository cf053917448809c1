import type { TeacherResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getTeacher(id: string, signal?: AbortSignal): Promise<TeacherResponse> {
  return api.get<TeacherResponse>(`/teachers/${encodeURIComponent(id)}`, { signal });
}

export const teacherQuery = (id: string) =>
  queryOptions({ queryKey: ['teachers', 'detail', id], queryFn: ({ signal }) => getTeacher(id, signal) });

export function useTeacher(id: string) {
  return useQuery(teacherQuery(id));
}
