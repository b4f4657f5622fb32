// GET /api/delivery/quote for a product's shop: what delivery to a county costs and takes, and
// the shop's pickup counters. Shared by the product page and the checkout (one per product).
import { queryOptions } from '@tanstack/react-query';
import type { County, DeliveryQuote } from '@soko/contract';
import { apiGet } from './api-client';

export const deliveryQuoteKeys = {
  all: ['delivery-quote'] as const,
  product: (productId: string, county: County) => ['delivery-quote', productId, county] as const,
};

export function getDeliveryQuoteQueryOptions(productId: string, county: County) {
  return queryOptions({
    queryKey: deliveryQuoteKeys.product(productId, county),
    queryFn: ({ signal }) =>
      apiGet<DeliveryQuote>(
        `/api/delivery/quote?productId=${encodeURIComponent(productId)}&county=${encodeURIComponent(county)}`,
        { signal },
      ),
    // An owner's new rates reach the next page; the checkout asks again before it prices.
    staleTime: 60_000,
  });
}
