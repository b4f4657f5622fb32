import { useId } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import {
  cardDescription,
  productDescription,
  productName,
  productPath,
  type Product,
  IMAGE_SIZES,
} from '@soko/contract';
import { useLocale } from '../../../lib/i18n';
import { PLACEHOLDER_IMAGE } from '../../cart';
import { ProductPrice } from './product-price';
import { RatingStars } from './rating-stars';
import { SoldBy } from './sold-by';
import { StockBadge } from './stock-badge';

const PLACEHOLDER_SIZE = 640;

// The grid is 1, 2, 3 then 4 columns at Tailwind's sm, md and lg widths, inside a 72rem page.
const CARD_IMAGE_SIZES = IMAGE_SIZES.card4;

// '||' separates the product page's description bullets; on a card it is not a word.
export interface ProductCardProps {
  product: Product;
  /** The image's `sizes`, for a card shown wider than a 4-column grid's. */
  imageSizes?: string;
  /** The first card of a page: its image is likely the largest paint, so it loads at once. */
  priority?: boolean;
}

/**
 * Image and name are one link to the product page; the stars beside it are separate buttons,
 * so rating never opens the product by accident.
 */
export function ProductCard({
  product,
  imageSizes = CARD_IMAGE_SIZES,
  priority = false,
}: ProductCardProps) {
  const nameId = useId();
  const locale = useLocale();
  const imageUrl = product.imageUrls[0];

  return (
    <article
      aria-labelledby={nameId}
      className="relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <Link
        to={productPath(product)}
        className="group block focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
      >
        <div className="aspect-square overflow-hidden bg-stone-100">
          <ResponsiveImage
            src={imageUrl ?? PLACEHOLDER_IMAGE}
            width={PLACEHOLDER_SIZE}
            height={PLACEHOLDER_SIZE}
            sizes={imageSizes}
            alt=""
            priority={priority}
            data-placeholder={imageUrl ? undefined : 'true'}
            className={
              imageUrl
                ? 'size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100'
                : 'size-full object-cover'
            }
          />
        </div>
        <h3
          id={nameId}
          className="px-3 pt-3 text-base leading-snug font-semibold text-stone-900 group-hover:text-brand-800 group-hover:underline"
        >
          {productName(product, locale)}
        </h3>
      </Link>
      <StockBadge stock={product.stock} className="absolute top-2 left-2" />
      <div className="flex flex-1 flex-col gap-2 px-3 pt-1 pb-3">
        <p className="text-sm text-stone-600">
          {cardDescription(productDescription(product, locale))}
        </p>
        <SoldBy product={product} className="text-xs text-stone-600" />
        <div className="mt-auto space-y-1">
          <ProductPrice price={product.price} discounts={product.discounts} />
          <RatingStars
            productId={product._id}
            average={product.rating.average}
            count={product.rating.count}
          />
        </div>
      </div>
    </article>
  );
}
