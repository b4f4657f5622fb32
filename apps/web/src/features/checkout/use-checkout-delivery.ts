// The checkout's delivery: one quote per product for the county chosen (they name each line's
// shop), the pickup counters the shopper picked, and each shop part's fee for both options.
import { useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import {
  SHIPPING_OPTION_KEYS,
  type CartLine,
  type County,
  type DeliveryQuote,
  type ShippingOption,
} from '@soko/contract';
import { getDeliveryQuoteQueryOptions } from '../../lib/delivery-quote';
import {
  deliveryLines,
  isPickupOnly,
  type DeliveryLine,
  type PickupChoices,
} from './delivery-lines';

export interface CheckoutDelivery {
  /**
   * Each shop part's delivery for the option chosen (Standard's until one is); null until a
   * county is chosen and every quote is in.
   */
  lines: DeliveryLine[] | null;
  /** Every part is collected at a counter: no street address needed. */
  pickupOnly: boolean;
  /** The order's delivery in cents for each option (the shipping labels); null until known. */
  totals: Record<ShippingOption, number> | null;
  loading: boolean;
  failed: boolean;
  pickup: PickupChoices;
  /** Collect `shopId`'s part at `counterId`, or (null) have it delivered. */
  choosePickup: (shopId: string, counterId: string | null) => void;
  /**
   * The parts' delivery priced from fresh quotes, for the order's body; null when a quote
   * cannot be had (then the order goes without, and the server's 409 says the figures).
   */
  priceForOrder: (
    lines: readonly CartLine[],
    county: County,
    option: ShippingOption,
  ) => Promise<DeliveryLine[] | null>;
}

export function useCheckoutDelivery(
  cartLines: readonly CartLine[],
  county: County | null,
  option: ShippingOption | null,
): CheckoutDelivery {
  const queryClient = useQueryClient();
  const [pickup, setPickup] = useState<PickupChoices>({});
  const productIds = useMemo(
    () => [...new Set(cartLines.map((line) => line.productId))],
    [cartLines],
  );
  const results = useQueries({
    queries: county
      ? productIds.map((productId) => getDeliveryQuoteQueryOptions(productId, county))
      : [],
  });
  const quotes = new Map<string, DeliveryQuote>();
  results.forEach((result, index) => {
    const productId = productIds[index];
    if (result.data && productId) quotes.set(productId, result.data);
  });

  // The select's empty choice ('') before the shopper picks one: Standard's fees meanwhile.
  const shown: ShippingOption =
    option && SHIPPING_OPTION_KEYS.includes(option) ? option : 'standard';
  const lines = county ? deliveryLines(cartLines, quotes, shown, pickup) : null;
  return {
    lines,
    pickupOnly: isPickupOnly(lines),
    totals: county ? totalsFor(cartLines, quotes, pickup) : null,
    loading: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    pickup,
    choosePickup: (shopId, counterId) =>
      setPickup((current) => {
        const { [shopId]: _dropped, ...rest } = current;
        return counterId ? { ...rest, [shopId]: counterId } : rest;
      }),
    priceForOrder: async (lines, chosenCounty, chosenOption) => {
      try {
        const ids = [...new Set(lines.map((line) => line.productId))];
        const fresh = await Promise.all(
          ids.map(
            async (productId) =>
              [
                productId,
                await queryClient.fetchQuery(getDeliveryQuoteQueryOptions(productId, chosenCounty)),
              ] as const,
          ),
        );
        return deliveryLines(lines, new Map(fresh), chosenOption, pickup);
      } catch {
        return null;
      }
    },
  };
}

function totalsFor(
  lines: readonly CartLine[],
  quotes: ReadonlyMap<string, DeliveryQuote>,
  pickup: PickupChoices,
): Record<ShippingOption, number> | null {
  const entries = SHIPPING_OPTION_KEYS.map((option) => {
    const parts = deliveryLines(lines, quotes, option, pickup);
    return parts && ([option, parts.reduce((sum, part) => sum + part.deliveryCents, 0)] as const);
  });
  if (entries.some((entry) => !entry)) return null;
  return Object.fromEntries(entries.filter((entry) => entry !== null)) as Record<
    ShippingOption,
    number
  >;
}
