import { useEffect, useState } from 'react';
import { ErrorState } from '../../components/ui/error-state';
import { useT } from '../../lib/i18n/i18n';
import { page, reloadForNewBuild, serverAnswers } from '../../lib/new-build';

/**
 * What shows where a page's code or texts could not be fetched (docs/product.md, "The route guard and
 * redirects"): with the server out of reach, "Service temporarily unavailable" and a Retry that fetches them
 * again; once it answers and they still fail, a new version replaced them: the app reloads by itself, once a
 * minute at most (lib/new-build.ts), and otherwise shows the new version's message, whose Retry reloads it.
 */
export function LoadFailed({ retry, className }: { retry: () => Promise<unknown>; className?: string }) {
  const { t } = useT();
  const [newVersion, setNewVersion] = useState(false);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    let live = true;
    void serverAnswers().then((answers) => {
      if (!live) return;
      setNewVersion(answers);
      if (answers) reloadForNewBuild();
    });
    return () => {
      live = false;
    };
  }, []);

  const onRetry = async () => {
    if (newVersion) {
      page.reload();
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
