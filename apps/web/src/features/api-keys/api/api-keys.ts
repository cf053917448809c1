import type { ApiKey, ApiKeyListResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from '@lyceum/shared/company';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const apiKeysKey = ['api-keys'] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysKey,
  queryFn: ({ signal }) => api.get<ApiKeyListResponse>('/api-keys', { signal }),
});

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions, enabled });
}

export function createApiKey(input: CreateApiKeyRequest): Promise<CreatedApiKeyResponse> {
  return api.post<CreatedApiKeyResponse>('/api-keys', input);
}

export function revokeApiKey(id: string): Promise<ApiKey> {
  return api.post<ApiKey>(`/api-keys/${id}/revoke`);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
