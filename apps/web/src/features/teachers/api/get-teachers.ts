import type { TeacherResponse } from '@lyceum/shared/people';
import { usePagedList } from '../../../api/paged-list';

export interface TeacherFilters {
  search: string;
  subjectId: string;
  status: string;
  /** Company readers only: the school to list. */
  schoolId?: string;
}

export function useTeachers(filters: TeacherFilters, enabled = true) {
  return usePagedList<TeacherResponse>(['teachers', 'list'], '/teachers', { ...filters }, enabled);
}
