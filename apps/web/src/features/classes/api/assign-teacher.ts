import type { AssignTeacherRequest, ClassDetailResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** POST /classes/:id/teachers: assigns, or re-assigns with new subjects and class-teacher flag. */
export function assignTeacher({ classId, data }: { classId: string; data: AssignTeacherRequest }) {
  return api.post<ClassDetailResponse>(`/classes/${classId}/teachers`, data);
}

export function useAssignTeacher() {
  return usePeopleMutation(assignTeacher);
}
