import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchFacets } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';
import { facetApiParams, type SearchState } from '../search-params';
import { searchKeys } from './search-keys';

/**
 * What the filters can offer (GET /api/search/facets): each group counted under the other
 * filters chosen, so every choice says how many it would leave.
 */
export function getSearchFacets(
  state: SearchState,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchFacets> {
  return apiGet<SearchFacets>(`/api/search/facets?${facetApiParams(state).toString()}`, {
    signal,
  });
}

export function getSearchFacetsQueryOptions(state: SearchState) {
  return queryOptions({
    queryKey: searchKeys.facets(facetApiParams(state).toString()),
    queryFn: ({ signal }) => getSearchFacets(state, { signal }),
    enabled: state.query !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSearchFacets(state: SearchState) {
  return useQuery(getSearchFacetsQueryOptions(state));
}
