import { zodResolver } from '@hookform/resolvers/zod';
import { CompanyAdminSignupRequest } from '@lyceum/shared/auth';
import { MESSAGES } from '@lyceum/shared/errors';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { applyServerError } from '../../../lib/form-errors';
import { useCompanySignupStatus, useSignupCompanyAdmin } from '../api/signup-company-admin';
import { AuthLayout, linkClass } from '../components/auth-layout';

const FIELDS = ['name', 'email', 'password', 'invitationCode'] as const;

export function SignupCompanyAdminPage() {
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
    defaultValues: { name: '', email: '', password: '', invitationCode: '' },
  });

  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const needsInvitation = status.data?.open === false;

  const onSubmit = handleSubmit(async (values) => {
    const invitationCode = values.invitationCode?.trim() || undefined;
    if (needsInvitation && !invitationCode) {
      setError('invitationCode', { type: 'required', message: 'Enter your invitation code' });
      return;
    }
    try {
      await signup.mutateAsync({ ...values, invitationCode });
      toast.success('Your company admin account is ready.');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerError(error, setError, FIELDS);
    }
  });

  return (
    <AuthLayout
      title="Create a company admin account"
      description="Company admins run the platform: schools, plans, revenue and add-on requests."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login/company-admin" className={linkClass}>
            Sign in as company admin
          </Link>
        </p>
      }
    >
      {status.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : status.isError ? (
        <ErrorState
          message={errorMessage(status.error)}
          onRetry={() => status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {needsInvitation && <Alert tone="info">{MESSAGES.companySignupClosed}</Alert>}
          {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
          <TextField
            id="company-signup-name"
            label="Your name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id="company-signup-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id="company-signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          {needsInvitation && (
            <TextField
              id="company-signup-invitation"
              label="Invitation code"
              autoComplete="off"
              spellCheck={false}
              error={errors.invitationCode?.message}
              {...register('invitationCode')}
            />
          )}
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            Create account
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
