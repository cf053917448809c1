import type { ChangePasswordRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function changePassword(data: ChangePasswordRequest): Promise<void> {
  return api.post<void>('/auth/change-password', data);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: NO_ERROR_TOAST });
}
