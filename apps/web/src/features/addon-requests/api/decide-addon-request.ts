import type { AddonRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addonRequestsKey } from './get-addon-requests';

export function approveAddonRequest(id: string): Promise<AddonRequest> {
  return api.post<AddonRequest>(`/company/addon-requests/${id}/approve`);
}

export function rejectAddonRequest(id: string, reason: string): Promise<AddonRequest> {
  return api.post<AddonRequest>(`/company/addon-requests/${id}/reject`, { reason });
}

/**
 * Approve (`reason` absent) or reject with a reason; approval adds the add-on to the school's subscription. The
 * lists are read again whatever the answer: "This request was already approved." means another manager decided
 * it meanwhile, and the row should show so rather than stay Pending.
 */
export function useDecideAddonRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined ? approveAddonRequest(id) : rejectAddonRequest(id, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: addonRequestsKey });
      void queryClient.invalidateQueries({ queryKey: ['company', 'schools'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
