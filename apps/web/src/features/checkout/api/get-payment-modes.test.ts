import type { CartLine, Listing, Product } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { mayPayOnline } from './get-payment-modes';

// Whether the Place Order click reserves a payment tab: only a cart the listing says is paid on
// delivery throughout goes without one.

const line = (productId: string): CartLine => ({
  productId,
  name: productId,
  price: 100,
  image: '/placeholder-product.svg',
  selectedVariant: null,
  variantId: null,
  quantity: 1,
});
const listing = (payonorder: boolean, productIds: string[]): Listing =>
  ({
    payonorder,
    categories: [{ products: productIds.map((_id) => ({ _id }) as Product) }],
  }) as Listing;

const listings = [listing(true, ['online']), listing(false, ['delivery', 'delivery-2'])];

describe('mayPayOnline', () => {
  it('is false for a cart whose shops all take payment on delivery', () => {
    expect(mayPayOnline([line('delivery'), line('delivery-2')], listings)).toBe(false);
  });

  it('is true when any line is from a pay-on-order shop', () => {
    expect(mayPayOnline([line('delivery'), line('online')], listings)).toBe(true);
  });

  it('is true when the listing does not know a product, or has not loaded', () => {
    expect(mayPayOnline([line('unknown')], listings)).toBe(true);
    expect(mayPayOnline([line('delivery')], undefined)).toBe(true);
  });
});
