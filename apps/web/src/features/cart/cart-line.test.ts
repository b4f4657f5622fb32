import type { Product } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { cartLineTitle, productCartLine } from './cart-line';

// A cart line keeps the product's Swahili name beside the English (decision 050): the cart and
// the checkout's summary name it in the page's language; the order still takes the English.

const product: Product = {
  _id: '55555555-5555-5555-5555-555555555555',
  name: 'Moringa & Shea Day Cream',
  description: 'A light daily moisturiser.',
  nameSw: 'Krimu ya Mchana ya Mlonge na Shea',
  descriptionSw: null,
  price: 1850,
  discounts: null,
  discount: null,
  count: 0,
  stock: 12,
  maxPerOrder: 10,
  Type: null,
  pricingType: 'Fixed',
  variants: [{ _id: '44444444-4444-4444-4444-444444444444', name: '', size: '50g', stock: 12 }],
  imageUrls: [],
  images: [],
  categoryId: '33333333-3333-3333-3333-333333333333',
  category: 'Face Care',
  shopId: '11111111-1111-1111-1111-111111111111',
  shopName: 'Soko Naturals',
  userId: '22222222-2222-2222-2222-222222222222',
  rating: { average: 0, count: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('a cart line in the page’s language', () => {
  it('is named in Kiswahili on a Kiswahili page and in English on an English one', () => {
    const line = productCartLine(product, product.variants[0]);
    expect(line).toMatchObject({
      name: 'Moringa & Shea Day Cream',
      nameSw: 'Krimu ya Mchana ya Mlonge na Shea',
    });
    expect(cartLineTitle(line, 'sw')).toBe('Krimu ya Mchana ya Mlonge na Shea (50g)');
    expect(cartLineTitle(line, 'en')).toBe('Moringa & Shea Day Cream (50g)');
  });

  it('is named in English where the product has no Swahili name, or the line was saved before', () => {
    const english = productCartLine({ ...product, nameSw: null }, undefined);
    expect(cartLineTitle(english, 'sw')).toBe('Moringa & Shea Day Cream');
    const { nameSw: _saved, ...older } = productCartLine(product, undefined);
    expect(cartLineTitle(older, 'sw')).toBe('Moringa & Shea Day Cream');
  });
});
