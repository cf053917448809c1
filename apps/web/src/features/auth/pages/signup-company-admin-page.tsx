import { zodResolver } from '../../../lib/zod-resolver';
import { CompanyAdminSignupRequest, EMAIL_MAX, NAME_MAX } from '@lyceum/shared/auth';
import { PASSWORD_MIN_LENGTH } from '@lyceum/shared/password-policy';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useCompanySignupStatus, useSignupCompanyAdmin } from '../api/signup-company-admin';
import { AuthLayout, linkClass } from '../components/auth-layout';

const FIELDS = ['name', 'email', 'password', 'invitationCode', 'setupCode'] as const;

export function SignupCompanyAdminPage() {
  const { t } = useT('auth');
  const { t: tc } = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const status = useCompanySignupStatus();
  const signup = useSignupCompanyAdmin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(CompanyAdminSignupRequest),
    defaultValues: { name: '', email: '', password: '', invitationCode: '', setupCode: '' },
  });

  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const needsInvitation = status.data?.open === false;
  // No company admin yet: the first one proves to be the operator with the setup code from the server's log.
  const needsSetupCode = status.data?.open === true;

  const onSubmit = handleSubmit(async (values) => {
    const invitationCode = (needsInvitation && values.invitationCode?.trim()) || undefined;
    const setupCode = (needsSetupCode && values.setupCode?.trim()) || undefined;
    if (needsInvitation && !invitationCode) {
      setError('invitationCode', { type: 'required', message: t('companySignup.invitationRequired') });
      return;
    }
    if (needsSetupCode && !setupCode) {
      setError('setupCode', { type: 'required', message: t('companySignup.setupCodeRequired') });
      return;
    }
    try {
      await signup.mutateAsync({ ...values, invitationCode, setupCode });
      toast.success(t('companySignup.done'));
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerError(error, setError, FIELDS);
    }
  });

  return (
    <AuthLayout
      title={t('companySignup.title')}
      description={t('companySignup.description')}
      footer={
        <p>
          {t('companySignup.haveAccount')}{' '}
          <Link to="/login/company-admin" className={linkClass}>
            {t('companySignup.signIn')}
          </Link>
        </p>
      }
    >
      {status.isPending ? (
        <div className="space-y-4" role="status" aria-label={tc('states.loading')}>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => status.refetch()} retrying={status.isFetching} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {needsInvitation && <Alert tone="info">{t('companySignup.closed')}</Alert>}
          {needsSetupCode && <Alert tone="info">{t('companySignup.firstAdmin')}</Alert>}
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <TextField
            id="company-signup-name"
            label={t('fields.yourName')}
            autoComplete="name"
            maxLength={NAME_MAX}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="company-signup-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id="company-signup-password"
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            hint={tc('field.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
            {...register('password')}
          />
          {needsInvitation && (
            <TextField
              id="company-signup-invitation"
              label={t('companySignup.invitationCode')}
              autoComplete="off"
              spellCheck={false}
              error={errors.invitationCode?.message}
              {...register('invitationCode')}
            />
          )}
          {needsSetupCode && (
            <TextField
              id="company-signup-setup-code"
              label={t('companySignup.setupCode')}
              autoComplete="off"
              spellCheck={false}
              error={errors.setupCode?.message}
              {...register('setupCode')}
            />
          )}
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {t('companySignup.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
