import type { StudentResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function setStudentActive({ id, active }: { id: string; active: boolean }) {
  return api.post<StudentResponse>(`/students/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetStudentActive() {
  return usePeopleMutation(setStudentActive);
}
