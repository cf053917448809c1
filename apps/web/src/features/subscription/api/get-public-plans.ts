import type { PublicPlan } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The plans on offer (public list, same key as the sign-up page). */
export const publicPlansQueryOptions = queryOptions({
  queryKey: ['plans'] as const,
  queryFn: ({ signal }) => api.get<PublicPlan[]>('/plans', { signal }),
  staleTime: 10 * 60_000,
});

export function usePublicPlans(enabled: boolean) {
  return useQuery({ ...publicPlansQueryOptions, enabled });
}
