import type { ParentResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function setParentActive({ id, active }: { id: string; active: boolean }) {
  return api.post<ParentResponse>(`/parents/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetParentActive() {
  return usePeopleMutation(setParentActive);
}
