import type { Payment } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyPaymentsKey } from './get-company-payments';

export function confirmPayment(id: string): Promise<Payment> {
  return api.post<Payment>(`/company/payments/${id}/confirm`);
}

export function rejectPayment(id: string, reason: string): Promise<Payment> {
  return api.post<Payment>(`/company/payments/${id}/reject`, { reason });
}

/**
 * Confirm (`reason` absent; a subscription payment marks the subscription paid) or reject with a reason. The
 * lists are read again whatever the answer: a refusal such as "This payment was already rejected." means another
 * manager decided it meanwhile (company staff are not told of each other's decisions), and the row should show
 * what they decided rather than stay Pending with Confirm still offered.
 */
export function useDecidePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined ? confirmPayment(id) : rejectPayment(id, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: companyPaymentsKey });
      void queryClient.invalidateQueries({ queryKey: ['company', 'revenue'] });
      void queryClient.invalidateQueries({ queryKey: ['company', 'schools'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
