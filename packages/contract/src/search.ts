import { z } from 'zod';

export const SEARCH_QUERY_MAX = 200;

/** GET /api/search/get?query= */
export const searchQuerySchema = z.object({
  query: z.string().trim().min(1, 'Type something to search for.').max(SEARCH_QUERY_MAX),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The results page for a typed text, or null when it is blank (the search does nothing). */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search?query=${encodeURIComponent(query)}` : null;
}
