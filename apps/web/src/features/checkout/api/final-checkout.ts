import type { FinalCheckoutBody, Order } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /api/order/checkout: the delivery details confirm the order (idempotent per order). */
export function finalCheckout(body: FinalCheckoutBody): Promise<Order> {
  return apiPost<Order>('/api/order/checkout', body);
}
