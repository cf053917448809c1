import type { AuthResponse, UpdateProfileRequest } from '@lyceum/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/auth';

export function updateProfile(data: UpdateProfileRequest): Promise<AuthResponse> {
  return api.patch<AuthResponse>('/profile', data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Same session, fresher profile: update the auth state without dropping other cached data.
    onSuccess: (session) => queryClient.setQueryData(authKeys.me, session),
  });
}
