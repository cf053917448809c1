import type { ClassDetailResponse } from '@lyceum/shared/academics';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function setClassActive({ id, active }: { id: string; active: boolean }) {
  return api.post<ClassDetailResponse>(`/classes/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetClassActive() {
  return usePeopleMutation(setClassActive);
}
