import type { Lead, SubscriptionChangeRequest } from '@lyceum/shared/company';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks the company to renew or upgrade (recorded as a sales lead). */
export function requestChange(input: SubscriptionChangeRequest): Promise<Lead> {
  return api.post<Lead>('/subscription/requests', input);
}

export function useRequestChange() {
  return useMutation({ mutationFn: requestChange });
}
