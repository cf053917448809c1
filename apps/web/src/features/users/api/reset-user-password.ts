import type { ResetUserPasswordRequest, ResetUserPasswordResponse } from '@lyceum/shared/people';
import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function resetUserPassword({ id, data }: { id: string; data: ResetUserPasswordRequest }) {
  return api.post<ResetUserPasswordResponse>(`/users/${id}/reset-password`, data);
}

export function useResetUserPassword() {
  return usePeopleMutation(resetUserPassword);
}
