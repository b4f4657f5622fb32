// Each shop part's delivery as the checkout shows and sends it (issue 31, decision 035), priced
// from one quote per product the way the server prices the order (orders/pricing.ts
// `priceParts`): parts in the order of their first line, the counter's fee for a pickup, else
// the county's rate for the option, nothing from the shop's free threshold, and the spec's one
// fee charged once between the shops that set nothing. The server recomputes it all and answers
// 409 with its own figures when these differ.
import {
  toCents,
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
  /** The counter chosen, or null for a door delivery. */
  counter: PickupCounter | null;
  /** The shop's counters the shopper may choose instead. */
  counters: readonly PickupCounter[];
}

/** Shop id -> the counter id the shopper collects that shop's part at. */
export type PickupChoices = Readonly<Record<string, string>>;

/**
 * The parts' delivery, or null while a line's quote is missing (not loaded yet, or failed).
 * `quotes` is keyed by product id.
 */
export function deliveryLines(
  lines: readonly Pick<CartLine, 'productId' | 'price' | 'quantity'>[],
  quotes: ReadonlyMap<string, DeliveryQuote>,
  option: ShippingOption,
  pickup: PickupChoices,
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
    const counter = quote.pickupCounters.find((each) => each.id === pickup[quote.shopId]) ?? null;
    const free = quote.freeFrom !== null && subtotalCents >= toCents(quote.freeFrom);
    const doorCents = free ? 0 : toCents(quote[option].fee);
    let deliveryCents = counter ? (free ? 0 : toCents(counter.fee)) : doorCents;
    if (quote.isDefault && !counter) {
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
    };
  });
}

export const deliveryCentsOf = (lines: readonly DeliveryLine[]) =>
  lines.reduce((sum, line) => sum + line.deliveryCents, 0);

/** The order body's `pickup`: the parts collected at a counter. */
export const pickupChoicesOf = (lines: readonly DeliveryLine[]): PickupChoice[] =>
  lines.flatMap((line) =>
    line.counter ? [{ shopId: line.shopId, counterId: line.counter.id }] : [],
  );

/** Every part is collected at a counter: no street address is needed. */
export const isPickupOnly = (lines: readonly DeliveryLine[] | null) =>
  lines !== null && lines.length > 0 && lines.every((line) => line.counter !== null);
