import type { AuthResponse, SetLanguageRequest } from '@lyceum/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionProfile } from '../../../lib/auth';
import { rememberPickedLanguage } from '../../../lib/i18n/languages';

export function setMyLanguage(data: SetLanguageRequest): Promise<AuthResponse> {
  return api.put<AuthResponse>('/profile/language', data);
}

export function useSetMyLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMyLanguage,
    // The fresh auth state carries the new language; the UI switches to it at once. A choice made here is the
    // account's (or, cleared, the school's): the language picked on this device before signing in gives way.
    onSuccess: (session) => {
      rememberPickedLanguage(null);
      return refreshSessionProfile(queryClient, session);
    },
  });
}
