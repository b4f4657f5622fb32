// Zod-free (see catalog-rules.ts).

export const SEARCH_QUERY_MAX = 200;

/** The results page for a typed text, or null when it is blank (the search does nothing). */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search?query=${encodeURIComponent(query)}` : null;
}
