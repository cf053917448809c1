import type { AuthResponse } from '@lyceum/shared/auth';
import { PROFILE_PICTURE_FIELD } from '@lyceum/shared/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionProfile } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function uploadProfilePicture(file: File): Promise<AuthResponse> {
  const form = new FormData();
  form.append(PROFILE_PICTURE_FIELD, file);
  return api.post<AuthResponse>('/profile/picture', form);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: uploadProfilePicture,
    // The header and sidebar read the picture from the auth state.
    onSuccess: (session) => refreshSessionProfile(queryClient, session),
  });
}
