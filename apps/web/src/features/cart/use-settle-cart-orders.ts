// On the cart and the checkout: orders this browser made from the cart and has not heard the
// end of (the shopper paid in the provider's tab and came back later) are asked about once.
import { useEffect } from 'react';
import type { Order } from '@soko/contract';
import { ApiError, apiGet } from '../../lib/api-client';
import { readCartOrders, settleCartOrder } from './cart-orders';

export function useSettleCartOrders(): void {
  useEffect(() => {
    const controller = new AbortController();
    for (const { orderId } of readCartOrders()) {
      apiGet<Pick<Order, 'status'>>(`/api/orders/${encodeURIComponent(orderId)}`, {
        signal: controller.signal,
      })
        .then((order) => settleCartOrder(orderId, order.status))
        .catch((error: unknown) => {
          // Not found (or no longer this shopper's): nothing left to settle.
          if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
            settleCartOrder(orderId, 'missing');
          }
        });
    }
    return () => controller.abort();
  }, []);
}
