import type { AuthResponse, SchoolAdminSignupRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function signupSchoolAdmin(data: SchoolAdminSignupRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup/school-admin', data);
}

export function useSignupSchoolAdmin() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: signupSchoolAdmin,
    meta: NO_ERROR_TOAST,
    onSuccess: (session) => setSession(session),
  });
}
