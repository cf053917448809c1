import type { AddonListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** `GET /company/addons`: every add-on, for the Plans page and the catalogue a school's add-ons are picked from. */
export const companyAddonsKey = ['company', 'addons'] as const;

export function getCompanyAddons(signal?: AbortSignal): Promise<AddonListResponse> {
  return api.get<AddonListResponse>('/company/addons', { signal });
}

export const companyAddonsQueryOptions = queryOptions({
  queryKey: companyAddonsKey,
  queryFn: ({ signal }) => getCompanyAddons(signal),
});

export function useCompanyAddons() {
  return useQuery(companyAddonsQueryOptions);
}
