// A shop's delivery (issue 31, decision 035): GET and PUT /api/property/shop/{shopId}/delivery,
// for its owner or an admin. The PUT replaces the whole of it.
import { useQuery } from '@tanstack/react-query';
import type { DeliverySettingsInput, ShopDeliveryResponse } from '@soko/contract';
import { apiGet, apiPut } from '../../../lib/api-client';

export const shopDeliveryKeys = {
  shop: (shopId: string) => ['owner', 'shop', shopId, 'delivery'] as const,
};

const deliveryPath = (shopId: string) =>
  `/api/property/shop/${encodeURIComponent(shopId)}/delivery`;

export function useShopDelivery(shopId: string) {
  return useQuery({
    queryKey: shopDeliveryKeys.shop(shopId),
    queryFn: ({ signal }) => apiGet<ShopDeliveryResponse>(deliveryPath(shopId), { signal }),
    // The form starts from what is saved now, not from a tab's older read.
    staleTime: 0,
  });
}

export function saveShopDelivery(
  shopId: string,
  body: DeliverySettingsInput,
): Promise<ShopDeliveryResponse> {
  return apiPut<ShopDeliveryResponse>(deliveryPath(shopId), body);
}
