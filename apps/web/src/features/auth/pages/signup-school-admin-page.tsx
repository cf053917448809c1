import { zodResolver } from '@hookform/resolvers/zod';
import { SchoolAdminSignupRequest } from '@lyceum/shared/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { applyServerError } from '../../../lib/form-errors';
import { useTrialPlans } from '../api/get-trial-plans';
import { useSignupSchoolAdmin } from '../api/signup-school-admin';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { PlanChoice } from '../components/plan-choice';

const FIELDS = ['schoolName', 'address', 'phone', 'name', 'email', 'password', 'planId'] as const;

export function SignupSchoolAdminPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const signup = useSignupSchoolAdmin();
  const plans = useTrialPlans();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SchoolAdminSignupRequest),
    defaultValues: { schoolName: '', address: '', phone: '', name: '', email: '', password: '', planId: '' },
  });

  // Preselect the popular plan once the plans arrive.
  useEffect(() => {
    if (!plans.data || getValues('planId')) return;
    const preferred = plans.data.find((p) => p.isPopular) ?? plans.data[0];
    if (preferred) setValue('planId', preferred.id);
  }, [plans.data, getValues, setValue]);

  if (user && !isSubmitting) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signup.mutateAsync({
        ...values,
        address: values.address || undefined,
        phone: values.phone || undefined,
      });
      toast.success('Welcome to Lyceum! Your school is ready.');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerError(error, setError, FIELDS);
    }
  });

  return (
    <AuthLayout
      wide
      title="Register your school"
      description="Create your school and its administrator account. You will be signed in right away."
      footer={
        <p>
          Already registered?{' '}
          <Link to="/login/school-admin" className={linkClass}>
            Sign in as school admin
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-semibold text-slate-900">School</legend>
          <TextField
            id="signup-school-name"
            label="School name"
            autoComplete="organization"
            error={errors.schoolName?.message}
            {...register('schoolName')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="signup-address"
              label="Address (optional)"
              autoComplete="street-address"
              error={errors.address?.message}
              {...register('address')}
            />
            <TextField
              id="signup-phone"
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-semibold text-slate-900">You, the school administrator</legend>
          <TextField
            id="signup-name"
            label="Your name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="signup-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              id="signup-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              error={errors.password?.message}
              {...register('password')}
            />
          </div>
        </fieldset>
        <PlanChoice registration={register('planId')} error={errors.planId ? 'Choose a plan' : undefined} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Create school account
        </Button>
      </form>
    </AuthLayout>
  );
}
