import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestions } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';
import { searchKeys } from './search-keys';

/** What the header box offers for a text of SUGGEST_MIN_CHARS or more (GET /api/search/suggest). */
export function getSuggestions(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Suggestions> {
  return apiGet<Suggestions>(`/api/search/suggest?${new URLSearchParams({ query }).toString()}`, {
    signal,
  });
}

/**
 * Keyed by the (debounced) text, so an answer can only ever fill its own text's entry: a slow
 * answer for 'mor' arriving after the one for 'moringa' never replaces what is shown.
 */
export function getSuggestionsQueryOptions(query: string | null) {
  return queryOptions({
    queryKey: searchKeys.suggestions(query ?? ''),
    queryFn: ({ signal }) => getSuggestions(query ?? '', { signal }),
    enabled: query !== null,
    // The previous text's list stays while the next one loads, so the list does not flicker
    // shut between keys.
    placeholderData: keepPreviousData,
  });
}

export function useSuggestions(query: string | null) {
  return useQuery(getSuggestionsQueryOptions(query));
}
