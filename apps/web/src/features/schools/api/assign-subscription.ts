import type { AssignSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { schoolsKey } from './get-schools';

export function assignSubscription(schoolId: string, input: AssignSubscriptionRequest): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscriptions`, input);
}

/** The Assign plan dialog shows a refusal itself, under the field it names or above the fields: no toast. */
export function useAssignSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (input: AssignSubscriptionRequest) => assignSubscription(schoolId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
