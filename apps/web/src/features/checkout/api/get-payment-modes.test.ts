import type { CartLine, Product, Shop } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { mayPayOnline, paymentModesOf } from './get-payment-modes';

// Whether the Place Order click reserves a payment tab: only a cart whose shops all take
// payment on delivery goes without one.

const line = (productId: string): CartLine => ({
  productId,
  name: productId,
  price: 100,
  image: '/placeholder-product.svg',
  selectedVariant: null,
  variantId: null,
  quantity: 1,
});
const shop = (_id: string, payonorder: boolean) => ({ _id, payonorder }) as Shop;
const product = (_id: string, shopId: string) => ({ _id, shopId }) as Product;

const modes = paymentModesOf(
  [
    product('online', 'shop-online'),
    product('delivery', 'shop-d'),
    product('delivery-2', 'shop-d'),
  ],
  [shop('shop-online', true), shop('shop-d', false)],
);

describe('mayPayOnline', () => {
  it('is false for a cart whose shops all take payment on delivery', () => {
    expect(mayPayOnline([line('delivery'), line('delivery-2')], modes)).toBe(false);
  });

  it('is true when any line is from a pay-on-order shop', () => {
    expect(mayPayOnline([line('delivery'), line('online')], modes)).toBe(true);
  });

  it('is true when a product is not known yet, or the shops have not loaded', () => {
    expect(mayPayOnline([line('unknown')], modes)).toBe(true);
    expect(mayPayOnline([line('delivery')], undefined)).toBe(true);
  });

  it('leaves out a product whose shop is not among the shops', () => {
    expect(paymentModesOf([product('p', 'gone')], [shop('shop-d', false)]).has('p')).toBe(false);
  });
});
