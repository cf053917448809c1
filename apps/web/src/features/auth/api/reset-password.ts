import type { ResetPasswordRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function resetPassword(data: ResetPasswordRequest): Promise<void> {
  return api.post<void>('/auth/reset-password', data);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: NO_ERROR_TOAST });
}
