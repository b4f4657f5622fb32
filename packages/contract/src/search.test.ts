import { describe, expect, it } from 'vitest';
import { searchPath, searchQuerySchema, suggestQuerySchema } from './search';

describe('search', () => {
  it('trims the query, fills sort and paging, and refuses a blank or overlong one', () => {
    expect(searchQuerySchema.parse({ query: '  aloe gel ' })).toEqual({
      query: 'aloe gel',
      sort: 'relevance',
      page: 1,
      pageSize: 12,
    });
    expect(searchQuerySchema.safeParse({ query: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
    expect(searchQuerySchema.safeParse({ query: 'x'.repeat(201) }).success).toBe(false);
  });

  it('reads filters from a query string and refuses bad ones', () => {
    expect(
      searchQuerySchema.parse({
        query: 'oil',
        minPrice: '100',
        maxPrice: '2500.5',
        inStock: 'true',
        sort: 'price-asc',
        page: '2',
      }),
    ).toMatchObject({
      minPrice: 100,
      maxPrice: 2500.5,
      inStock: 'true',
      sort: 'price-asc',
      page: 2,
    });
    for (const bad of [
      { minPrice: '-1' },
      { sort: 'cheapest' },
      { page: '0' },
      { pageSize: '500' },
      { inStock: 'yes' },
      { limit: '5' },
    ]) {
      expect(
        searchQuerySchema.safeParse({ query: 'oil', ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('asks for suggestions from two characters', () => {
    expect(suggestQuerySchema.safeParse({ query: 'a' }).success).toBe(false);
    expect(suggestQuerySchema.safeParse({ query: 'al' }).success).toBe(true);
  });

  it('builds the results path, or nothing for blank text', () => {
    expect(searchPath(' shea & cocoa ')).toBe('/search?query=shea%20%26%20cocoa');
    expect(searchPath('  ')).toBeNull();
  });
});
