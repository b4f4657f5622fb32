import type { Shop, ShopCreateInput, ShopInput } from '@soko/contract';
import { apiPost, apiPut } from '../../../lib/api-client';

/**
 * POST /api/property/shop/create: 409 `shop_exists` when the owner already has a shop. An
 * admin's body names the owner's account (`ownerAccountEmail`).
 */
export function createShop(body: ShopCreateInput): Promise<Shop> {
  return apiPost<Shop>('/api/property/shop/create', body);
}

/** PUT /api/property/shop/update/{id}: the whole shop, pictures and max per order included. */
export function updateShop(shopId: string, body: ShopInput): Promise<Shop> {
  return apiPut<Shop>(`/api/property/shop/update/${encodeURIComponent(shopId)}`, body);
}
