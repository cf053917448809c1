import type { PublicPlan } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPlans(signal?: AbortSignal): Promise<PublicPlan[]> {
  return api.get<PublicPlan[]>('/plans', { signal });
}

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'] as const,
  queryFn: ({ signal }) => getPlans(signal),
  staleTime: 10 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
