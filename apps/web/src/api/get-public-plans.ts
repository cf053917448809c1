import type { PublicPlan } from '@lyceum/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** `GET /plans`: the plans on offer, for the sign-up page and a school's upgrade dialog. */
export function getPublicPlans(signal?: AbortSignal): Promise<PublicPlan[]> {
  return api.get<PublicPlan[]>('/plans', { signal });
}

export const publicPlansQueryOptions = queryOptions({
  queryKey: ['plans'] as const,
  queryFn: ({ signal }) => getPublicPlans(signal),
  staleTime: 10 * 60_000,
});

export function usePublicPlans(enabled = true) {
  return useQuery({ ...publicPlansQueryOptions, enabled });
}
