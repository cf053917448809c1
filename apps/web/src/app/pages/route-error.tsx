import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { useT } from '../../lib/i18n/i18n';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** Error boundary of a page region: the shell stays usable when one page fails. */
export function RouteError() {
  const { t } = useT();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? t('errors.httpStatus', { status: error.status, statusText: error.statusText })
    : isChunkLoadError(error)
      ? t('errors.newVersion')
      : t('errors.unavailable');
  return <ErrorState message={message} onRetry={() => window.location.reload()} className="m-4" />;
}
