// A shopper's receipts (issue 33, decision 047): the order's receipts and credit notes, and one
// receipt. GET /api/orders/{orderId}/receipts (the order's shopper) and GET
// /api/receipts/{receiptId} (the order's shopper, the shop's owner, an admin).
import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@soko/contract';
import { ApiError, apiGet } from '../../../lib/api-client';

export const receiptKeys = {
  order: (orderId: string) => ['order', orderId, 'receipts'] as const,
  one: (receiptId: string) => ['receipt', receiptId] as const,
};

/** A 4xx (not found, not yours) will not change on a second try. */
const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** The receipt's PDF, as `GET /api/receipts/{receiptId}/pdf` sends it. */
export const receiptPdfPath = (receiptId: string) =>
  `/api/receipts/${encodeURIComponent(receiptId)}/pdf`;

/** The receipt's page in the app. */
export const receiptPagePath = (orderId: string, receiptId: string) =>
  `/orders/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(receiptId)}`;

/**
 * The order's receipts once it can have any: `settled` is false while the order waits for its
 * payment. `version` (the order's status) asks again when the order moves, as a confirmation or a
 * refund issues one.
 */
export function useOrderReceipts(orderId: string, settled: boolean, version: string) {
  return useQuery({
    queryKey: [...receiptKeys.order(orderId), version] as const,
    queryFn: ({ signal }) =>
      apiGet<Receipt[]>(`/api/orders/${encodeURIComponent(orderId)}/receipts`, { signal }),
    retry: retryUnlessRefused,
    enabled: settled,
  });
}

export function useReceipt(receiptId: string) {
  return useQuery({
    queryKey: receiptKeys.one(receiptId),
    queryFn: ({ signal }) =>
      apiGet<Receipt>(`/api/receipts/${encodeURIComponent(receiptId)}`, { signal }),
    retry: retryUnlessRefused,
  });
}
