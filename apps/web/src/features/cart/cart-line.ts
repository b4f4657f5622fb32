// How a product becomes a cart line: shared by the product page's Add to Cart, the cart's
// /cart/:productId/:userId and the checkout's /buy/:productId/:userId. Zod-free.
import {
  discountedPriceCents,
  fromCents,
  productName,
  toCents,
  variantLabel,
  type Locale,
  type NamedInLanguages,
  type NewCartLine,
  type Product,
  type Variant,
} from '@soko/contract';

/** Spec section 9: a placeholder image stands in when a product has none. */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

// The cart line's label is the contract's variantLabel (name, else size), the same words the
// server puts on order lines and out-of-stock messages.
export { variantLabel };

/** The first variant that can be bought, or undefined when every one is sold out. */
export function firstInStockVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find((variant) => variant.stock > 0);
}

/** A line to add: without its quantity, with the most one order can buy of it. */
export type NewCartLineWithStock = NewCartLine & { maxQuantity: number };

export function productCartLine(
  product: Product,
  variant: Variant | undefined,
): NewCartLineWithStock {
  return {
    productId: product._id,
    shopId: product.shopId,
    name: product.name,
    // Kept for a Kiswahili page's cart and checkout (decision 050); the order takes the English.
    ...(product.nameSw ? { nameSw: product.nameSw } : {}),
    // Shown to the shopper only: the server reprices every order.
    price: fromCents(discountedPriceCents(toCents(product.price), product.discounts)),
    // Spec section 3: the first image, or the placeholder the product cards use.
    image: product.imageUrls[0] ?? PLACEHOLDER_IMAGE,
    selectedVariant: variant ? variantLabel(variant) : null,
    variantId: variant?._id ?? null,
    // An order may take at most the shop's maxPerOrder of one item (it holds stock unpaid).
    maxQuantity: Math.min(variant ? variant.stock : product.stock, product.maxPerOrder),
    // The server said this product's price holds VAT: the cart and checkout show it.
    ...(product.vat ? { taxType: product.vat.taxType } : {}),
  };
}

/**
 * The line for "this product, one unit" (/cart/:productId/:userId, /buy/:productId/:userId):
 * its first variant in stock, or the product itself when it has no variants. Null when nothing
 * of it can be bought.
 */
export function defaultCartLine(product: Product): NewCartLineWithStock | null {
  if (product.variants.length > 0) {
    const variant = firstInStockVariant(product.variants);
    return variant ? productCartLine(product, variant) : null;
  }
  return product.stock > 0 ? productCartLine(product, undefined) : null;
}

/**
 * A line's name in the page's language with its variant in brackets (spec section 2): 'Aloe Gel
 * (50ml)'. English unless told: the checkout's English problem messages name lines so.
 */
export function cartLineTitle(
  line: NamedInLanguages & { selectedVariant: string | null },
  locale: Locale = 'en',
): string {
  const name = productName(line, locale);
  return line.selectedVariant ? `${name} (${line.selectedVariant})` : name;
}
