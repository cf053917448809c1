import type { StudentResponse } from '@lyceum/shared/people';
import { usePagedList } from '../../../api/paged-list';

export interface StudentFilters {
  search: string;
  classId: string;
  status: string;
  /** Company readers only: the school to list. */
  schoolId?: string;
}

/** GET /students: keyset pages; the server narrows the list to what the caller may see. */
export function useStudents(filters: StudentFilters, enabled = true) {
  return usePagedList<StudentResponse>(['students', 'list'], '/students', { ...filters }, enabled);
}
