// Each shop part's delivery as the checkout shows and sends it (issue 31, decision 035), priced
// from one quote per product the way the server prices the order (orders/pricing.ts
// `priceParts`): parts in the order of their first line, the counter's fee for a pickup, the
// carrier's quote for an agent point (decision 036), else the county's rate for the option,
// nothing from the shop's free threshold, and the spec's one fee charged once between the shops
// that set nothing. The server recomputes it all and answers
// 409 with its own figures when these differ.
import {
  toCents,
  type AgentPoint,
  type AgentQuote,
  type CartLine,
  type DeliveryQuote,
  type PickupChoice,
  type PickupCounter,
  type ShippingOption,
} from '@soko/contract';

/** One shop's part of the order and how it reaches the shopper. */
export interface DeliveryLine {
  shopId: string;
  shopName: string;
  deliveryCents: number;
  /** What a door delivery of this part would cost (the choice beside a counter). */
  doorCents: number;
  /** A door delivery's time ("1-2 days"), '' when the shop gives none. */
  days: string;
  /** Free from the shop's threshold. */
  free: boolean;
  /** The counter chosen, or null. */
  counter: PickupCounter | null;
  /** The shop's counters the shopper may choose instead. */
  counters: readonly PickupCounter[];
  /** The id of the carrier's agent point chosen, or null (its fee may still be asked). */
  agentId: string | null;
  /** The agent point chosen, once its fee is known. */
  agent: AgentPoint | null;
  /** The agent point is chosen but its fee is not known: deliveryCents is not yet it. */
  agentPending: boolean;
  /** The shop offers pickup at the carrier's agent points. */
  agentPoints: boolean;
}

/** How the shopper collects one shop's part instead of a door delivery. */
export type PartPickup = { kind: 'counter'; id: string } | { kind: 'agent'; id: string };

/** Shop id -> where the shopper collects that shop's part; a shop not named is delivered. */
export type PickupChoices = Readonly<Record<string, PartPickup>>;

/** Shop id -> the carrier's quote for the agent point chosen for that shop's part. */
export type AgentFees = ReadonlyMap<string, AgentQuote>;

/**
 * The parts' delivery, or null while a line's quote is missing (not loaded yet, or failed).
 * `quotes` is keyed by product id.
 */
export function deliveryLines(
  lines: readonly Pick<CartLine, 'productId' | 'price' | 'quantity'>[],
  quotes: ReadonlyMap<string, DeliveryQuote>,
  option: ShippingOption,
  pickup: PickupChoices,
  agentFees: AgentFees = new Map(),
): DeliveryLine[] | null {
  const parts = new Map<string, { quote: DeliveryQuote; subtotalCents: number }>();
  for (const line of lines) {
    const quote = quotes.get(line.productId);
    if (!quote) return null;
    const part = parts.get(quote.shopId) ?? { quote, subtotalCents: 0 };
    part.subtotalCents += toCents(line.price) * line.quantity;
    parts.set(quote.shopId, part);
  }
  let specFeeCharged = false;
  return [...parts.values()].map(({ quote, subtotalCents }) => {
    const choice = pickup[quote.shopId];
    const counter =
      choice?.kind === 'counter'
        ? (quote.pickupCounters.find((each) => each.id === choice.id) ?? null)
        : null;
    const agentChosen = choice?.kind === 'agent' && quote.agentPoints;
    const agentFee = agentChosen ? agentFees.get(quote.shopId) : undefined;
    const agent = agentFee && agentFee.agent.id === choice?.id ? agentFee : undefined;
    const free = quote.freeFrom !== null && subtotalCents >= toCents(quote.freeFrom);
    const doorCents = free ? 0 : toCents(quote[option].fee);
    const collectedCents = counter ? toCents(counter.fee) : agent ? toCents(agent.fee) : null;
    let deliveryCents = collectedCents === null ? doorCents : free ? 0 : collectedCents;
    const atDoor = !counter && !agentChosen;
    if (quote.isDefault && atDoor) {
      if (specFeeCharged) deliveryCents = 0;
      specFeeCharged = true;
    }
    return {
      shopId: quote.shopId,
      shopName: quote.shopName,
      deliveryCents,
      doorCents,
      days: quote[option].days,
      free,
      counter,
      counters: quote.pickupCounters,
      agentId: agentChosen ? choice.id : null,
      agent: agent?.agent ?? null,
      agentPending: agentChosen && !agent,
      agentPoints: quote.agentPoints,
    };
  });
}

export const deliveryCentsOf = (lines: readonly DeliveryLine[]) =>
  lines.reduce((sum, line) => sum + line.deliveryCents, 0);

/** The order body's `pickup`: the parts collected at a counter or an agent point. */
export const pickupChoicesOf = (lines: readonly DeliveryLine[]): PickupChoice[] =>
  lines.flatMap((line): PickupChoice[] =>
    line.counter
      ? [{ shopId: line.shopId, counterId: line.counter.id }]
      : line.agentId
        ? [{ shopId: line.shopId, agentId: line.agentId }]
        : [],
  );

const collected = (line: DeliveryLine) => line.counter !== null || line.agentId !== null;

/** Every part is collected at a counter or an agent point: no street address is needed. */
export const isPickupOnly = (lines: readonly DeliveryLine[] | null) =>
  lines !== null && lines.length > 0 && lines.every(collected);
