import type { AuthResponse, SchoolAdminSignupRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export function signupSchoolAdmin(data: SchoolAdminSignupRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/signup/school-admin', data);
}

export function useSignupSchoolAdmin() {
  const { setSession } = useAuth();
  return useMutation({ mutationFn: signupSchoolAdmin, onSuccess: (session) => setSession(session) });
}
