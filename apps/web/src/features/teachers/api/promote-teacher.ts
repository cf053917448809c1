import type { TeacherResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** DESIGN §1: the teacher becomes an administrator of this school only (never company access). */
export function promoteTeacher(id: string) {
  return api.post<TeacherResponse>(`/teachers/${id}/promote`);
}

export function usePromoteTeacher() {
  return usePeopleMutation(promoteTeacher);
}
