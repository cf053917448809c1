import { MESSAGES } from '@lyceum/shared/errors';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** Error boundary of a page region: the shell stays usable when one page fails. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'A new version of Lyceum is available. Reload the page to continue.'
      : MESSAGES.unavailable;
  return <ErrorState message={message} onRetry={() => window.location.reload()} className="m-4" />;
}
