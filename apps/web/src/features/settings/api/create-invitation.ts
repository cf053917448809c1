import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export interface CompanyInvitation {
  code: string;
  expiresAt: string;
}

export function createCompanyInvitation(): Promise<CompanyInvitation> {
  return api.post<CompanyInvitation>('/company/invitations');
}

export function useCreateCompanyInvitation() {
  return useMutation({ mutationFn: createCompanyInvitation, meta: NO_ERROR_TOAST });
}
