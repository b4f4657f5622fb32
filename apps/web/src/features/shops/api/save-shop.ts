import type { Shop, ShopInput } from '@soko/contract';
import { apiPost, apiPut } from '../../../lib/api-client';

/** POST /api/property/shop/create: 409 `shop_exists` when the user already has a shop. */
export function createShop(body: ShopInput): Promise<Shop> {
  return apiPost<Shop>('/api/property/shop/create', body);
}

/** PUT /api/property/shop/update/{id}: the whole shop, pictures and max per order included. */
export function updateShop(shopId: string, body: ShopInput): Promise<Shop> {
  return apiPut<Shop>(`/api/property/shop/update/${encodeURIComponent(shopId)}`, body);
}
