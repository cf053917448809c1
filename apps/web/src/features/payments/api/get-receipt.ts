import type { ReceiptResponse } from '@lyceum/shared/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getReceipt(id: string, signal?: AbortSignal): Promise<ReceiptResponse> {
  return api.get<ReceiptResponse>(`/payments/${id}/receipt`, { signal });
}

export const receiptQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['payments', id, 'receipt'] as const, queryFn: ({ signal }) => getReceipt(id, signal) });

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id));
}

/** The server renders the PDF (pdfkit) and sends it as an attachment. */
export const receiptPdfUrl = (id: string) => `/api/v1/payments/${id}/receipt.pdf`;
