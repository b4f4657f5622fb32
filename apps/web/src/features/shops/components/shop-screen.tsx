// The frame the shop's own screens share (Tax, Delivery, Codes, CSV, Receipts): the page's title,
// its heading with the shop's name once known, and the way back to the shops.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';
import { usePageHeading } from './use-page-heading';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ShopScreen({
  id,
  title,
  shopName,
  width = 'max-w-4xl',
  spacing = 'space-y-4',
  busy,
  children,
}: {
  /** Prefix of the heading's id: `${id}-heading`. */
  id: string;
  title: string;
  shopName?: string | undefined;
  width?: 'max-w-2xl' | 'max-w-4xl' | 'max-w-5xl';
  spacing?: 'space-y-4' | 'space-y-6';
  busy?: boolean;
  children: ReactNode;
}) {
  const t = useOwnerT();
  usePageHeading(title);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      aria-busy={busy}
      className={`mx-auto ${width} ${spacing}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id={`${id}-heading`} className="text-2xl font-bold text-stone-900">
          {shopName ? t('owner.common.titleOfShop', { title, shopName }) : title}
        </h1>
        <Link to="/shops" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          {t('owner.common.backToShops')}
        </Link>
      </div>
      {children}
    </section>
  );
}
