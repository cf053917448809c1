import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** DELETE /classes/:id/students/:studentId: withdraws the student (deactivated, keeps this class as last). */
export function removeStudent({ classId, studentId }: { classId: string; studentId: string }) {
  return api.delete<ClassDetailResponse>(`/classes/${classId}/students/${studentId}`);
}

export function useRemoveStudent() {
  return usePeopleMutation(removeStudent);
}
