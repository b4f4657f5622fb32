import { Link } from 'react-router';
import { formatKsh, fromCents, toCents } from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useLocale, useT } from '../../../lib/i18n';
import { cartLineTitle, isLineUnavailable } from '../../cart';
import type { CheckoutLines } from '../use-place-order';

export function OrderSummary({
  source,
  lines,
}: {
  source: CheckoutLines;
  /** The source's lines, or those being placed. */
  lines: CheckoutLines['lines'];
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        {t('checkout.orderSummary')}
      </h2>
      <ul className="mt-2 divide-y divide-stone-100">
        {lines.map((line) => {
          const title = cartLineTitle(line, locale);
          const soldOut = line.maxQuantity === 0;
          const overStock = !soldOut && isLineUnavailable(line);
          return (
            <li key={`${line.productId}:${line.variantId ?? ''}`} className="flex gap-3 py-2">
              <ResponsiveImage
                src={line.image}
                alt=""
                sizes="48px"
                width={48}
                height={48}
                className="size-12 shrink-0 rounded border border-stone-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words">{title}</p>
                <p className="text-stone-700">
                  {`${formatKsh(line.price, locale)} x ${line.quantity}`}
                </p>
                {soldOut && <p className="font-medium text-red-800">{t('checkout.soldOut')}</p>}
                {overStock && (
                  <p className="font-medium text-red-800">
                    {t('checkout.onlyLeft', { count: line.maxQuantity ?? 0 })}
                  </p>
                )}
                {(soldOut || overStock) && source.remove && (
                  <button
                    type="button"
                    onClick={() => source.remove?.(line.productId, line.variantId)}
                    className={`mt-1 rounded font-semibold text-red-800 underline ${focusRing}`}
                  >
                    {t('checkout.remove')}
                    <span className="sr-only"> {title}</span>
                  </button>
                )}
              </div>
              <p className="text-sm font-medium tabular-nums">
                {formatKsh(fromCents(toCents(line.price) * line.quantity), locale)}
              </p>
            </li>
          );
        })}
      </ul>
      {source.remove && (
        <Link
          to="/cart"
          className={`mt-1 inline-block text-sm font-semibold text-brand-800 underline ${focusRing}`}
        >
          {t('checkout.editCart')}
        </Link>
      )}
    </section>
  );
}
