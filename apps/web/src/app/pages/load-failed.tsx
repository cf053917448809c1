import { useEffect, useState } from 'react';
import { ErrorState } from '../../components/ui/error-state';
import { API_BASE } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';

/**
 * Whether the server answers. A page's code or texts that failed to load while it does are gone (a new version
 * was deployed and the old files with it): only a reload helps. While it does not, retrying the load will.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(`${API_BASE}/health`, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * What shows where a page's code or texts could not be fetched (docs/product.md, "The route guard and
 * redirects"): with the server out of reach, "Service temporarily unavailable" and a Retry that fetches them
 * again; once it answers and they still fail, the new version's message, and Retry reloads the app.
 */
export function LoadFailed({ retry, className }: { retry: () => Promise<unknown>; className?: string }) {
  const { t } = useT();
  const [newVersion, setNewVersion] = useState(false);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    let live = true;
    void serverAnswers().then((answers) => {
      if (live) setNewVersion(answers);
    });
    return () => {
      live = false;
    };
  }, []);

  const onRetry = async () => {
    if (newVersion) {
      window.location.reload();
      return;
    }
    setRetrying(true);
    try {
      await retry();
    } catch {
      // Still failing: the server's answer decides what the panel says now.
      setNewVersion(await serverAnswers());
    } finally {
      setRetrying(false);
    }
  };

  return (
    <ErrorState
      message={newVersion ? t('errors.newVersion') : t('errors.unavailable')}
      onRetry={() => void onRetry()}
      retrying={retrying}
      className={className}
    />
  );
}
