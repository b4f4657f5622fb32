import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchFacets } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';
import { searchKeys } from './search-keys';

/** What the filters can offer for a text (GET /api/search/facets): counts before filtering. */
export function getSearchFacets(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchFacets> {
  return apiGet<SearchFacets>(`/api/search/facets?${new URLSearchParams({ query }).toString()}`, {
    signal,
  });
}

export function getSearchFacetsQueryOptions(query: string) {
  return queryOptions({
    queryKey: searchKeys.facets(query),
    queryFn: ({ signal }) => getSearchFacets(query, { signal }),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSearchFacets(query: string) {
  return useQuery(getSearchFacetsQueryOptions(query));
}
