import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function unassignTeacher({ classId, teacherId }: { classId: string; teacherId: string }) {
  return api.delete<ClassDetailResponse>(`/classes/${classId}/teachers/${teacherId}`);
}

export function useUnassignTeacher() {
  return usePeopleMutation(unassignTeacher);
}
