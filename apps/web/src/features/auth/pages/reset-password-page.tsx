import { zodResolver } from '../../../lib/zod-resolver';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@lyceum/shared/password-policy';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { richText } from '../../../lib/rich-text';
import { useSetPasswordLinkCheck } from '../api/check-set-password-link';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, linkClass } from '../components/auth-layout';

/** Built when the page renders, so its two messages of its own are in the UI language of the moment. */
function resetForm() {
  return z
    .object({
      password: passwordSchema,
      confirmPassword: z.string().min(1, translate('auth', 'reset.confirmRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: translate('auth', 'reset.mismatch'),
    });
}

/** The refusals of a link that cannot set a password any more: said when the page opens, with the server's words. */
const UNUSABLE_LINK = new Set(['auth/invalid-action-code', 'auth/expired-action-code']);

/** /reset-password?token=…: both the "forgot password" link and the invitation "set your password" link. */
export function ResetPasswordPage() {
  const { t, language } = useT('auth');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes, for its own messages
  const schema = useMemo(() => resetForm(), [language]);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  // A used or expired link says so as the page opens, before a password is typed (docs/product.md, "Password
  // reset"). Any other failure of the check (network, too many requests) leaves the form: setting the password
  // gives its own answer.
  const check = useSetPasswordLinkCheck(token, token.length >= 10);
  const refusal = check.error instanceof ApiError ? check.error : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast.success(t('reset.done'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.token) {
        setError('root.server', { type: 'server', message: error.fields.token });
        return;
      }
      applyServerError(error, setError, ['password']);
    }
  });

  const footer = (
    <p>
      <Link to="/login" className={linkClass}>
        {t('backToSignIn')}
      </Link>
    </p>
  );

  if (token.length < 10 || refusal?.code === 'validation') {
    return (
      <AuthLayout title={t('reset.title')} footer={footer}>
        <Alert>
          {richText(t('reset.invalidLink', { link: '{link}' }), {
            link: (
              <Link to="/forgot-password" className="font-medium underline">
                {t('reset.askNewLink')}
              </Link>
            ),
          })}
        </Alert>
      </AuthLayout>
    );
  }

  if (check.isPending) {
    return (
      <AuthLayout title={t('reset.title')} footer={footer}>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {t('reset.checking')}
        </p>
      </AuthLayout>
    );
  }

  if (refusal && UNUSABLE_LINK.has(refusal.code)) {
    const signIn = (
      <Link to="/login" className="font-medium underline">
        {t('reset.signIn')}
      </Link>
    );
    const newLink = (label: string) => (
      <Link to="/forgot-password" className="font-medium underline">
        {label}
      </Link>
    );
    return (
      <AuthLayout title={t('reset.title')} footer={footer}>
        <Alert>
          {refusal.message}{' '}
          {refusal.code === 'auth/expired-action-code' ? (
            // The server's words already ask for a new link: said once, the link is offered by its own name.
            <>
              {richText(t('reset.expiredNext', { signIn: '{signIn}' }), { signIn })}{' '}
              {newLink(t('reset.requestNewLink'))}
            </>
          ) : (
            richText(t('reset.unusableNext', { signIn: '{signIn}', link: '{link}' }), {
              signIn,
              link: newLink(t('reset.askNewLink')),
            })
          )}
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('reset.title')}
      description={t('reset.description', { count: PASSWORD_MIN_LENGTH })}
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && (
          <FormAlert>
            {errors.root.server.message}{' '}
            <Link to="/forgot-password" className="font-medium underline">
              {t('reset.requestNewLink')}
            </Link>
          </FormAlert>
        )}
        <TextField
          id="reset-password"
          label={t('reset.newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          id="reset-confirm"
          label={t('reset.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
