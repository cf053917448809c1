import type { MailVerificationStatus } from '@lyceum/shared/auth';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
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
 * Why the signed-in person's school may not send e-mail yet (docs/product.md, "Trial schools and mail"), or null
 * when it may: the session's `school.mailAllowed`, the same for every admin of the school (the banner's flag is
 * only the signing-up admin's, so it cannot answer this), or, when the session came from a sign-in or sign-up, a
 * school admin's verification status. The reason is the refusal the server would give this person, in English
 * (its id: show it with `ServerMessage`): the admin who signed the school up is told to open their link, anyone
 * else whom to ask. Every check in the web app before an invitation or a password link uses this.
 */
export function useSchoolMailRefusal(): string | null {
  const { user, school, mailVerificationRequired } = useAuth();
  const known = school?.mailAllowed;
  const status = useMailVerificationStatus(user?.role === 'school_admin' && known === undefined);
  if (known ?? status.data?.schoolConfirmed ?? true) return null;
  const theirs = mailVerificationRequired ?? status.data?.required ?? false;
  return theirs ? TRIAL_MAIL_MESSAGES.verifyFirst : TRIAL_MAIL_MESSAGES.verifyFirstOther;
}

/** Whether the school may not send e-mail yet (see useSchoolMailRefusal). */
export const useSchoolMailBlocked = (): boolean => useSchoolMailRefusal() !== null;
