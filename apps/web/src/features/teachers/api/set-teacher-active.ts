import type { TeacherResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function setTeacherActive({ id, active }: { id: string; active: boolean }) {
  return api.post<TeacherResponse>(`/teachers/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetTeacherActive() {
  return usePeopleMutation(setTeacherActive);
}
