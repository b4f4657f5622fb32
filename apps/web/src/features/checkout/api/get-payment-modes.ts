import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type CartLine, type Listing } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/listing/getlisting (spec section 7: "used on home and checkout"): which shops take
 * payment on order. The checkout needs to know before the order exists, because the payment
 * tab can only be opened inside the click (DESIGN.md).
 */
export function getPaymentModesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listing(),
    queryFn: ({ signal }) => apiGet<Listing[]>('/api/listing/getlisting', { signal }),
  });
}

export function usePaymentModes() {
  return useQuery(getPaymentModesQueryOptions());
}

/**
 * Whether placing these lines may need an online payment: a cart with any pay-on-order shop
 * pays online (DESIGN.md). A product the listing does not show (or no listing yet) counts as
 * may-pay: a blank tab closed again costs less than a blocked payment page.
 */
export function mayPayOnline(lines: readonly CartLine[], listings: readonly Listing[] | undefined) {
  if (!listings) return true;
  const payOnOrder = new Map<string, boolean>();
  for (const listing of listings) {
    for (const category of listing.categories) {
      for (const product of category.products) payOnOrder.set(product._id, listing.payonorder);
    }
  }
  return lines.some((line) => payOnOrder.get(line.productId) !== false);
}
