import type { PaymentListResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const myPaymentsKey = ['payments', 'mine'] as const;

export const myPaymentsQueryOptions = queryOptions({
  queryKey: myPaymentsKey,
  queryFn: ({ signal }) => api.get<PaymentListResponse>('/payments', { signal }),
});

export function useMyPayments(enabled = true) {
  return useQuery({ ...myPaymentsQueryOptions, enabled });
}
