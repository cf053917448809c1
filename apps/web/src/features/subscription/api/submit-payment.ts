import type { Payment, SubmitPaymentRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { myPaymentsKey } from './get-my-payments';

/** Records a pending payment; the server answers the first payment again for a reused idempotency key. */
export function submitPayment(input: SubmitPaymentRequest): Promise<Payment> {
  return api.post<Payment>('/payments', input);
}

/** The payment form shows every refusal itself (under its field or above the fields): no toast besides. */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: submitPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myPaymentsKey }),
  });
}

/** One key per opened payment form: URL-safe, 8–100 characters (the shared schema's rule). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
