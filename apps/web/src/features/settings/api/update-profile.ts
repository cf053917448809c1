import type { AuthResponse, UpdateProfileRequest } from '@lyceum/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionProfile } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function updateProfile(data: UpdateProfileRequest): Promise<AuthResponse> {
  return api.patch<AuthResponse>('/profile', data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: updateProfile,
    // Same session, fresher profile: update the auth state without dropping other cached data.
    onSuccess: (session) => refreshSessionProfile(queryClient, session),
  });
}
