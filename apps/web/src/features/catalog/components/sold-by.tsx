import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Product } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useMetadata } from '../../tenants';

/**
 * In the marketplace a shopper must be able to tell who sells what: outside the selling shop's
 * own host (where every product is that shop's) the product names its shop, linking to its page.
 * The product page shows the seller's logo beside it too (decision 040); the cards of a listing
 * do not, so a grid does not load a picture more per product.
 */
export function SoldBy({
  product,
  className,
  withLogo = false,
}: {
  product: Product;
  className?: string;
  withLogo?: boolean;
}) {
  const { data: shops } = useMetadata();
  const t = useT();
  if (shops === undefined || (shops[0] ?? null)?._id === product.shopId) return null;
  const logo = withLogo ? shops.find((shop) => shop._id === product.shopId)?.logoUrl : null;
  return (
    <p className={className ?? 'flex items-center gap-2 text-sm text-stone-600'}>
      {logo && (
        <ResponsiveImage
          src={logo}
          alt=""
          sizes="24px"
          width={24}
          height={24}
          className="size-6 rounded-full border border-stone-200 object-cover"
        />
      )}
      <span>
        {t('product.soldBy')}
        <Link
          to={`/shop/${product.shopId}`}
          className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {product.shopName}
        </Link>
      </span>
    </p>
  );
}
