import { describe, expect, it } from 'vitest';
import {
  codeAmountForLinesCents,
  partDiscountsCents,
  centsAsDecimal,
  SHIPPING_OPTIONS,
  discountCodeAmountCents,
  discountSharesCents,
  discountedPriceCents,
  formatKsh,
  fromCents,
  grandTotalCents,
  parseDiscountPercent,
  shippingCents,
  toCents,
} from './money';
import { discountCodeInputSchema, discountCodeRefusal } from './discount-codes';

describe('cents', () => {
  it('converts Ksh to whole cents, rounding float noise away', () => {
    expect(toCents(1500)).toBe(150000);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(149950)).toBe(1499.5);
  });
});

describe('centsAsDecimal', () => {
  it('writes cents as an exact plain decimal, the sign kept below one shilling', () => {
    expect(centsAsDecimal(125000)).toBe('1250.00');
    expect(centsAsDecimal(5)).toBe('0.05');
    expect(centsAsDecimal(0)).toBe('0.00');
    expect(centsAsDecimal(-3050)).toBe('-30.50');
    expect(centsAsDecimal(-30)).toBe('-0.30');
    expect(centsAsDecimal(2_147_483_647)).toBe('21474836.47');
  });
});

describe('formatKsh', () => {
  it.each([
    [1500, 'Ksh 1,500'],
    [1499.5, 'Ksh 1,499.50'],
    [0, 'Ksh 0'],
    [1234567, 'Ksh 1,234,567'],
    [1234567.891, 'Ksh 1,234,567.89'],
    [10, 'Ksh 10'],
    [0.05, 'Ksh 0.05'],
    [99.999, 'Ksh 100'],
    [-0.001, 'Ksh 0'],
  ])('shows %s as %s', (amount, text) => {
    expect(formatKsh(amount)).toBe(text);
  });
});

describe('parseDiscountPercent', () => {
  it.each([
    ['15%', 15],
    ['15', 15],
    [15, 15],
    ['12.5', 12.5],
    [' 20 % off', 20],
    [99.9, 99.9],
  ])('reads %j as %s percent', (value, percent) => {
    expect(parseDiscountPercent(value)).toBe(percent);
  });

  it.each([
    ['0'],
    [0],
    ['100'],
    [100],
    [150],
    [-5],
    ['abc'],
    [''],
    [null],
    [undefined],
    [true],
    [{}],
  ])('ignores %j', (value) => {
    expect(parseDiscountPercent(value)).toBeNull();
  });
});

describe('discountedPriceCents', () => {
  it('takes the percentage off, rounded to the cent', () => {
    expect(discountedPriceCents(150000, '15%')).toBe(127500);
    expect(discountedPriceCents(999, 15)).toBe(849);
    expect(discountedPriceCents(1000, '12.5')).toBe(875);
  });

  it('leaves the price alone without a valid discount', () => {
    expect(discountedPriceCents(150000, null)).toBe(150000);
    expect(discountedPriceCents(150000, '100')).toBe(150000);
    expect(discountedPriceCents(150000, 'abc')).toBe(150000);
  });
});

describe('shipping', () => {
  it('charges Standard Ksh 10 and Express Ksh 20', () => {
    expect(SHIPPING_OPTIONS.standard.label).toBe('Standard');
    expect(shippingCents('standard')).toBe(1000);
    expect(shippingCents('express')).toBe(2000);
  });
});

describe('discountCodeAmountCents', () => {
  it('takes a percentage of the subtotal', () => {
    expect(discountCodeAmountCents({ kind: 'percent', value: 10 }, 250000)).toBe(25000);
    expect(discountCodeAmountCents({ kind: 'percent', value: 10 }, 999)).toBe(100);
    expect(discountCodeAmountCents({ kind: 'percent', value: 100 }, 5000)).toBe(5000);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discountCodeAmountCents({ kind: 'fixed', value: 10000 }, 250000)).toBe(10000);
    expect(discountCodeAmountCents({ kind: 'fixed', value: 10000 }, 4000)).toBe(4000);
    expect(discountCodeAmountCents({ kind: 'fixed', value: 10000 }, 0)).toBe(0);
  });

  it('never gives a negative discount', () => {
    expect(discountCodeAmountCents({ kind: 'fixed', value: -500 }, 4000)).toBe(0);
  });
});

