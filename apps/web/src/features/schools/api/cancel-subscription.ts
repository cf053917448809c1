import type { Subscription } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolsKey } from './get-schools';

export function cancelSubscription(schoolId: string): Promise<Subscription> {
  return api.post<Subscription>(`/company/schools/${schoolId}/subscription/cancel`);
}

export function useCancelSubscription(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(schoolId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolsKey }),
  });
}
