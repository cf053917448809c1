import type { AddonRequest, CreateAddonRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myAddonRequestsKey } from '../../../api/get-my-addon-requests';
import { marketplaceKey } from './get-marketplace';

export function requestAddon(input: CreateAddonRequest): Promise<AddonRequest> {
  return api.post<AddonRequest>('/addon-requests', input);
}

export function useRequestAddon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAddon,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKey });
      void queryClient.invalidateQueries({ queryKey: myAddonRequestsKey });
    },
  });
}
