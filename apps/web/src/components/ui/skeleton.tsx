import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** The placeholder of a lazily loaded page: a title and a few cards. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading page…</span>
      <div className="space-y-2">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

/** Shown while the first route's code loads: the outline of the shell, so the page does not jump. */
export function AppSkeleton() {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <div className="hidden w-64 shrink-0 border-e border-slate-200 bg-white md:block" />
      <div className="min-w-0 flex-1">
        <div className="h-16 border-b border-slate-200 bg-white" />
        <div className="p-4 sm:p-6 lg:p-8">
          <PageSkeleton />
        </div>
      </div>
    </div>
  );
}

/** A card-shaped placeholder for the public (sign-in, sign-up) pages. */
export function AuthCardSkeleton() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-11" />
      </div>
    </div>
  );
}
