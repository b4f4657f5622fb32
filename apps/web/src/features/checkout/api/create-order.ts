import type { CreateOrderBody, CreateOrderResponse } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /api/order/create: the server prices the order and holds its stock (201). */
export function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  return apiPost<CreateOrderResponse>('/api/order/create', body);
}
