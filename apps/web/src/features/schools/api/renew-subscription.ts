import type { RenewSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NO_ERROR_TOAST } from '../../../lib/query-client';
import { schoolsKey } from './get-schools';

export function renewSubscription(schoolId: string, input: RenewSubscriptionRequest): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscription/renew`, input);
}

/** The Renew dialog shows a refusal itself, under Months (a yearly length) or above it: no toast. */
export function useRenewSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (input: RenewSubscriptionRequest) => renewSubscription(schoolId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
