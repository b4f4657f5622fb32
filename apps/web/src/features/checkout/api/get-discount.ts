import type { DiscountResponse } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/discounts/{code}?subtotal={Ksh}: what the code takes off that subtotal. Unknown,
 * expired and used-up codes are 404 with the reason as the message.
 */
export function getDiscount(code: string, subtotalKsh: number): Promise<DiscountResponse> {
  const path = `/api/discounts/${encodeURIComponent(code)}?subtotal=${subtotalKsh}`;
  return apiGet<DiscountResponse>(path);
}
