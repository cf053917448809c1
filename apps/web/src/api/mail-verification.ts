import type { MailVerificationStatus } from '@lyceum/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useAuth } from '../lib/auth';

export const mailVerificationKey = ['auth', 'email-verification'] as const;

/** Whether the school admin's school still waits for them to confirm their address (only asked of school admins). */
export function useMailVerificationStatus(enabled: boolean) {
  return useQuery({
    queryKey: mailVerificationKey,
    queryFn: ({ signal }) => api.get<MailVerificationStatus>('/auth/email-verification', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in school admin's school may not send e-mail yet (docs/product.md, "Trial schools and
 * mail"): from the session read, or asked when the session came from a sign-in or sign-up. Other roles are
 * not told; the server refuses their mail with its message.
 */
export function useSchoolMailBlocked(): boolean {
  const { user, mailVerificationRequired } = useAuth();
  const status = useMailVerificationStatus(user?.role === 'school_admin' && mailVerificationRequired === null);
  return user?.role === 'school_admin' && (mailVerificationRequired ?? status.data?.required ?? false);
}
