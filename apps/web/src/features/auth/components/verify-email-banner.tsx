import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useMailVerificationStatus, useResendVerification } from '../api/email-verification';

/**
 * Above every page of a school admin whose school signed up publicly and has not confirmed the admin's address:
 * until then the school sends no e-mail (docs/product.md, "Trial schools and mail").
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const status = useMailVerificationStatus(user?.role === 'school_admin');
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  if (!status.data?.required) return null;
  return (
    <Alert tone="info" className="mb-4">
      <p>
        Confirm your e-mail address: open the link we sent to <strong>{status.data.email}</strong>. Until then your
        school cannot send e-mail, such as invitations.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="secondary"
          disabled={resend.isPending || sent}
          onClick={() => resend.mutate(undefined, { onSuccess: () => setSent(true) })}
        >
          {sent ? 'Sent' : 'Send the link again'}
        </Button>
        {resend.isError && <span className="text-red-700">{errorMessage(resend.error)}</span>}
      </div>
    </Alert>
  );
}
