import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  effectivePriceCents,
  isSortKey,
  parseSortKey,
  sortProducts,
  type SortableProduct,
} from './sorting';

interface Item extends SortableProduct {
  id: string;
}

function item(id: string, fields: Partial<Omit<Item, 'id'>> = {}): Item {
  return {
    id,
    price: 100,
    discounts: null,
    count: 0,
    rating: { average: 0, count: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

const ids = (items: Item[]) => items.map((entry) => entry.id);

describe('SORT_OPTIONS', () => {
  it('offers featured, newest, both price orders and most popular, featured first', () => {
    expect(SORT_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['featured', 'Featured'],
      ['newest', 'Newest'],
      ['price-asc', 'Price: low to high'],
      ['price-desc', 'Price: high to low'],
      ['popular', 'Most popular'],
    ]);
    expect(DEFAULT_SORT).toBe('featured');
  });

  it('reads a URL value, falling back to featured for anything unknown', () => {
    expect(isSortKey('price-asc')).toBe(true);
    expect(isSortKey('cheapest')).toBe(false);
    expect(parseSortKey('newest')).toBe('newest');
    expect(parseSortKey('PRICE-ASC')).toBe('featured');
    expect(parseSortKey(null)).toBe('featured');
    expect(parseSortKey(undefined)).toBe('featured');
  });
});

describe('effectivePriceCents', () => {
  it('is the price after a valid discount, in cents', () => {
    expect(effectivePriceCents({ price: 1000, discounts: 15 })).toBe(85000);
    expect(effectivePriceCents({ price: 1000, discounts: '10%' })).toBe(90000);
    expect(effectivePriceCents({ price: 2499.5, discounts: null })).toBe(249950);
  });

  it('ignores discounts that do not apply (0, 100 or more, text)', () => {
    expect(effectivePriceCents({ price: 1000, discounts: 0 })).toBe(100000);
    expect(effectivePriceCents({ price: 1000, discounts: 100 })).toBe(100000);
    expect(effectivePriceCents({ price: 1000, discounts: 'none' })).toBe(100000);
  });
});

describe('sortProducts', () => {
  it('keeps the server order for featured and returns a copy', () => {
    const list = [item('b'), item('a'), item('c')];
    const sorted = sortProducts(list, 'featured');
    expect(ids(sorted)).toEqual(['b', 'a', 'c']);
    expect(sorted).not.toBe(list);
  });

  it('never changes the list it is given', () => {
    const list = [item('a', { price: 300 }), item('b', { price: 100 })];
    sortProducts(list, 'price-asc');
    expect(ids(list)).toEqual(['a', 'b']);
  });

  it('orders by the discounted price, not the list price', () => {
    const list = [
      item('plain-900', { price: 900 }),
      item('discounted-1000-to-800', { price: 1000, discounts: '20%' }),
      item('bad-discount-850', { price: 850, discounts: 'half off' }),
    ];
    expect(ids(sortProducts(list, 'price-asc'))).toEqual([
      'discounted-1000-to-800',
      'bad-discount-850',
      'plain-900',
    ]);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual([
      'plain-900',
      'bad-discount-850',
      'discounted-1000-to-800',
    ]);
  });

  it('keeps the server order between products of equal price', () => {
    const list = [
      item('first', { price: 500 }),
      item('cheap', { price: 1 }),
      item('second', { price: 500 }),
    ];
    expect(ids(sortProducts(list, 'price-asc'))).toEqual(['cheap', 'first', 'second']);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual(['first', 'second', 'cheap']);
  });

  it('puts the newest first by creation time, whatever the time zone offset', () => {
    const list = [
      item('old', { createdAt: '2024-05-01T10:00:00.000Z' }),
      // 2025-03-01 01:00 in Nairobi is 2025-02-28 22:00 UTC: older than 'newest'.
      item('nairobi', { createdAt: '2025-03-01T01:00:00+03:00' }),
      item('newest', { createdAt: '2025-02-28T23:00:00.000Z' }),
      item('unreadable', { createdAt: 'yesterday' }),
    ];
    expect(ids(sortProducts(list, 'newest'))).toEqual(['newest', 'nairobi', 'old', 'unreadable']);
  });

  it('ranks popular by units sold, then average rating, then number of ratings', () => {
    const list = [
      item('few-sold-top-rated', { count: 2, rating: { average: 5, count: 40 } }),
      item('most-sold', { count: 90, rating: { average: 3, count: 1 } }),
      item('tie-better-rated', { count: 10, rating: { average: 4.5, count: 2 } }),
      item('tie-more-ratings', { count: 10, rating: { average: 4, count: 30 } }),
      item('tie-fewer-ratings', { count: 10, rating: { average: 4, count: 3 } }),
    ];
    expect(ids(sortProducts(list, 'popular'))).toEqual([
      'most-sold',
      'tie-better-rated',
      'tie-more-ratings',
      'tie-fewer-ratings',
      'few-sold-top-rated',
    ]);
  });
});
