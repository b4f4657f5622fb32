import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@soko/contract';
import { apiGetWithHeaders } from '../../../lib/api-client';
import { SEARCH_PAGE_SIZE, searchApiParams, type SearchState } from '../search-params';
import { searchKeys } from './search-keys';

export interface SearchResults {
  products: Product[];
  /** Every match across the pages. */
  total: number;
}

/** One page of matches (GET /api/search/get) and their total from `X-Total-Count`. */
export async function searchProducts(
  state: SearchState,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchResults> {
  const { data: products, headers } = await apiGetWithHeaders<Product[]>(
    `/api/search/get?${searchApiParams(state).toString()}`,
    { signal },
  );
  const header = Number(headers.get('X-Total-Count') ?? Number.NaN);
  // Without the header (a proxy that drops it) the pages so far are all that is known.
  const total = Number.isInteger(header)
    ? header
    : (state.page - 1) * SEARCH_PAGE_SIZE + products.length;
  return { products, total };
}

export function searchProductsQueryOptions(state: SearchState) {
  return queryOptions({
    queryKey: searchKeys.results(state),
    queryFn: ({ signal }) => searchProducts(state, { signal }),
    // A blank search asks for nothing (the API would answer 400 anyway).
    enabled: state.query !== '',
    // The last page stays on screen while the next filter or page loads, instead of a flash
    // of 'Loading...' on every click.
    placeholderData: keepPreviousData,
  });
}

export function useSearchProducts(state: SearchState) {
  return useQuery(searchProductsQueryOptions(state));
}
