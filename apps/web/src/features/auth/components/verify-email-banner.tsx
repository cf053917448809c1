import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { richText } from '../../../lib/rich-text';
import { useMailVerificationStatus } from '../../../api/mail-verification';
import { useResendVerification } from '../api/email-verification';

/**
 * Above every page of a school admin whose school signed up publicly and has not confirmed the admin's address:
 * until then the school sends no e-mail (docs/product.md, "Trial schools and mail").
 */
export function VerifyEmailBanner() {
  const { t } = useT('auth');
  const { user, mailVerificationRequired } = useAuth();
  // The session read says whether to show it; only a session without that answer (from a sign-in) asks.
  const status = useMailVerificationStatus(user?.role === 'school_admin' && mailVerificationRequired === null);
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  const required = mailVerificationRequired ?? status.data?.required ?? false;
  if (!required || user?.role !== 'school_admin') return null;
  return (
    <Alert tone="info" className="mb-4">
      <p>
        {richText(t('verifyEmail.banner', { email: '{email}' }), {
          email: <strong>{status.data?.email ?? user.email}</strong>,
        })}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="secondary"
          disabled={resend.isPending || sent}
          onClick={() => resend.mutate(undefined, { onSuccess: () => setSent(true) })}
        >
          {sent ? t('verifyEmail.sent') : t('verifyEmail.sendAgain')}
        </Button>
        {resend.isError && <span className="text-red-700">{errorMessage(resend.error)}</span>}
      </div>
    </Alert>
  );
}
