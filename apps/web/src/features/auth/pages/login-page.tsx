import type { Role } from '@lyceum/shared/roles';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth, useCompleteSignOut } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { safeRedirectPath } from '../../../lib/redirect';
import { useSignInBrandFromUrl } from '../api/get-sign-in-brand';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

interface LoginPageProps {
  fixedRole?: Extract<Role, 'company_admin' | 'school_admin'>;
}

/** /login (any role), /login/company-admin and /login/school-admin. */
export function LoginPage({ fixedRole }: LoginPageProps) {
  const { t } = useT('auth');
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const justSignedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  useCompleteSignOut(justSignedOut);
  const { brand, keep } = useSignInBrandFromUrl();

  if (user && !justSignedOut) return <Navigate to={redirectTo} replace />;

  const title = fixedRole ? t('login.roleTitle', { role: fixedRole }) : t('login.title');
  const signupPath = fixedRole === 'company_admin' ? '/signup/company-admin' : '/signup/school-admin';

  return (
    <AuthLayout
      brand={brand}
      title={title}
      description={fixedRole ? undefined : brand ? t('login.chooseSchoolRole') : t('login.chooseRole')}
      footer={
        // A school's own sign-in page does not advertise registering schools or the platform's sign-ins.
        !brand && (
          <>
            <p>
              {fixedRole === 'company_admin' ? t('login.newToPlatform') : t('login.runningSchool')}{' '}
              <Link to={signupPath} className={linkClass}>
                {fixedRole === 'company_admin' ? t('login.createCompanyAdmin') : t('login.registerSchool')}
              </Link>
            </p>
            <p className="flex flex-wrap justify-center gap-x-4 gap-y-1">
              {fixedRole !== undefined && (
                <Link to="/login" className={linkClass}>
                  {t('login.allOptions')}
                </Link>
              )}
              {fixedRole !== 'school_admin' && (
                <Link to="/login/school-admin" className={linkClass}>
                  {t('login.schoolAdminSignIn')}
                </Link>
              )}
              {fixedRole !== 'company_admin' && (
                <Link to="/login/company-admin" className={linkClass}>
                  {t('login.companyAdminSignIn')}
                </Link>
              )}
            </p>
          </>
        )
      }
    >
      <LoginForm
        fixedRole={fixedRole}
        schoolRolesOnly={Boolean(brand)}
        forgotPasswordPath={keep('/forgot-password')}
        onSuccess={() => navigate(redirectTo, { replace: true })}
      />
    </AuthLayout>
  );
}
