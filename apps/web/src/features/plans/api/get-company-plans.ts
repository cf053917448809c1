import type { PlanListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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
