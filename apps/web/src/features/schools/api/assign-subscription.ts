import type { AssignSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIntentKey } from '../../../lib/intent-key';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { schoolsKey } from './get-schools';

/** Sent with the Idempotency-Key of its intent: a retry of the same click assigns once (useIntentKey). */
export function assignSubscription(
  schoolId: string,
  input: AssignSubscriptionRequest,
  idempotencyKey: string,
): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscriptions`, input, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The Assign plan dialog shows a refusal itself, under the field it names or above the fields: no toast. */
export function useAssignSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (input: AssignSubscriptionRequest) => assignSubscription(schoolId, input, intent.keyFor(input)),
    onSuccess: () => {
      intent.done();
      return queryClient.invalidateQueries({ queryKey: schoolsKey });
    },
  });
}
