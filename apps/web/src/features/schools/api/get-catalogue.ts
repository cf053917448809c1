import type { AddonListResponse, PlanListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Same keys as the plans page, so both share one cached catalogue. */
export const catalogPlansOptions = queryOptions({
  queryKey: ['company', 'plans'] as const,
  queryFn: ({ signal }) => api.get<PlanListResponse>('/company/plans', { signal }),
});
export const catalogAddonsOptions = queryOptions({
  queryKey: ['company', 'addons'] as const,
  queryFn: ({ signal }) => api.get<AddonListResponse>('/company/addons', { signal }),
});

/** Plans and add-ons a school can be given: only the ones still offered. */
export function useCatalogue() {
  const plans = useQuery(catalogPlansOptions);
  const addons = useQuery(catalogAddonsOptions);
  return {
    plans: plans.data?.items.filter((p) => p.isActive) ?? [],
    addons: addons.data?.items.filter((a) => a.isActive) ?? [],
    isPending: plans.isPending || addons.isPending,
    error: plans.error ?? addons.error,
    refetch: () => {
      void plans.refetch();
      void addons.refetch();
    },
  };
}
