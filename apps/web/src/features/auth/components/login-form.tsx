import type { LoginRequest } from '@lyceum/shared/auth';
import { COMPANY_ROLES, type Role, SCHOOL_ROLES } from '@lyceum/shared/roles';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { useLogin } from '../api/login';
import { linkClass } from './auth-layout';

type LoginInput = z.input<typeof LoginRequest>;
type LoginField = keyof LoginInput;
type FieldErrors = Partial<Record<LoginField, string>>;
const FIELDS: readonly LoginField[] = ['email', 'password', 'role'];

/*
 * The login page is in the initial bundle; zod and react-hook-form are not (docs/product.md, "Performance
 * budgets": initial JS under 150 KB gzip). The shared LoginRequest schema, and zod with it, is fetched right
 * after the form mounts and checks every submission; three fields need no form library.
 */
let loginSchema: Promise<typeof LoginRequest> | null = null;
function loadLoginSchema(): Promise<typeof LoginRequest> {
  // zod-words with it: a check without its own message says ours (lib/zod-words.ts).
  loginSchema ??= Promise.all([import('@lyceum/shared/auth'), import('../../../lib/zod-words')]).then(
    ([m]) => m.LoginRequest,
  );
  loginSchema.catch(() => {
    loginSchema = null;
  });
  return loginSchema;
}

/** The request the form's values make, or the first message per field the shared schema gives them. */
async function checkLogin(values: LoginInput): Promise<{ request: LoginRequest } | { errors: FieldErrors }> {
  let schema: typeof LoginRequest;
  try {
    schema = await loadLoginSchema();
  } catch {
    // The schema could not be fetched (offline, new deployment): let the server validate.
    return { request: values as LoginRequest };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { request: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LoginField;
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

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
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // As before with a form library: checked on submit, then again on every change until it is right.
  const [submitted, setSubmitted] = useState(false);
  // The browser drops focus to <body> from the Sign in button while it is disabled for the request; after a
  // refusal focus comes back to the form (the field the server named, else the button), so the next Tab stays
  // in it rather than starting again at the top of the page.
  const submitButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<LoginField | 'submit' | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (submitting || target === null) return;
    refocus.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== submitButton.current) return;
    if (target === 'submit') submitButton.current?.focus();
    else form.current?.querySelector<HTMLElement>(`[name="${target}"]`)?.focus();
  }, [submitting]);

  useEffect(() => {
    void loadLoginSchema().catch(() => {});
  }, []);

  const valuesOf = (el: HTMLFormElement): LoginInput => {
    const data = new FormData(el);
    return {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      role: (fixedRole ?? String(data.get('role') ?? '')) as Role,
    };
  };

  const onChange = async () => {
    if (!submitted || !form.current) return;
    const checked = await checkLogin(valuesOf(form.current));
    setErrors('errors' in checked ? checked.errors : {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const el = event.currentTarget;
    setSubmitted(true);
    setSubmitting(true);
    try {
      const checked = await checkLogin(valuesOf(el));
      if ('errors' in checked) {
        setErrors(checked.errors);
        const first = FIELDS.find((f) => checked.errors[f]);
        el.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setErrors({});
      setFormError(null);
      try {
        await loginMutation.mutateAsync(checked.request);
        onSuccess();
      } catch (error) {
        setLapsedEmail(isApiError(error) && error.code === 'auth/subscription-expired' ? checked.request.email : null);
        // Field errors go under their inputs; anything else is the form's message.
        const fields = isApiError(error) ? (error.fields ?? {}) : {};
        const placed = FIELDS.filter((f) => fields[f]);
        if (placed.length > 0) setErrors(Object.fromEntries(placed.map((f) => [f, fields[f]])));
        else setFormError(errorMessage(error));
        refocus.current = placed[0] ?? 'submit';
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={form} onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
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
        name="email"
        defaultValue=""
        error={errors.email}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        name="password"
        defaultValue=""
        error={errors.password}
      />
      {!fixedRole && (
        <SelectField id="login-role" label={t('login.role')} name="role" defaultValue="" error={errors.role}>
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
      <Button ref={submitButton} type="submit" className="w-full" size="lg" loading={submitting}>
        {submitting ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </form>
  );
}
