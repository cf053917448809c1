import type { AssignTeacherRequest, ClassDetailResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

/** POST /classes/:id/teachers: assigns, or re-assigns with new subjects and class-teacher flag. */
export function assignTeacher({ classId, data }: { classId: string; data: AssignTeacherRequest }) {
  return api.post<ClassDetailResponse>(`/classes/${classId}/teachers`, data);
}

/** Its dialog shows every refusal itself (at the field, or above the form), as the class form's does: no toast too. */
export function useAssignTeacher() {
  return usePeopleMutation(assignTeacher, NO_ERROR_TOAST);
}
