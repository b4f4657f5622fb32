// Zod-free (see catalog-rules.ts).

export const SEARCH_QUERY_MAX = 200;
/** The header box asks for suggestions from this many characters (fewer: no request). */
export const SUGGEST_MIN_CHARS = 2;

/**
 * The most matches one search ranks (decision 011): past it, X-Total-Count says "at least" and
 * the results page shows '500+'.
 */
export const SEARCH_RANKED_MAX = 500;

export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

/** The results page for a typed text, or null when it is blank (the search does nothing). */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search?query=${encodeURIComponent(query)}` : null;
}
