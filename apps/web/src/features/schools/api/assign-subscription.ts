import type { AssignSubscriptionRequest, Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export function assignSubscription(schoolId: string, input: AssignSubscriptionRequest): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscriptions`, input);
}

export function useAssignSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignSubscriptionRequest) => assignSubscription(schoolId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
