import type { VerifyEmailRequest } from '@lyceum/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailVerificationKey } from '../../../api/mail-verification';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<void>('/auth/email-verification/resend', {}),
    meta: NO_ERROR_TOAST,
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: VerifyEmailRequest) => api.post<void>('/auth/verify-email', data),
    meta: NO_ERROR_TOAST,
    // The session read carries the flag too (the banner reads it from there).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailVerificationKey }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}
