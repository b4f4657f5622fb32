import { describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  changeSearchState,
  priceRange,
  readSearchState,
  searchApiParams,
  searchPageCount,
  writeSearchState,
  type SearchState,
} from './search-params';

const read = (search: string) => readSearchState(new URLSearchParams(search));
const write = (state: SearchState) => writeSearchState(state).toString();

describe('the results page state in the address', () => {
  it('reads a plain search with every default', () => {
    expect(read('query=aloe')).toEqual({
      query: 'aloe',
      category: undefined,
      type: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      sort: 'relevance',
      page: 1,
    });
  });

  it('reads every filter, the sort and the page', () => {
    expect(
      read(
        'query=shea+butter&category=Face+Care&type=Oil&minPrice=100&maxPrice=2500.5&inStock=true&sort=price-asc&page=3',
      ),
    ).toEqual({
      query: 'shea butter',
      category: 'Face Care',
      type: 'Oil',
      minPrice: 100,
      maxPrice: 2500.5,
      inStock: true,
      sort: 'price-asc',
      page: 3,
    });
  });

  it('reads a hand-edited bad value as its default', () => {
    const state = read('query=%20&minPrice=-5&maxPrice=lots&inStock=yes&sort=cheapest&page=0');
    expect(state).toMatchObject({
      query: '',
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      sort: 'relevance',
      page: 1,
    });
    expect(read('query=a&page=2.5').page).toBe(1);
  });

  it('leaves defaults out of the address, so a plain search reads ?query=aloe', () => {
    expect(write(read('query=aloe&sort=relevance&page=1&inStock=false'))).toBe('query=aloe');
  });

  it('writes back what it reads', () => {
    const search =
      'query=moringa&category=Teas&type=Tea&minPrice=0&maxPrice=900&inStock=true&sort=newest&page=2';
    expect(write(read(search))).toBe(search);
  });
});

describe('changing the results page', () => {
  const onPage3 = read('query=aloe&type=Gel&page=3');

  it('starts again at page 1 when a filter changes', () => {
    expect(write(changeSearchState(onPage3, { category: 'Face Care' }))).toBe(
      'query=aloe&category=Face+Care&type=Gel',
    );
    expect(changeSearchState(onPage3, { inStock: true }).page).toBe(1);
    expect(changeSearchState(onPage3, { minPrice: 10, maxPrice: 20 }).page).toBe(1);
  });

  it('starts again at page 1 when the sort changes', () => {
    expect(write(changeSearchState(onPage3, { sort: 'price-desc' }))).toBe(
      'query=aloe&type=Gel&sort=price-desc',
    );
  });

  it('clears a filter set to undefined and keeps the rest', () => {
    expect(write(changeSearchState(onPage3, { type: undefined }))).toBe('query=aloe');
  });

  it('keeps the filters when only the page changes', () => {
    expect(write(changeSearchState(onPage3, { page: 4 }))).toBe('query=aloe&type=Gel&page=4');
    expect(write(changeSearchState(onPage3, { page: 1 }))).toBe('query=aloe&type=Gel');
  });
});

describe('the price range a shopper types', () => {
  it('takes blanks and nonsense as no bound', () => {
    expect(priceRange('', ' ')).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(priceRange('-3', 'abc')).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(priceRange('250', '')).toEqual({ minPrice: 250, maxPrice: undefined });
  });

  it('swaps bounds typed the wrong way round', () => {
    expect(priceRange('900', '100')).toEqual({ minPrice: 100, maxPrice: 900 });
  });
});

describe('the API call for a state', () => {
  it('asks for one page of SEARCH_PAGE_SIZE with the filters and without defaults', () => {
    const params = searchApiParams(read('query=aloe&inStock=true&page=2'));
    expect(Object.fromEntries(params)).toEqual({
      query: 'aloe',
      inStock: 'true',
      page: '2',
      pageSize: String(SEARCH_PAGE_SIZE),
    });
  });

  it('counts pages from the total, at least one', () => {
    expect(searchPageCount(0)).toBe(1);
    expect(searchPageCount(SEARCH_PAGE_SIZE)).toBe(1);
    expect(searchPageCount(SEARCH_PAGE_SIZE + 1)).toBe(2);
  });
});
