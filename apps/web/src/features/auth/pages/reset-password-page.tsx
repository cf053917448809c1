import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@lyceum/shared/password-policy';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout, linkClass } from '../components/auth-layout';

const ResetForm = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'Confirm the new password') })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

/** /reset-password?token=…: both the "forgot password" link and the invitation "set your password" link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ResetForm), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast.success('Your password is set. Sign in with it now.');
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
        Back to sign in
      </Link>
    </p>
  );

  if (token.length < 10) {
    return (
      <AuthLayout title="Set your password" footer={footer}>
        <Alert>
          This link is invalid or incomplete. Open the link from your email again, or{' '}
          <Link to="/forgot-password" className="font-medium underline">
            ask for a new one
          </Link>
          .
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Set your password"
      description="Choose a password of at least 8 characters that you do not use elsewhere."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.server && (
          <Alert>
            {errors.root.server.message}{' '}
            <Link to="/forgot-password" className="font-medium underline">
              Request a new link
            </Link>
          </Alert>
        )}
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          id="reset-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Set password
        </Button>
      </form>
    </AuthLayout>
  );
}
