import type { AuthResponse, SchoolAdminSignupRequest } from '@lyceum/shared/auth';
import { isLanguage } from '@lyceum/shared/locale-constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { NO_ERROR_TOAST } from '../../../lib/query-client';

/** The new school starts in the language the page is shown in (not the development pseudo-locale). */
export function signupSchoolAdmin(data: SchoolAdminSignupRequest): Promise<AuthResponse> {
  const shown = currentLanguage();
  const language = data.language ?? (isLanguage(shown) ? shown : undefined);
  return api.post<AuthResponse>('/auth/signup/school-admin', language ? { ...data, language } : data);
}

export function useSignupSchoolAdmin() {
  const { setSession } = useAuth();
  return useMutation({
    mutationFn: signupSchoolAdmin,
    meta: NO_ERROR_TOAST,
    onSuccess: (session) => setSession(session),
  });
}
