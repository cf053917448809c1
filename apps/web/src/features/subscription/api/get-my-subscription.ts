import type { MySubscriptionResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const mySubscriptionKey = ['subscription'] as const;

export function getMySubscription(signal?: AbortSignal): Promise<MySubscriptionResponse> {
  return api.get<MySubscriptionResponse>('/subscription', { signal });
}

export const mySubscriptionQueryOptions = queryOptions({
  queryKey: mySubscriptionKey,
  queryFn: ({ signal }) => getMySubscription(signal),
});

/** `staleTime` lets a caller that must see the subscription as it is now (the plan-expiry screen) ask afresh. */
export function useMySubscription(enabled = true, staleTime?: number) {
  return useQuery({ ...mySubscriptionQueryOptions, enabled, ...(staleTime === undefined ? {} : { staleTime }) });
}
