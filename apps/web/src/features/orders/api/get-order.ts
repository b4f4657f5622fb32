import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@soko/contract';
import { ApiError, apiGet } from '../../../lib/api-client';

/**
 * GET /api/orders/{orderId} (the order's `_id`): whoever holds the id may read an anonymous
 * order; a signed-in shopper's order only they may.
 */
export function getOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order', orderId] as const,
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    // A 4xx (not found, not yours) will not change on a second try.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}

/** `initial`: the order the checkout just answered, passed along in the router state. */
export function useOrder(orderId: string, initial: Order | undefined) {
  return useQuery({
    ...getOrderQueryOptions(orderId),
    initialData: initial,
    // The checkout's copy shows at once, and the server's is asked for all the same: a copy
    // kept in the router state survives a reload while the order moves on.
    initialDataUpdatedAt: 0,
    // An order waiting for its online payment changes when the payment arrives (the provider's
    // page sends the shopper back here, sometimes before its notification is applied).
    // An order on its way moves as each shop sends its part.
    refetchInterval: (query) => {
      const order = query.state.data;
      if (order?.status === 'pending_payment' && order.payOnOrder) return PENDING_REFRESH_MS;
      return order?.status === 'confirmed' || order?.status === 'shipped'
        ? FULFILMENT_REFRESH_MS
        : false;
    },
  });
}

const PENDING_REFRESH_MS = 5_000;
const FULFILMENT_REFRESH_MS = 10_000;
