import type { PaymentListQuery, PaymentListResponse } from '@lyceum/shared/company';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const companyPaymentsKey = ['company', 'payments'] as const;

export function getCompanyPayments(status: PaymentListQuery['status'], cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return api.get<PaymentListResponse>(`/company/payments?${params}`, { signal });
}

/** The one payment a notice opened, whatever its status now (an empty list when it is not the reader's). */
export function getCompanyPaymentById(id: string, signal?: AbortSignal): Promise<PaymentListResponse> {
  return api.get<PaymentListResponse>(`/company/payments?${new URLSearchParams({ id })}`, { signal });
}

export const companyPaymentsQueryOptions = (status: PaymentListQuery['status']) =>
  infiniteQueryOptions({
    queryKey: [...companyPaymentsKey, status ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => getCompanyPayments(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCompanyPayments(status: PaymentListQuery['status']) {
  return useInfiniteQuery(companyPaymentsQueryOptions(status));
}
