import type { TeacherResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** docs/product.md, "Promoting a teacher": the teacher becomes an administrator of this school only (never company access). */
export function promoteTeacher(id: string) {
  return api.post<TeacherResponse>(`/teachers/${id}/promote`);
}

export function usePromoteTeacher() {
  return usePeopleMutation(promoteTeacher);
}
