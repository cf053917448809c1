import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMailVerificationStatus } from '../../../api/mail-verification';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useVerifyEmail } from '../api/email-verification';
import { AuthLayout, linkClass } from '../components/auth-layout';

/** /verify-email?token=…: the link of the sign-up's verification e-mail (docs/product.md, "Trial schools and mail"). */
export function VerifyEmailPage() {
  const { t } = useT('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const asked = useRef(false);
  // A used link opened by a signed-in school admin whose address is confirmed: say so, not how to get another.
  const { user, mailVerificationRequired } = useAuth();
  const admin = user?.role === 'school_admin';
  const status = useMailVerificationStatus(admin && verify.isError && mailVerificationRequired === null);
  const confirmedAlready = admin && (mailVerificationRequired ?? status.data?.required) === false;

  useEffect(() => {
    // Once: the token works once, and a second call would report it as used.
    if (asked.current || token.length < 10) return;
    asked.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const footer = (
    <p>
      <Link to="/dashboard" className={linkClass}>
        {t('verifyEmail.goToApp')}
      </Link>
    </p>
  );

  return (
    <AuthLayout title={t('verifyEmail.title')} footer={footer}>
      {token.length < 10 ? (
        <Alert>{t('verifyEmail.invalidLink')}</Alert>
      ) : verify.isSuccess ? (
        <Alert tone="success">{t('verifyEmail.confirmed')}</Alert>
      ) : verify.isError ? (
        confirmedAlready ? (
          <Alert tone="success">{t('verifyEmail.alreadyConfirmed')}</Alert>
        ) : (
          <Alert>
            {errorMessage(verify.error)}{' '}
            {user
              ? t('verifyEmail.useButtonForNewLink', { button: t('verifyEmail.sendAgain') })
              : t('verifyEmail.signInForNewLink', { button: t('verifyEmail.sendAgain') })}
          </Alert>
        )
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {t('verifyEmail.confirming')}
        </p>
      )}
    </AuthLayout>
  );
}
