import type { SubjectListResponse } from '@lyceum/shared/academics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Every subject of the school, inactive ones included, for the Subjects dialog where they are edited.
 * Pickers read only the active ones (`useSubjectOptions`): the API refuses an inactive subject on a class or teacher.
 */
export function getSubjects(signal?: AbortSignal): Promise<SubjectListResponse> {
  return api.get<SubjectListResponse>('/subjects?status=all', { signal });
}

export const subjectsQuery = queryOptions({
  queryKey: ['subjects', 'all'] as const,
  queryFn: ({ signal }) => getSubjects(signal),
});

export function useSubjects(enabled = true) {
  return useQuery({ ...subjectsQuery, enabled });
}
