import { Link } from 'react-router';
import type { Product } from '@soko/contract';
import { useCurrentShop } from '../../tenants';

/**
 * In the marketplace a shopper must be able to tell who sells what: outside the selling shop's
 * own host (where every product is that shop's) the product names its shop, linking to it.
 */
export function SoldBy({ product, className }: { product: Product; className?: string }) {
  const { data: currentShop } = useCurrentShop();
  if (currentShop === undefined || currentShop?._id === product.shopId) return null;
  return (
    <p className={className ?? 'text-sm text-stone-600'}>
      {'Sold by '}
      <Link
        to={`/shop/${product.shopId}`}
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {product.shopName}
      </Link>
    </p>
  );
}
