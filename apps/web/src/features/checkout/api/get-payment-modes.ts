import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { queryKeys, type CartLine, type Product, type Shop } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';
import { getProductQueryOptions } from '../../../lib/get-product';

/**
 * Which shops take payment on order (GET /api/metadata: shops only, no products). The checkout
 * needs to know before the order exists, because the payment tab can only be opened inside the
 * click (DESIGN.md). Same key as the app's metadata query, so it is usually already there.
 */
function getShopsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.metadata(),
    queryFn: ({ signal }) => apiGet<Shop[]>('/api/metadata', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** product id -> whether its shop takes payment on order; undefined until all have loaded. */
export type PaymentModes = ReadonlyMap<string, boolean>;

/**
 * The payment mode of each cart line's shop: the cart's products by id (the cart and checkout
 * read them anyway for live stock) and the shops, never the whole catalogue.
 */
export function usePaymentModes(lines: readonly CartLine[]): { data: PaymentModes | undefined } {
  const shops = useQuery(getShopsQueryOptions());
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const products = useQueries({
    queries: productIds.map((id) => getProductQueryOptions(id)),
  });
  const loaded = products.flatMap((result) => (result.data ? [result.data] : []));
  if (!shops.data) return { data: undefined };
  return { data: paymentModesOf(loaded, shops.data) };
}

export function paymentModesOf(products: readonly Product[], shops: readonly Shop[]): PaymentModes {
  const payOnOrder = new Map(shops.map((shop) => [shop._id, shop.payonorder]));
  const modes = new Map<string, boolean>();
  for (const product of products) {
    const mode = payOnOrder.get(product.shopId);
    if (mode !== undefined) modes.set(product._id, mode);
  }
  return modes;
}

/**
 * Whether placing these lines may need an online payment: a cart with any pay-on-order shop
 * pays online (DESIGN.md). A product not known yet (or no shops yet) counts as may-pay: a blank
 * tab closed again costs less than a blocked payment page.
 */
export function mayPayOnline(lines: readonly CartLine[], modes: PaymentModes | undefined) {
  if (!modes) return true;
  return lines.some((line) => modes.get(line.productId) !== false);
}
