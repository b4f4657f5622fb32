import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './search-rules';

export * from './search-rules';

/** GET /api/search/get?query= */
export const searchQuerySchema = z.object({
  query: z.string().trim().min(1, 'Type something to search for.').max(SEARCH_QUERY_MAX),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
