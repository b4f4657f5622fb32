import { useNavigate } from 'react-router';
import {
  discountedPriceCents,
  fromCents,
  toCents,
  type NewCartLine,
  type Product,
  type Variant,
} from '@soko/contract';
import { PLACEHOLDER_IMAGE } from '../product-card';
import { variantLabel } from './variant-selector';

/**
 * What the product page hands to the cart through the router state of its navigation to /cart
 * (`state.addToCart`): a cart line without its quantity, plus the stock as the most that can be
 * bought. The cart adds it with the contract's addCartLine.
 */
export interface AddToCartState {
  addToCart: NewCartLine & { maxQuantity: number };
}

export function cartLineFor(product: Product, variant: Variant | undefined): AddToCartState {
  return {
    addToCart: {
      productId: product._id,
      name: product.name,
      // Shown to the shopper only: the server reprices every order.
      price: fromCents(discountedPriceCents(toCents(product.price), product.discounts)),
      // Spec section 3: the first image, or the placeholder the product cards use.
      image: product.imageUrls[0] ?? PLACEHOLDER_IMAGE,
      selectedVariant: variant ? variantLabel(variant) : null,
      variantId: variant?._id ?? null,
      maxQuantity: variant ? variant.stock : product.stock,
    },
  };
}

interface AddToCartButtonProps {
  product: Product;
  variant: Variant | undefined;
  available: number;
}

export function AddToCartButton({ product, variant, available }: AddToCartButtonProps) {
  const navigate = useNavigate();
  const soldOut = available <= 0;
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => navigate('/cart', { state: cartLineFor(product, variant) })}
      className="w-full rounded-md bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 sm:w-auto"
    >
      Add to Cart
    </button>
  );
}
