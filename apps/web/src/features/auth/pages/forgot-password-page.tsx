import { zodResolver } from '../../../lib/zod-resolver';
import { ForgotPasswordRequest } from '@lyceum/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useForgotPassword } from '../api/forgot-password';
import { useSignInBrandFromUrl } from '../api/get-sign-in-brand';
import { AuthLayout, linkClass } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useT('auth');
  const forgot = useForgotPassword();
  const { brand, keep } = useSignInBrandFromUrl();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await forgot.mutateAsync(values);
      setSent(result?.message ?? t('forgot.sent'));
    } catch (error) {
      applyServerError(error, setError, ['email']);
    }
  });

  return (
    <AuthLayout
      brand={brand}
      title={t('forgot.title')}
      description={t('forgot.description')}
      footer={
        <p>
          {t('forgot.remembered')}{' '}
          <Link to={keep('/login')} className={linkClass}>
            {t('backToSignIn')}
          </Link>
        </p>
      }
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <TextField
            id="forgot-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
