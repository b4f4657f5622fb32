import { formatKsh, fromCents } from '@soko/contract';
import { useLocale, useT } from '../../../lib/i18n';
import type { DeliveryLine } from '../delivery-lines';

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The VAT the lines hold after the code's discount (decision 044); 0 shows nothing. */
  vatCents?: number;
}

export function TotalsSection({
  totals,
  delivery,
}: {
  totals: Totals;
  /** One line per shop part (its delivery, or its pickup), once priced. */
  delivery?: readonly DeliveryLine[] | null;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatKsh(fromCents(cents), locale);
  return (
    <section aria-labelledby="checkout-totals">
      <h2 id="checkout-totals" className="text-lg font-semibold">
        {t('checkout.totals')}
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt>{t('checkout.subtotal')}</dt>
        <dd className="text-right tabular-nums">{money(totals.subtotalCents)}</dd>
        <dt>{t('checkout.discount')}</dt>
        <dd className="text-right tabular-nums">
          {totals.discountCents > 0 ? `− ${money(totals.discountCents)}` : formatKsh(0, locale)}
        </dd>
        <dt>{t('checkout.shipping')}</dt>
        <dd className="text-right tabular-nums">{money(totals.shippingCents)}</dd>
        {delivery?.map((line) => (
          <div key={line.shopId} className="col-span-2 grid grid-cols-subgrid text-stone-700">
            <dt className="pl-3">
              {line.counter || line.agentId
                ? t('checkout.pickupFrom', { shop: line.shopName })
                : t('checkout.deliveryFrom', { shop: line.shopName })}
            </dt>
            <dd className="text-right tabular-nums">
              {line.agentPending
                ? t('checkout.pricedByCarrier')
                : line.free
                  ? t('checkout.free')
                  : money(line.deliveryCents)}
            </dd>
          </div>
        ))}
        <dt className="border-t border-stone-200 pt-1 text-base font-bold">
          {t('checkout.total')}
        </dt>
        <dd className="border-t border-stone-200 pt-1 text-right text-base font-bold tabular-nums">
          {money(totals.totalCents)}
        </dd>
      </dl>
      {(totals.vatCents ?? 0) > 0 && (
        <p className="text-right text-sm text-stone-600" data-testid="checkout-vat">
          {t('price.inclVat', { amount: formatKsh(fromCents(totals.vatCents ?? 0), locale) })}
        </p>
      )}
    </section>
  );
}
