import { useT } from '../../../../lib/i18n';
import { useNavigate } from 'react-router';
import type { Product, Variant } from '@soko/contract';
import { productCartLine, type NewCartLineWithStock } from '../../../cart';

/**
 * What the product page hands to the cart through the router state of its navigation to /cart
 * (`state.addToCart`): a cart line without its quantity, plus the stock as the most that can be
 * bought. The cart adds it with the contract's addCartLine.
 */
export interface AddToCartState {
  addToCart: NewCartLineWithStock;
}

export function cartLineFor(product: Product, variant: Variant | undefined): AddToCartState {
  return { addToCart: productCartLine(product, variant) };
}

interface AddToCartButtonProps {
  product: Product;
  variant: Variant | undefined;
  available: number;
}

export function AddToCartButton({ product, variant, available }: AddToCartButtonProps) {
  const navigate = useNavigate();
  const soldOut = available <= 0;
  const t = useT();
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => navigate('/cart', { state: cartLineFor(product, variant) })}
      className="w-full rounded-md bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 sm:w-auto"
    >
      {t('product.addToCart')}
    </button>
  );
}
