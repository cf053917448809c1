import { usePeopleMutation } from '../../../api/people-cache';
import { api } from '../../../lib/api-client';

export function resendInvitation(id: string) {
  return api.post<void>(`/users/${id}/resend-invitation`);
}

export function useResendInvitation() {
  return usePeopleMutation(resendInvitation);
}
