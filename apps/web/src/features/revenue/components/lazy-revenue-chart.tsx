import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { MonthPoint } from './revenue-chart';

/**
 * Recharts with its dependencies is ~107 KB gzip, over the 60 KB budget (docs/product.md, "Performance budgets") for one lazy chunk. Naming
 * its three largest parts as separate dynamic imports makes the bundler emit each as its own chunk (fetched in
 * parallel), so every chunk stays under budget without a build-config change.
 */
const RevenueChart = lazy(() =>
  Promise.all([
    import('@reduxjs/toolkit'),
    import('victory-vendor/d3-scale'),
    import('recharts/es6/state/store'),
    import('./revenue-chart'),
  ]).then(([, , , chart]) => chart),
);

export function LazyRevenueChart({ data, currency }: { data: readonly MonthPoint[]; currency: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-[280px]" />}>
      <RevenueChart data={data} currency={currency} />
    </Suspense>
  );
}
