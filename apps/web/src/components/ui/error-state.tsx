import { AlertTriangle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { Button } from './button';

interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retrying, className }: ErrorStateProps) {
  const { t } = useT();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-red-200 bg-red-50 px-4 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle className="mb-3 size-8 text-red-500" aria-hidden="true" />
      <p className="text-sm font-semibold text-red-900">{title ?? t('states.error')}</p>
      <p className="mt-1 max-w-md text-sm text-red-700">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
