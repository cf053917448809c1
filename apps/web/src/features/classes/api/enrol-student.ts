import type { ClassDetailResponse, EnrolStudentRequest } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** POST /classes/:id/students: enrols a student here, moving them out of their current class. */
export function enrolStudent({ classId, data }: { classId: string; data: EnrolStudentRequest }) {
  return api.post<ClassDetailResponse>(`/classes/${classId}/students`, data);
}

export function useEnrolStudent() {
  return usePeopleMutation(enrolStudent);
}
