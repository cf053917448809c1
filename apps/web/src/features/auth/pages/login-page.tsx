import { ROLE_LABELS, type Role } from '@lyceum/shared/roles';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth, useCompleteSignOut } from '../../../lib/auth';
import { safeRedirectPath } from '../../../lib/redirect';
import { useSignInBrandFromUrl } from '../api/get-sign-in-brand';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

interface LoginPageProps {
  fixedRole?: Extract<Role, 'company_admin' | 'school_admin'>;
}

/** /login (any role), /login/company-admin and /login/school-admin. */
export function LoginPage({ fixedRole }: LoginPageProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirectPath(params.get('redirectTo'));
  const justSignedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  useCompleteSignOut(justSignedOut);
  const { brand, keep } = useSignInBrandFromUrl();

  if (user && !justSignedOut) return <Navigate to={redirectTo} replace />;

  const title = fixedRole ? `${ROLE_LABELS[fixedRole]} sign in` : 'Sign in to your account';
  const signupPath = fixedRole === 'company_admin' ? '/signup/company-admin' : '/signup/school-admin';

  return (
    <AuthLayout
      brand={brand}
      title={title}
      description={
        fixedRole
          ? undefined
          : brand
            ? 'Choose the role you use at your school.'
            : 'Choose the role you use at your school or on the platform.'
      }
      footer={
        // A school's own sign-in page does not advertise registering schools or the platform's sign-ins.
        !brand && (
          <>
            <p>
              {fixedRole === 'company_admin' ? 'New to the platform team? ' : 'Running a school? '}
              <Link to={signupPath} className={linkClass}>
                {fixedRole === 'company_admin' ? 'Create a company admin account' : 'Register your school'}
              </Link>
            </p>
            <p className="flex flex-wrap justify-center gap-x-4 gap-y-1">
              {fixedRole !== undefined && (
                <Link to="/login" className={linkClass}>
                  All sign-in options
                </Link>
              )}
              {fixedRole !== 'school_admin' && (
                <Link to="/login/school-admin" className={linkClass}>
                  School admin sign in
                </Link>
              )}
              {fixedRole !== 'company_admin' && (
                <Link to="/login/company-admin" className={linkClass}>
                  Company admin sign in
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
