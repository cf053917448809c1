import type { SubjectResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function setSubjectActive({ id, active }: { id: string; active: boolean }) {
  return api.post<SubjectResponse>(`/subjects/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetSubjectActive() {
  return usePeopleMutation(setSubjectActive);
}
