import type { SetPasswordLinkStatus } from '@lyceum/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shouldRetry } from '../../../lib/query-client';

/**
 * Whether a set-password link (reset or invitation) can still set a password, asked as its page opens: a used
 * or expired link answers the refusal setting the password would give (docs/product.md, "Password reset").
 */
export function checkSetPasswordLink(token: string, signal?: AbortSignal): Promise<SetPasswordLinkStatus> {
  return api.post<SetPasswordLinkStatus>('/auth/reset-password/check', { token }, { signal });
}

const setPasswordLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['set-password-link', token] as const,
    queryFn: ({ signal }) => checkSetPasswordLink(token, signal),
    // Asked once per opening of the page; a refusal (4xx) is the answer, not a glitch to retry.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: shouldRetry,
  });

export function useSetPasswordLinkCheck(token: string, enabled: boolean) {
  return useQuery({ ...setPasswordLinkQuery(token), enabled });
}
