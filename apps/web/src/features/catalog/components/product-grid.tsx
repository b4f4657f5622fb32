import { useT } from '../../../lib/i18n';
import { IMAGE_SIZES } from '@soko/contract';
import type { Product } from '@soko/contract';
import { ProductCard } from './product-card';

export interface ProductGridProps {
  products: Product[];
  /** Shown instead of the grid when there are no products. */
  emptyText?: string;
  /** The most columns, reached at lg widths: 4 by default, 3 for lists paged in nines. */
  maxColumns?: 3 | 4;
  /** The grid opens the page: its first image loads at once (the page's largest paint). */
  priority?: boolean;
}

const LAYOUTS = {
  3: {
    grid: 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3',
    imageSizes: IMAGE_SIZES.card3,
  },
  4: {
    grid: 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
    imageSizes: IMAGE_SIZES.card4,
  },
} as const;

/** Product cards as a list: 1 column on phones, 2 from sm, 3 from md, 4 from lg (or stay 3). */
export function ProductGrid({
  products,
  emptyText,
  maxColumns = 4,
  priority = false,
}: ProductGridProps) {
  const layout = LAYOUTS[maxColumns];
  const t = useT();
  if (products.length === 0) {
    return (
      <p className="py-8 text-center text-stone-600">{emptyText ?? t('catalog.noProducts')}</p>
    );
  }
  return (
    <ul className={`grid gap-4 ${layout.grid}`}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            imageSizes={layout.imageSizes}
            priority={priority && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
