import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      className={cn('size-5 animate-spin text-current', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
}

/** Shown while the session is being checked (docs/product.md, "The route guard and redirects"). */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner className="size-8 text-blue-600" />
      <span className="sr-only">{label ?? t('states.loading')}</span>
    </div>
  );
}
