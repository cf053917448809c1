import type { PlanListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** `GET /company/plans`: every plan, for the Plans page and the catalogue a school's plan is picked from. */
export const companyPlansKey = ['company', 'plans'] as const;

export function getCompanyPlans(signal?: AbortSignal): Promise<PlanListResponse> {
  return api.get<PlanListResponse>('/company/plans', { signal });
}

export const companyPlansQueryOptions = queryOptions({
  queryKey: companyPlansKey,
  queryFn: ({ signal }) => getCompanyPlans(signal),
});

export function useCompanyPlans() {
  return useQuery(companyPlansQueryOptions);
}
