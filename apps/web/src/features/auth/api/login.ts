import type { AuthResponse, LoginRequest } from '@lyceum/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

export function login(data: LoginRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', data);
}

export function useLogin() {
  const { setSession } = useAuth();
  return useMutation({ mutationFn: login, meta: NO_ERROR_TOAST, onSuccess: (session) => setSession(session) });
}
