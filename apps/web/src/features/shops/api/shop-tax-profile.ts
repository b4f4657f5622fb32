// A shop's tax profile (issue 33, decision 044): GET and PUT
// /api/property/shop/{shopId}/tax-profile, for its owner or an admin. The PUT replaces all of it.
import { useQuery } from '@tanstack/react-query';
import type { TaxProfileInput, TaxProfileResponse } from '@soko/contract';
import { apiGet, apiPut } from '../../../lib/api-client';

export const shopTaxProfileKeys = {
  shop: (shopId: string) => ['owner', 'shop', shopId, 'tax-profile'] as const,
};

const taxProfilePath = (shopId: string) =>
  `/api/property/shop/${encodeURIComponent(shopId)}/tax-profile`;

export function useShopTaxProfile(shopId: string) {
  return useQuery({
    queryKey: shopTaxProfileKeys.shop(shopId),
    queryFn: ({ signal }) => apiGet<TaxProfileResponse>(taxProfilePath(shopId), { signal }),
    // The form starts from what is saved now, not from a tab's older read.
    staleTime: 0,
  });
}

export function saveShopTaxProfile(
  shopId: string,
  body: TaxProfileInput,
): Promise<TaxProfileResponse> {
  return apiPut<TaxProfileResponse>(taxProfilePath(shopId), body);
}
