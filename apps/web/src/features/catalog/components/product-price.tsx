import { useLocale, useT } from '../../../lib/i18n';
import {
  discountedPriceCents,
  formatKsh,
  fromCents,
  parseDiscountPercent,
  toCents,
} from '@soko/contract';

export interface ProductPriceProps {
  /** Ksh, before any discount. */
  price: number;
  /** The product's `discounts` field; it applies when it reads as a percentage above 0, below 100. */
  discounts: string | number | null | undefined;
  size?: 'sm' | 'lg';
}

const SIZES = {
  sm: { now: 'text-base', was: 'text-sm' },
  lg: { now: 'text-2xl', was: 'text-base' },
} as const;

/** The price a shopper pays; with a discount, the original follows struck through (spec 9). */
export function ProductPrice({ price, discounts, size = 'sm' }: ProductPriceProps) {
  const t = useT();
  const locale = useLocale();
  const percent = parseDiscountPercent(discounts);
  const classes = SIZES[size];

  if (percent === null) {
    return (
      <p className={`font-semibold text-stone-900 ${classes.now}`} data-testid="product-price">
        {formatKsh(price, locale)}
      </p>
    );
  }

  const now = fromCents(discountedPriceCents(toCents(price), discounts));
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="product-price">
      <span className={`font-semibold text-red-700 ${classes.now}`}>
        <span className="sr-only">{t('price.now')}</span>
        {formatKsh(now, locale)}
      </span>{' '}
      <s className={`text-stone-500 ${classes.was}`}>
        <span className="sr-only">{t('price.was')}</span>
        {formatKsh(price, locale)}
      </s>{' '}
      {/* The two prices already say it to a screen reader. */}
      <span
        aria-hidden="true"
        className="rounded bg-red-50 px-1.5 text-xs font-medium text-red-700"
      >
        {`-${percent}%`}
      </span>
    </p>
  );
}
