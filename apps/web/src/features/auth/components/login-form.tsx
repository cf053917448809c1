import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginRequest } from '@lyceum/shared/auth';
import { COMPANY_ROLES, type Role, SCHOOL_ROLES } from '@lyceum/shared/roles';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useLogin } from '../api/login';
import { linkClass } from './auth-layout';

type LoginInput = z.input<typeof LoginRequest>;
type LoginResolver = Resolver<LoginInput, unknown, LoginRequest>;

/*
 * The login page is in the initial bundle, zod is not (docs/product.md, "Performance budgets": initial JS under 150 KB gzip). The shared
 * LoginRequest schema, and zod with it, is fetched right after the form mounts and used for every validation.
 */
let schemaResolver: Promise<LoginResolver> | null = null;
function loadLoginResolver(): Promise<LoginResolver> {
  schemaResolver ??= import('@lyceum/shared/auth').then((m) => zodResolver(m.LoginRequest));
  schemaResolver.catch(() => {
    schemaResolver = null;
  });
  return schemaResolver;
}

const loginResolver: LoginResolver = async (values, context, options) => {
  try {
    return await (await loadLoginResolver())(values, context, options);
  } catch {
    // The schema could not be fetched (offline, new deployment): let the server validate.
    return { values: values as LoginRequest, errors: {} };
  }
};

interface LoginFormProps {
  /** Role-specific login pages fix the role instead of asking for it. */
  fixedRole?: Role;
  /** A school's own (White Label) sign-in page offers only the school roles. */
  schoolRolesOnly?: boolean;
  /** Where "Forgot password?" goes (a branded sign-in page keeps its school). */
  forgotPasswordPath?: string;
  onSuccess: () => void;
}

export function LoginForm({
  fixedRole,
  schoolRolesOnly = false,
  forgotPasswordPath = '/forgot-password',
  onSuccess,
}: LoginFormProps) {
  const { t } = useT('auth');
  const { t: tc } = useT();
  const loginMutation = useLogin();
  // A lapsed subscription refuses sign-in; the plan-expiry screen offers contact with sales (issue 3).
  const [lapsedEmail, setLapsedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', role: fixedRole ?? ('' as Role) },
  });

  useEffect(() => {
    void loadLoginResolver().catch(() => {});
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await loginMutation.mutateAsync(values);
      onSuccess();
    } catch (error) {
      setLapsedEmail(isApiError(error) && error.code === 'auth/subscription-expired' ? values.email : null);
      applyServerError(error, setError, ['email', 'password', 'role']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
      {lapsedEmail !== null && (
        <Link
          to="/plan-expired"
          state={{ email: lapsedEmail }}
          className="block text-sm font-medium text-blue-700 hover:underline"
        >
          {t('login.contactSales')}
        </Link>
      )}
      <TextField
        id="login-email"
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {!fixedRole && (
        <SelectField id="login-role" label={t('login.role')} error={errors.role?.message} {...register('role')}>
          <option value="" disabled>
            {t('login.selectRole')}
          </option>
          {!schoolRolesOnly && (
            <optgroup label={t('login.companyGroup')}>
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {tc(`roles.${role}`)}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={t('login.schoolGroup')}>
            {SCHOOL_ROLES.map((role) => (
              <option key={role} value={role}>
                {tc(`roles.${role}`)}
              </option>
            ))}
          </optgroup>
        </SelectField>
      )}
      <div className="flex justify-end">
        <Link to={forgotPasswordPath} className={`text-sm ${linkClass}`}>
          {t('login.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
        {isSubmitting ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </form>
  );
}
