import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/email-verification';
import { AuthLayout, linkClass } from '../components/auth-layout';

/** /verify-email?token=…: the link of the sign-up's verification e-mail (docs/product.md, "Trial schools and mail"). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const asked = useRef(false);

  useEffect(() => {
    // Once: the token works once, and a second call would report it as used.
    if (asked.current || token.length < 10) return;
    asked.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const footer = (
    <p>
      <Link to="/dashboard" className={linkClass}>
        Go to Lyceum
      </Link>
    </p>
  );

  return (
    <AuthLayout title="Confirm your e-mail address" footer={footer}>
      {token.length < 10 ? (
        <Alert>This link is invalid or incomplete. Open the link from your e-mail again.</Alert>
      ) : verify.isSuccess ? (
        <Alert tone="success">
          Your e-mail address is confirmed. Your school can now send e-mail, such as invitations.
        </Alert>
      ) : verify.isError ? (
        <Alert>
          {errorMessage(verify.error)} Sign in and use "Send the link again" at the top of the page for a new link.
        </Alert>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Confirming…
        </p>
      )}
    </AuthLayout>
  );
}
