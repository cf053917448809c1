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
 * Whether the signed-in person's school may not send e-mail yet (docs/product.md, "Trial schools and mail"): the
 * session's `school.mailAllowed`, the same for every admin of the school (the banner's flag is only the signing-up
 * admin's, so it cannot answer this), or, when the session came from a sign-in or sign-up, a school admin's
 * verification status. Every check in the web app before an invitation or a password link uses this.
 */
export function useSchoolMailBlocked(): boolean {
  const { user, school } = useAuth();
  const known = school?.mailAllowed;
  const status = useMailVerificationStatus(user?.role === 'school_admin' && known === undefined);
  return !(known ?? status.data?.schoolConfirmed ?? true);
}
