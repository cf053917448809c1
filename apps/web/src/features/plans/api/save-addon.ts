import type { Addon, AddonInput, UpdateAddonRequest } from '@lyceum/shared/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyAddonsKey } from '../../../api/get-company-addons';

export function createAddon(input: AddonInput): Promise<Addon> {
  return api.post<Addon>('/company/addons', input);
}

export function updateAddon(id: string, input: UpdateAddonRequest): Promise<Addon> {
  return api.patch<Addon>(`/company/addons/${id}`, input);
}

/** Creates an add-on, or updates one when `id` is given (`isActive: false` stops offering it). */
export function useSaveAddon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: UpdateAddonRequest }) =>
      id ? updateAddon(id, input) : createAddon(input as AddonInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyAddonsKey }),
  });
}
