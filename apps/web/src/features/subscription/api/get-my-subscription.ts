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

export function useMySubscription(enabled = true) {
  return useQuery({ ...mySubscriptionQueryOptions, enabled });
}
