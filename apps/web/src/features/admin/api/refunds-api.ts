// The refund queue's calls (admins): what is owed, asking the provider, settling by hand.
import { useQuery } from '@tanstack/react-query';
import type { Order, RefundQueueEntry, RefundResult } from '@soko/contract';
import { apiGet, apiPost } from '../../../lib/api-client';

export const refundKeys = { queue: () => ['admin', 'refunds'] as const };

export function useRefundQueue() {
  return useQuery({
    queryKey: refundKeys.queue(),
    queryFn: ({ signal }) => apiGet<RefundQueueEntry[]>('/api/order/refunds', { signal }),
    staleTime: 0,
  });
}

/** POST /api/order/{orderId}/refund: 409 with the provider's words when it refuses. */
export function refundOrder(orderId: string): Promise<RefundResult> {
  return apiPost<RefundResult>(`/api/order/${encodeURIComponent(orderId)}/refund`, {});
}

export function settleByHand(orderId: string, note: string): Promise<Order> {
  return apiPost<Order>(`/api/order/${encodeURIComponent(orderId)}/refund/resolve`, { note });
}