describe('grandTotalCents', () => {
  it('is subtotal minus discount plus shipping', () => {
    expect(
      grandTotalCents({ subtotalCents: 300000, discountCents: 30000, shippingCents: 1000 }),
    ).toBe(271000);
    expect(grandTotalCents({ subtotalCents: 300000, discountCents: 0, shippingCents: 0 })).toBe(
      300000,
    );
  });

  it('never goes below the shipping charge', () => {
    expect(grandTotalCents({ subtotalCents: 5000, discountCents: 9000, shippingCents: 2000 })).toBe(
      2000,
    );
  });
});

describe('discountSharesCents', () => {
  it('shares a discount over the parts by their lines, adding up to it to the cent', () => {
    expect(discountSharesCents(1000, [300000, 100000])).toEqual([750, 250]);
    // 100 cents over three equal parts: 34 + 33 + 33, the first of equals taking the cent.
    expect(discountSharesCents(100, [5000, 5000, 5000])).toEqual([34, 33, 33]);
    const shares = discountSharesCents(9999, [12345, 67890, 1]);
    expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(9999);
  });

  it('gives nothing without a discount, and never more than the lines', () => {
    expect(discountSharesCents(0, [5000, 7000])).toEqual([0, 0]);
    expect(discountSharesCents(50000, [1000, 3000])).toEqual([1000, 3000]);
    expect(discountSharesCents(500, [])).toEqual([]);
  });
});

describe('codeAmountForLinesCents', () => {
  const lines = [
    { shopId: 'a', cents: 100_000 },
    { shopId: 'b', cents: 300_000 },
  ];
  it('takes a shop’s code off that shop’s lines only, the marketplace’s off every line', () => {
    const percent = { kind: 'percent' as const, value: 10, minOrderCents: 0 };
    expect(codeAmountForLinesCents({ ...percent, shopId: 'a' }, lines)).toBe(10_000);
    expect(codeAmountForLinesCents({ ...percent, shopId: null }, lines)).toBe(40_000);
    expect(codeAmountForLinesCents({ ...percent, shopId: 'c' }, lines)).toBe(0);
  });

  it('takes nothing until the lines reach the minimum order, then all of it', () => {
    const fixed = { kind: 'fixed' as const, value: 5_000, shopId: 'a' };
    expect(codeAmountForLinesCents({ ...fixed, minOrderCents: 100_001 }, lines)).toBe(0);
    expect(codeAmountForLinesCents({ ...fixed, minOrderCents: 100_000 }, lines)).toBe(5_000);
  });
});

describe('partDiscountsCents', () => {
  it('puts a shop’s own code on its part and shares the marketplace’s by the lines', () => {
    const parts = [
      { subtotalCents: 100_000, shopDiscountCents: 10_000 },
      { subtotalCents: 300_000, shopDiscountCents: 0 },
    ];
    expect(partDiscountsCents(10_000, parts)).toEqual([10_000, 0]);
    const plain = parts.map((part) => ({ ...part, shopDiscountCents: 0 }));
    expect(partDiscountsCents(10_000, plain)).toEqual([2_500, 7_500]);
  });
});

describe('discountCodeRefusal', () => {
  it('names the minimum order and the shop, or the shop alone', () => {
    expect(discountCodeRefusal({ shopName: 'Lakeside', minOrderCents: 150_000 }, 0)).toBe(
      "This code needs Ksh 1,500 or more of Lakeside's products.",
    );
    expect(discountCodeRefusal({ shopName: null, minOrderCents: 150_000 }, 0)).toBe(
      'This code needs Ksh 1,500 or more of your order.',
    );
    expect(discountCodeRefusal({ shopName: 'Lakeside', minOrderCents: 0 }, 0)).toBe(
      "This code is for Lakeside's products only.",
    );
    expect(discountCodeRefusal({ shopName: 'Lakeside', minOrderCents: 0 }, 100)).toBeNull();
  });
});

describe('discountCodeInputSchema', () => {
  const base = { code: 'KARIBU-1', kind: 'percent', value: 10 };
  it('fills the defaults', () => {
    expect(discountCodeInputSchema.parse(base)).toEqual({
      ...base,
      minOrder: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perShopperLimit: null,
      active: true,
    });
  });

  it('refuses an end at or before the start, a fraction of a percent and a third decimal', () => {
    const at = '2026-12-01T00:00:00Z';
    const issues = (input: object) =>
      discountCodeInputSchema
        .safeParse({ ...base, ...input })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ startsAt: at, endsAt: at })).toEqual([
      ['endsAt', 'The end must be after the start.'],
    ]);
    expect(issues({ value: 12.5 })).toEqual([
      ['value', 'A percentage is a whole number from 1 to 100.'],
    ]);
    expect(issues({ kind: 'fixed', value: 10.005 })).toEqual([['value', 'At most two decimals.']]);
  });
});
