import type { Lead, UpdateLeadRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function updateLead(id: string, input: UpdateLeadRequest): Promise<Lead> {
  return api.patch<Lead>(`/company/leads/${id}`, input);
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UpdateLeadRequest['status'] }) => updateLead(id, { status }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['company', 'leads'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
