import type { MailVerificationStatus, VerifyEmailRequest } from '@lyceum/shared/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

const statusKey = ['auth', 'email-verification'] as const;

/** Whether the school admin's school still waits for them to confirm their address (only asked of school admins). */
export function useMailVerificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<MailVerificationStatus>('/auth/email-verification', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

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
        queryClient.invalidateQueries({ queryKey: statusKey }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
      ]),
  });
}
