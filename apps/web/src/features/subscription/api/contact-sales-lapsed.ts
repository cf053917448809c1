import type { LapsedContactSalesRequest } from '@lyceum/shared/company';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Contact sales after a refused sign-in: no session, so the server checks the e-mail and password itself. */
export function contactSalesLapsed(input: LapsedContactSalesRequest): Promise<{ received: true }> {
  return api.post<{ received: true }>('/sales-leads/lapsed', input);
}

export function useContactSalesLapsed() {
  return useMutation({ mutationFn: contactSalesLapsed });
}
