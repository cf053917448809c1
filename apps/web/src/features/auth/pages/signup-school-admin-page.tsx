import { zodResolver } from '../../../lib/zod-resolver';
import {
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  SCHOOL_ADDRESS_MAX,
  SCHOOL_NAME_MAX,
  SchoolAdminSignupRequest,
} from '@lyceum/shared/auth';
import { PASSWORD_MIN_LENGTH } from '@lyceum/shared/password-policy';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useTrialPlans } from '../api/get-trial-plans';
import { useSignupSchoolAdmin } from '../api/signup-school-admin';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { PlanChoice } from '../components/plan-choice';

const FIELDS = ['schoolName', 'address', 'phone', 'name', 'email', 'password', 'planId'] as const;

export function SignupSchoolAdminPage() {
  const { t } = useT('auth');
  const { t: tc } = useT();
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
    watch,
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
      toast.success(t('schoolSignup.done'));
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerError(error, setError, FIELDS);
    }
  });

  return (
    <AuthLayout
      wide
      title={t('schoolSignup.title')}
      description={t('schoolSignup.description')}
      footer={
        <p>
          {t('schoolSignup.registered')}{' '}
          <Link to="/login/school-admin" className={linkClass}>
            {t('schoolSignup.signIn')}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-semibold text-slate-900">{t('schoolSignup.school')}</legend>
          <TextField
            id="signup-school-name"
            label={t('schoolSignup.schoolName')}
            autoComplete="organization"
            maxLength={SCHOOL_NAME_MAX}
            error={errors.schoolName?.message}
            {...register('schoolName')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="signup-address"
              label={tc('field.optional', { label: t('schoolSignup.address') })}
              autoComplete="street-address"
              maxLength={SCHOOL_ADDRESS_MAX}
              error={errors.address?.message}
              {...register('address')}
            />
            <TextField
              id="signup-phone"
              label={tc('field.optional', { label: t('schoolSignup.phone') })}
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX}
              error={errors.phone?.message}
              {...register('phone')}
            />
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-semibold text-slate-900">{t('schoolSignup.you')}</legend>
          <TextField
            id="signup-name"
            label={t('fields.yourName')}
            autoComplete="name"
            maxLength={NAME_MAX}
            error={errors.name?.message}
            {...register('name')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="signup-email"
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              id="signup-password"
              label={t('fields.password')}
              type="password"
              autoComplete="new-password"
              hint={tc('field.passwordHint', { count: PASSWORD_MIN_LENGTH })}
              error={errors.password?.message}
              {...register('password')}
            />
          </div>
        </fieldset>
        <PlanChoice
          registration={register('planId')}
          chosen={watch('planId')}
          error={errors.planId ? t('schoolSignup.choosePlan') : undefined}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {t('schoolSignup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
