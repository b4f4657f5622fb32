// The results page keeps its whole state in the address (query, filters, sort, page), so a
// reload shows the same results, a link can be shared and Back returns to the previous page.
// Defaults stay out of the address, so a plain search reads `/search?query=aloe`.
import { SEARCH_SORTS, parsePageParam, type SearchSort } from '@soko/contract';

/** Results per page: four rows of the 3-column grid, and the API's default. */
export const SEARCH_PAGE_SIZE = 12;

export interface SearchState {
  /** Trimmed; '' when blank (then nothing is asked for). */
  query: string;
  category: string | undefined;
  type: string | undefined;
  /** Ksh. */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  inStock: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
}

export type SearchFilters = Omit<SearchState, 'query' | 'page'>;

const DEFAULT_SORT: SearchSort = 'relevance';

function isSearchSort(value: string | null): value is SearchSort {
  return (SEARCH_SORTS as readonly (string | null)[]).includes(value);
}

/** A price as typed or as found in the address: a number of Ksh from 0, else nothing. */
export function parsePrice(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const price = Number(text);
  return Number.isFinite(price) && price >= 0 ? price : undefined;
}

const text = (value: string | null) => value?.trim() || undefined;

/** The state an address holds; a hand-edited bad value reads as its default. */
export function readSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort');
  return {
    query: params.get('query')?.trim() ?? '',
    category: text(params.get('category')),
    type: text(params.get('type')),
    minPrice: parsePrice(params.get('minPrice')),
    maxPrice: parsePrice(params.get('maxPrice')),
    inStock: params.get('inStock') === 'true',
    sort: isSearchSort(sort) ? sort : DEFAULT_SORT,
    page: parsePageParam(params.get('page')),
  };
}

/** The address's search part for a state, defaults left out, in a stable order. */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.category) params.set('category', state.category);
  if (state.type) params.set('type', state.type);
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.inStock) params.set('inStock', 'true');
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/**
 * A new filter or sort starts again at page 1: the old page number means nothing in a
 * different list (spec section 4 says the same of the category screen's type filter).
 */
export function changeSearchState(
  state: SearchState,
  changes: Partial<SearchFilters> | { page: number },
): SearchState {
  if ('page' in changes) return { ...state, page: changes.page };
  return { ...state, ...changes, page: 1 };
}

/** The price range a shopper typed: blanks and nonsense are no bound; reversed bounds swap. */
export function priceRange(
  minText: string,
  maxText: string,
): { minPrice: number | undefined; maxPrice: number | undefined } {
  const min = parsePrice(minText);
  const max = parsePrice(maxText);
  if (min !== undefined && max !== undefined && min > max) return { minPrice: max, maxPrice: min };
  return { minPrice: min, maxPrice: max };
}

/** GET /api/search/get's query string for a (non-blank) state. */
export function searchApiParams(state: SearchState): URLSearchParams {
  const params = writeSearchState(state);
  params.set('pageSize', String(SEARCH_PAGE_SIZE));
  return params;
}

/** GET /api/search/facets's query string: the text and the filters, not the sort or page. */
export function facetApiParams(state: SearchState): URLSearchParams {
  return writeSearchState({ ...state, sort: DEFAULT_SORT, page: 1 });
}

/** How many pages `total` matches fill (at least 1, so 'Page 1 of 1' when there are none). */
export function searchPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
}
