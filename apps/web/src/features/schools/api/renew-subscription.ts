import type { RenewSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIntentKey } from '../../../lib/intent-key';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { schoolsKey } from './get-schools';

/** Sent with the Idempotency-Key of its intent: a retry of the same click renews once (useIntentKey). */
export function renewSubscription(
  schoolId: string,
  input: RenewSubscriptionRequest,
  idempotencyKey: string,
): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscription/renew`, input, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The Renew dialog shows a refusal itself, under Months (a yearly length) or above it: no toast. */
export function useRenewSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (input: RenewSubscriptionRequest) => renewSubscription(schoolId, input, intent.keyFor(input)),
    onSuccess: () => {
      intent.done();
      return queryClient.invalidateQueries({ queryKey: schoolsKey });
    },
  });
}
