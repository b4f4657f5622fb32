import { describe, expect, it } from 'vitest';
import { discountCell } from './discount-cell';

describe('discountCell', () => {
  it('shows a discount entered as text with its own % once', () => {
    expect(discountCell({ discounts: '30%', discount: null })).toBe('30%');
    expect(discountCell({ discounts: ' 12.5 % ', discount: null })).toBe('12.5%');
  });

  it('shows a number as a percentage, with the discount text beside it', () => {
    expect(discountCell({ discounts: 15, discount: 'Harvest sale' })).toBe('15% · Harvest sale');
  });

  it('shows nothing for a discount that does not apply (as parseDiscountPercent decides)', () => {
    for (const discounts of ['100%', 100, 0, '0', '-5', 'abc', '', 150, null]) {
      expect(discountCell({ discounts, discount: 'Harvest sale' }), String(discounts)).toBe('');
    }
  });
});
