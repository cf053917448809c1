import type { ForgotPasswordRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function forgotPassword(data: ForgotPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', data);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, meta: NO_ERROR_TOAST });
}
