import type { ClassListResponse } from '@lyceum/shared/academics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toQueryString } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export interface ClassFilters {
  search: string;
  status: 'active' | 'inactive' | 'all';
  /** Company readers only: the school to list. */
  schoolId?: string;
}

export function getClasses(filters: ClassFilters, signal?: AbortSignal): Promise<ClassListResponse> {
  return api.get<ClassListResponse>(`/classes${toQueryString({ ...filters })}`, { signal });
}

export const classesQuery = (filters: ClassFilters) =>
  queryOptions({ queryKey: ['classes', 'list', filters], queryFn: ({ signal }) => getClasses(filters, signal) });

export function useClasses(filters: ClassFilters, enabled = true) {
  return useQuery({ ...classesQuery(filters), enabled });
}
