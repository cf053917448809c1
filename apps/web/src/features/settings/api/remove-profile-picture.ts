import type { AuthResponse } from '@lyceum/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionProfile } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function removeProfilePicture(): Promise<AuthResponse> {
  return api.delete<AuthResponse>('/profile/picture');
}

export function useRemoveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: removeProfilePicture,
    onSuccess: (session) => refreshSessionProfile(queryClient, session),
  });
}
