import { AlertTriangle } from 'lucide-react';
import { errorMessage, isFinalError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { Button } from './button';

interface ErrorStateProps {
  title?: string;
  /** What to say; without it, the message of `error`. */
  message?: string;
  /** The failed read's error: a final answer (isFinalError) says so, without a Retry that could only repeat it. */
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/**
 * A read that failed. A refusal (403), a record not found (404) or a request the server could not read (a link
 * with a malformed id) is final: its own title and no Retry. The rest (no answer, the server's failure, a rate
 * limit) offer Retry.
 */
export function ErrorState({ title, message, error, onRetry, retrying, className }: ErrorStateProps) {
  const { t } = useT();
  const final = isFinalError(error);
  const finalTitle = !final
    ? undefined
    : error.status === 403
      ? t('states.forbidden')
      : error.status === 404
        ? t('states.notFound')
        : t('states.cannotOpen');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-red-200 bg-red-50 px-4 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle className="mb-3 size-8 text-red-500" aria-hidden="true" />
      <p className="text-sm font-semibold text-red-900">{title ?? finalTitle ?? t('states.error')}</p>
      <p className="mt-1 max-w-md text-sm text-red-700">{message ?? errorMessage(error)}</p>
      {onRetry && !final && (
        <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
