import { formatKsh, fromCents } from '@soko/contract';
import type { DeliveryLine } from '../delivery-lines';

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

export function TotalsSection({
  totals,
  delivery,
}: {
  totals: Totals;
  /** One line per shop part (its delivery, or its pickup), once priced. */
  delivery?: readonly DeliveryLine[] | null;
}) {
  const money = (cents: number) => formatKsh(fromCents(cents));
  return (
    <section aria-labelledby="checkout-totals">
      <h2 id="checkout-totals" className="text-lg font-semibold">
        Totals
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{money(totals.subtotalCents)}</dd>
        <dt>Discount</dt>
        <dd className="text-right tabular-nums">
          {totals.discountCents > 0 ? `− ${money(totals.discountCents)}` : formatKsh(0)}
        </dd>
        <dt>Shipping</dt>
        <dd className="text-right tabular-nums">{money(totals.shippingCents)}</dd>
        {delivery?.map((line) => (
          <div key={line.shopId} className="col-span-2 grid grid-cols-subgrid text-stone-700">
            <dt className="pl-3">
              {line.counter || line.agentId ? 'Pickup from' : 'Delivery from'} {line.shopName}
            </dt>
            <dd className="text-right tabular-nums">
              {line.agentPending
                ? 'Priced by the carrier'
                : line.free
                  ? 'Free'
                  : money(line.deliveryCents)}
            </dd>
          </div>
        ))}
        <dt className="border-t border-stone-200 pt-1 text-base font-bold">Total</dt>
        <dd className="border-t border-stone-200 pt-1 text-right text-base font-bold tabular-nums">
          {money(totals.totalCents)}
        </dd>
      </dl>
    </section>
  );
}
