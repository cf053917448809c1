import type { Role } from '@lyceum/shared/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../components/ui/error-state';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { useT } from '../lib/i18n/i18n';
import { loginPathFor } from '../lib/redirect';
import { OfflinePage } from './pages/offline-page';

interface ProtectedRouteProps {
  /** Roles allowed here; absent means any signed-in user. */
  roles?: readonly Role[];
  children: ReactNode;
}

/**
 * The route guard of docs/product.md, "The route guard and redirects": a spinner while auth loads, the offline page
 * while the session cannot be asked for, /login without a user (remembering the intended page),
 * /unauthorized when the role is not among the required ones, otherwise the content.
 */
export function ProtectedRoute({ roles, children }: ProtectedRouteProps) {
  const { t } = useT();
  const { isLoading, user, error, offline, retry } = useAuth();
  const location = useLocation();

  // No network, so no answer about the session either way: neither the sign-in page nor an error.
  if (!user && offline) return <OfflinePage onRetry={retry} />;
  if (isLoading) return <FullPageSpinner label={t('states.checkingSession')} />;

  if (!user) {
    if (error) {
      return (
        <div className="flex min-h-dvh items-center justify-center p-4">
          <ErrorState message={t('errors.failedToLoadUser')} onRetry={retry} className="w-full max-w-md" />
        </div>
      );
    }
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }

  if (roles && !roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;

  return children;
}
