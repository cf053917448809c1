import type { AuthResponse, CompanyAdminSignupRequest } from '@lyceum/shared/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function getCompanySignupStatus(signal?: AbortSignal): Promise<{ open: boolean }> {
  return api.get<{ open: boolean }>('/auth/signup/company-admin', { signal });
}

export const companySignupStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'signup', 'company-admin'] as const,
  queryFn: ({ signal }) => getCompanySignupStatus(signal),
  staleTime: 0,
});

export function useCompanySignupStatus() {
  return useQuery(companySignupStatusQueryOptions);
}

export function signupCompanyAdmin(data: CompanyAdminSignupRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup/company-admin', data);
}

export function useSignupCompanyAdmin() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: signupCompanyAdmin,
    meta: NO_ERROR_TOAST,
    onSuccess: (session) => setSession(session),
  });
}
