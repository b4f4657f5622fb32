import type { SearchState } from '../search-params';

// Search answers are per text (and per filters), never written into a page's HTML, so their
// keys live with the feature rather than in the contract's shared queryKeys.
export const searchKeys = {
  all: ['search'] as const,
  results: (state: SearchState) => ['search', 'results', state] as const,
  /** Keyed by the facets call's own query string (text and filters). */
  facets: (params: string) => ['search', 'facets', params] as const,
  suggestions: (query: string) => ['search', 'suggest', query] as const,
};
