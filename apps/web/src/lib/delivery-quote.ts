// GET /api/delivery/quote for a product's shop: what delivery to a county costs and takes, and
// the shop's pickup counters. Shared by the product page and the checkout (one per product).
// With them, the carrier's agent points (decision 036): their list, shared by the checkout and
// the owner's delivery screen, and a shop's fee to one of them.
import { queryOptions } from '@tanstack/react-query';
import type { AgentPointsResponse, AgentQuote, County, DeliveryQuote } from '@soko/contract';
import { apiGet } from './api-client';

export const deliveryQuoteKeys = {
  all: ['delivery-quote'] as const,
  product: (productId: string, county: County) => ['delivery-quote', productId, county] as const,
  agents: (county: County | null) => ['delivery-quote', 'agents', county ?? 'all'] as const,
  agent: (shopId: string, agentId: string) => ['delivery-quote', 'agent', shopId, agentId] as const,
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

/** The carrier's agent points in one county (null: all of them, for an owner's drop-off). */
export function getAgentPointsQueryOptions(county: County | null) {
  return queryOptions({
    queryKey: deliveryQuoteKeys.agents(county),
    queryFn: ({ signal }) =>
      apiGet<AgentPointsResponse>(
        county
          ? `/api/delivery/agents?county=${encodeURIComponent(county)}`
          : '/api/delivery/agents',
        { signal },
      ),
    // The server keeps the carrier's list for minutes too.
    staleTime: 300_000,
  });
}

/** A shop's fee to one agent point: the carrier's quote from the shop's drop-off agent. */
export function getAgentQuoteQueryOptions(shopId: string, agentId: string) {
  return queryOptions({
    queryKey: deliveryQuoteKeys.agent(shopId, agentId),
    queryFn: ({ signal }) =>
      apiGet<AgentQuote>(
        `/api/delivery/agents/quote?shopId=${encodeURIComponent(shopId)}&agentId=${encodeURIComponent(agentId)}`,
        { signal },
      ),
    staleTime: 60_000,
  });
}
