import type { SchoolResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * `GET /school`: the signed-in user's own school. One answer serves the emergency-contact card, the
 * header's White Label brand and the API-keys entitlement check, so it is asked for once.
 */
export function getMySchool(signal?: AbortSignal): Promise<SchoolResponse> {
  return api.get<SchoolResponse>('/school', { signal });
}

export const mySchoolQueryOptions = queryOptions({
  queryKey: ['school', 'contact'] as const,
  queryFn: ({ signal }) => getMySchool(signal),
  staleTime: 5 * 60_000,
});

/** `staleTime` lets a caller that needs fresher data (entitlements after a purchase) ask sooner. */
export function useMySchool(enabled: boolean, staleTime?: number) {
  return useQuery({ ...mySchoolQueryOptions, enabled, ...(staleTime === undefined ? {} : { staleTime }) });
}

/** The school's White Label brand; null until loaded, or without the add-on. */
export function useSchoolBrand(enabled: boolean) {
  return useMySchool(enabled).data?.brand ?? null;
}
