import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Listing } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** One shop's categories and products (the marketplace's page of a seller). */
export function getShopListing(
  shopId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Listing> {
  return apiGet<Listing>(`/api/listing/shop/${encodeURIComponent(shopId)}`, { signal });
}

export function getShopListingQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: queryKeys.shopListing(shopId),
    queryFn: ({ signal }) => getShopListing(shopId, { signal }),
  });
}

export function useShopListing(shopId: string) {
  return useQuery(getShopListingQueryOptions(shopId));
}
