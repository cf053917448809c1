import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { useT } from '../../lib/i18n/i18n';
import { LoadFailed } from './load-failed';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * Error boundary of a page region: the shell stays usable when one page fails. Retry opens the page again, its
 * data and texts fetched anew (a reload would only show the browser's own error while the server is away).
 */
export function RouteError() {
  const { t } = useT();
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();
  const again = async () => {
    await navigate(`${pathname}${search}${hash}`, { replace: true, state });
  };
  // A page's code or texts that could not be fetched (lazy-page.tsx catches the page's own code).
  if (isChunkLoadError(error)) return <LoadFailed retry={again} className="m-4" />;
  const message = isRouteErrorResponse(error)
    ? t('errors.httpStatus', { status: error.status, statusText: error.statusText })
    : t('errors.unavailable');
  return <ErrorState message={message} onRetry={() => void again()} className="m-4" />;
}
