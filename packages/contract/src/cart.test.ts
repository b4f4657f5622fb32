import { describe, expect, it } from 'vitest';
import {
  addCartLine,
  cartSchema,
  cartSubtotalCents,
  changeCartQuantity,
  mergeCartLines,
  removeCartLine,
  type CartLine,
  type NewCartLine,
} from './cart';

const gel: NewCartLine = {
  productId: 'p1',
  name: 'Aloe Vera Gel',
  price: 1275,
  image: '/media/k/1200x800.webp',
  selectedVariant: '50ml',
  variantId: 'v1',
};
const gelLarge: NewCartLine = { ...gel, selectedVariant: '200ml', variantId: 'v2', price: 2500.5 };
const soap: NewCartLine = {
  productId: 'p2',
  name: 'Black Soap',
  price: 350,
  image: '/placeholder.png',
  selectedVariant: null,
  variantId: null,
};

describe('addCartLine', () => {
  it('appends a new line with quantity 1', () => {
    expect(addCartLine([], gel)).toEqual([{ ...gel, quantity: 1 }]);
  });

  it('raises the quantity of the same product and variant by 1', () => {
    const lines = addCartLine(addCartLine([], gel), gel);
    expect(lines).toEqual([{ ...gel, quantity: 2 }]);
  });

  it('keeps another variant of the same product on its own line', () => {
    const lines = addCartLine(addCartLine([], gel), gelLarge);
    expect(lines.map((line) => [line.variantId, line.quantity])).toEqual([
      ['v1', 1],
      ['v2', 1],
    ]);
  });

  it('never goes above the stock when it is given', () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < 5; i += 1) lines = addCartLine(lines, gel, 3);
    expect(lines[0]?.quantity).toBe(3);
    expect(addCartLine([], soap, 0)).toEqual([]);
  });

  it('returns a new array and leaves the old one untouched', () => {
    const before = [{ ...gel, quantity: 1 }];
    const after = addCartLine(before, gel);
    expect(after).not.toBe(before);
    expect(before[0]?.quantity).toBe(1);
  });
});

describe('removeCartLine', () => {
  it('removes only the line with that product and variant', () => {
    const lines = [gel, gelLarge, soap].map((item) => ({ ...item, quantity: 1 }));
    expect(removeCartLine(lines, 'p1', 'v1').map((line) => line.variantId)).toEqual(['v2', null]);
    expect(removeCartLine(lines, 'p2', null).map((line) => line.productId)).toEqual(['p1', 'p1']);
    expect(removeCartLine(lines, 'p1', null)).toHaveLength(3);
  });
});

describe('changeCartQuantity', () => {
  const lines = [
    { ...gel, quantity: 2 },
    { ...soap, quantity: 1 },
  ];

  it('adds the delta to the matching line only', () => {
    const changed = changeCartQuantity(lines, 'p1', 'v1', 3);
    expect(changed.map((line) => line.quantity)).toEqual([5, 1]);
    expect(lines[0]?.quantity).toBe(2);
  });

  it('never goes below 1', () => {
    expect(changeCartQuantity(lines, 'p1', 'v1', -5)[0]?.quantity).toBe(1);
    expect(changeCartQuantity(lines, 'p2', null, -1)[1]?.quantity).toBe(1);
  });

  it('never goes above the stock when it is given', () => {
    expect(changeCartQuantity(lines, 'p1', 'v1', 10, 4)[0]?.quantity).toBe(4);
    expect(changeCartQuantity(lines, 'p1', 'v1', 1, 0)[0]?.quantity).toBe(1);
  });
});

describe('cartSubtotalCents', () => {
  it('sums price times quantity in cents', () => {
    expect(
      cartSubtotalCents([
        { ...gel, quantity: 2 },
        { ...gelLarge, quantity: 1 },
      ]),
    ).toBe(2 * 127500 + 250050);
    expect(cartSubtotalCents([])).toBe(0);
    expect(cartSubtotalCents([{ price: 0.1, quantity: 3 }])).toBe(30);
  });
});

describe('mergeCartLines', () => {
  it('sums the quantities of lines sharing product and variant, keeping first-seen order', () => {
    const merged = mergeCartLines([
      { ...gel, quantity: 1 },
      { ...soap, quantity: 2 },
      { ...gel, quantity: 3 },
      { ...gelLarge, quantity: 1 },
      { ...soap, quantity: 1 },
    ]);
    expect(merged.map((line) => [line.productId, line.variantId, line.quantity])).toEqual([
      ['p1', 'v1', 4],
      ['p2', null, 3],
      ['p1', 'v2', 1],
    ]);
  });
});

describe('cartSchema', () => {
  it('reads a saved cart and rejects a line with quantity 0', () => {
    expect(cartSchema.parse([{ ...gel, quantity: 1 }])).toHaveLength(1);
    expect(cartSchema.safeParse([{ ...gel, quantity: 0 }]).success).toBe(false);
  });
});
