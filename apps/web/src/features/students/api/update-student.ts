import type { MoveStudentRequest, StudentResponse, UpdateStudentRequest } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';

/** PATCH /students/:id, then POST /students/:id/move when the class changed (two endpoints, one form). */
export async function updateStudent({
  id,
  data,
  move,
}: {
  id: string;
  data: UpdateStudentRequest;
  move?: MoveStudentRequest;
}): Promise<StudentResponse> {
  const updated = await api.patch<StudentResponse>(`/students/${id}`, data);
  return move ? api.post<StudentResponse>(`/students/${id}/move`, move) : updated;
}

export function useUpdateStudent() {
  return usePeopleMutation(updateStudent, NO_ERROR_TOAST);
}
