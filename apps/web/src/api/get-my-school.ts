import type { SchoolResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * `GET /school`: the signed-in user's own school. One answer serves the emergency-contact card and the API-keys
 * entitlement check, so it is asked for once (the header's brand comes with the session instead).
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
