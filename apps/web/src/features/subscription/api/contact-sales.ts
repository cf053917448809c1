import type { ContactSalesRequest, Lead } from '@lyceum/shared/company';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The contact-sales modal: records a lead company staff see on their dashboard. */
export function contactSales(input: ContactSalesRequest): Promise<Lead> {
  return api.post<Lead>('/sales-leads', input);
}

export function useContactSales() {
  return useMutation({ mutationFn: contactSales });
}
