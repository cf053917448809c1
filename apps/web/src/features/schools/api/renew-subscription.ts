import type { RenewSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export function renewSubscription(schoolId: string, input: RenewSubscriptionRequest): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscription/renew`, input);
}

export function useRenewSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenewSubscriptionRequest) => renewSubscription(schoolId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
