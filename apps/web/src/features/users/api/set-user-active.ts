import type { UserAccountResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

/** Deactivating signs the account out everywhere. */
export function setUserActive({ id, active }: { id: string; active: boolean }) {
  return api.post<UserAccountResponse>(`/users/${id}/${active ? 'reactivate' : 'deactivate'}`);
}

export function useSetUserActive() {
  return usePeopleMutation(setUserActive);
}
