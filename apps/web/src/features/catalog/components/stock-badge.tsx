import { useT } from '../../../lib/i18n';
export interface StockBadgeProps {
  stock: number;
  className?: string;
}

/** 'Out of stock' when nothing can be bought; nothing otherwise. */
export function StockBadge({ stock, className = '' }: StockBadgeProps) {
  const t = useT();
  if (stock > 0) return null;
  return (
    <span
      className={`inline-block rounded bg-stone-900/85 px-2 py-0.5 text-xs font-semibold text-white ${className}`}
    >
      {t('catalog.outOfStock')}
    </span>
  );
}
