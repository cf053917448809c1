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
  // A used link opened by a signed-in school admin whose school is confirmed: say so, not how to get another,
  // in words true for them: only the admin who signed the school up had their own address confirmed
  // (docs/product.md, "Trial schools and mail"). The session says only whether they still have to confirm.
  const { user, mailVerificationRequired } = useAuth();
  const admin = user?.role === 'school_admin';
  const askStatus = admin && verify.isError && mailVerificationRequired !== true;
  const status = useMailVerificationStatus(askStatus);
  const mine = status.data?.signedUp;
  const confirmed = status.data && !status.data.required && status.data.schoolConfirmed;
  const notYours = status.data && !status.data.signedUp && !status.data.schoolConfirmed;

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
      ) : verify.isError && !(askStatus && status.isPending) ? (
        confirmed ? (
          <Alert tone="success">
            {mine ? t('verifyEmail.alreadyConfirmed') : t('verifyEmail.schoolAlreadyConfirmed')}
          </Alert>
        ) : (
          <Alert>
            {errorMessage(verify.error)}{' '}
            {notYours
              ? t('verifyEmail.askSignUpAdmin')
              : user
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
