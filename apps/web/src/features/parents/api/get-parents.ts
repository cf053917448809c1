import type { ParentResponse } from '@lyceum/shared/people';
import { usePagedList } from '../../../api/paged-list';

export interface ParentFilters {
  search: string;
  classId: string;
  status: string;
  /** Company readers only: the school to list. */
  schoolId?: string;
}

export function useParents(filters: ParentFilters, enabled = true) {
  return usePagedList<ParentResponse>(['parents', 'list'], '/parents', { ...filters }, enabled);
}
