// The checkout's delivery: one quote per product for the county chosen (they name each line's
// shop), the counters or carrier agent points the shopper picked, and each shop part's fee for
// both options. Agent points (decision 036) are listed for the county once any shop offers
// them, and each chosen one is priced for its shop by the carrier's quote.
import { useMemo, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SHIPPING_OPTION_KEYS,
  type AgentPoint,
  type AgentQuote,
  type CarrierName,
  type CartLine,
  type County,
  type DeliveryQuote,
  type ShippingOption,
} from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import {
  getAgentPointsQueryOptions,
  getAgentQuoteQueryOptions,
  getDeliveryQuoteQueryOptions,
} from '../../lib/delivery-quote';
import {
  deliveryLines,
  isPickupOnly,
  type AgentFees,
  type DeliveryLine,
  type PartPickup,
  type PickupChoices,
} from './delivery-lines';

/** The carrier's agent points in the county, once a shop in the cart offers them. */
export interface AgentPointList {
  carrier: CarrierName | null;
  points: readonly AgentPoint[];
  loading: boolean;
  failed: boolean;
}

export interface CheckoutDelivery {
  /**
   * Each shop part's delivery for the option chosen (Standard's until one is); null until a
   * county is chosen and every quote is in.
   */
  lines: DeliveryLine[] | null;
  /** Every part is collected at a counter or an agent point: no street address needed. */
  pickupOnly: boolean;
  /** The order's delivery in cents for each option (the shipping labels); null until known. */
  totals: Record<ShippingOption, number> | null;
  loading: boolean;
  failed: boolean;
  /** Null when no shop in the cart offers agent points. */
  agentPoints: AgentPointList | null;
  /** Shop id -> why the agent point chosen for its part cannot be priced. */
  agentFeeErrors: Readonly<Record<string, string>>;
  /** Collect `shopId`'s part at a counter or an agent point, or (null) have it delivered. */
  choosePickup: (shopId: string, choice: PartPickup | null) => void;
  /**
   * The parts' delivery priced from fresh quotes, for the order's body; null when a quote
   * cannot be had (then the order goes without, and the server's 409 says the figures). A part
   * whose agent point cannot be priced stays `agentPending`: the server prices it.
   */
  priceForOrder: (
    lines: readonly CartLine[],
    county: County,
    option: ShippingOption,
  ) => Promise<DeliveryLine[] | null>;
}

export const AGENT_FEE_FAILED =
  'This agent point cannot be priced just now: choose another delivery.';

/** Counter choices hold in any county; agent points are the county's, so they go with it. */
const withoutAgents = (choices: PickupChoices): PickupChoices =>
  Object.fromEntries(Object.entries(choices).filter(([, choice]) => choice.kind !== 'agent'));

export function useCheckoutDelivery(
  cartLines: readonly CartLine[],
  county: County | null,
  option: ShippingOption | null,
): CheckoutDelivery {
  const queryClient = useQueryClient();
  const [pickup, setPickup] = useState<PickupChoices>({});
  const [pickupCounty, setPickupCounty] = useState(county);
  // Adjusted while rendering (not in an effect): no render prices another county's agent.
  let choices = pickup;
  if (pickupCounty !== county) {
    choices = withoutAgents(pickup);
    setPickupCounty(county);
    setPickup(choices);
  }
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

  const offersAgents = [...quotes.values()].some((quote) => quote.agentPoints);
  const agentList = useQuery({
    ...getAgentPointsQueryOptions(county),
    enabled: county !== null && offersAgents,
  });
  const agentChoices = Object.entries(choices).flatMap(([shopId, choice]) =>
    choice.kind === 'agent' ? [{ shopId, agentId: choice.id }] : [],
  );
  const feeResults = useQueries({
    queries: agentChoices.map(({ shopId, agentId }) => ({
      ...getAgentQuoteQueryOptions(shopId, agentId),
      // A refusal (no such agent, the carrier down) is the answer: asking again will not help.
      retry: false,
    })),
  });
  const agentFees = new Map<string, AgentQuote>();
  const agentFeeErrors: Record<string, string> = {};
  feeResults.forEach((result, index) => {
    const chosen = agentChoices[index];
    if (!chosen) return;
    if (result.data) agentFees.set(chosen.shopId, result.data);
    if (result.error) {
      const field = result.error instanceof ApiError ? result.error.fields?.agentId : undefined;
      agentFeeErrors[chosen.shopId] = field ?? AGENT_FEE_FAILED;
    }
  });

  // The select's empty choice ('') before the shopper picks one: Standard's fees meanwhile.
  const shown: ShippingOption =
    option && SHIPPING_OPTION_KEYS.includes(option) ? option : 'standard';
  const lines = county ? deliveryLines(cartLines, quotes, shown, choices, agentFees) : null;
  return {
    lines,
    pickupOnly: isPickupOnly(lines),
    totals: county ? totalsFor(cartLines, quotes, choices, agentFees) : null,
    loading: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    agentPoints:
      county && offersAgents
        ? {
            carrier: agentList.data?.carrier ?? null,
            points: agentList.data?.agents ?? [],
            loading: agentList.isPending,
            failed: agentList.isError,
          }
        : null,
    agentFeeErrors,
    choosePickup: (shopId, choice) =>
      setPickup((current) => {
        const { [shopId]: _dropped, ...rest } = current;
        return choice ? { ...rest, [shopId]: choice } : rest;
      }),
    priceForOrder: async (lines, chosenCounty, chosenOption) => {
      let fresh;
      try {
        const ids = [...new Set(lines.map((line) => line.productId))];
        fresh = await Promise.all(
          ids.map(
            async (productId) =>
              [
                productId,
                await queryClient.fetchQuery(getDeliveryQuoteQueryOptions(productId, chosenCounty)),
              ] as const,
          ),
        );
      } catch {
        return null;
      }
      const fees = await Promise.allSettled(
        agentChoices.map(({ shopId, agentId }) =>
          queryClient.fetchQuery(getAgentQuoteQueryOptions(shopId, agentId)),
        ),
      );
      const freshFees: AgentFees = new Map(
        fees.flatMap((fee) => (fee.status === 'fulfilled' ? [[fee.value.shopId, fee.value]] : [])),
      );
      return deliveryLines(lines, new Map(fresh), chosenOption, choices, freshFees);
    },
  };
}

function totalsFor(
  lines: readonly CartLine[],
  quotes: ReadonlyMap<string, DeliveryQuote>,
  pickup: PickupChoices,
  agentFees: AgentFees,
): Record<ShippingOption, number> | null {
  const entries = SHIPPING_OPTION_KEYS.map((option) => {
    const parts = deliveryLines(lines, quotes, option, pickup, agentFees);
    if (!parts || parts.some((part) => part.agentPending)) return null;
    return [option, parts.reduce((sum, part) => sum + part.deliveryCents, 0)] as const;
  });
  if (entries.some((entry) => !entry)) return null;
  return Object.fromEntries(entries.filter((entry) => entry !== null)) as Record<
    ShippingOption,
    number
  >;
}
