import { z } from 'zod';
import { SEARCH_QUERY_MAX, SEARCH_SORTS, SUGGEST_MIN_CHARS } from './search-rules';

export * from './search-rules';

const MAX_PRICE_KSH = 10_000_000;
const priceFilter = z.coerce
  .number('Enter a price.')
  .min(0, 'A price cannot be negative.')
  .max(MAX_PRICE_KSH, 'That price is too high.')
  .optional();

const searchText = z
  .string()
  .trim()
  .min(1, 'Type something to search for.')
  .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters.`);

/**
 * GET /api/search/get?query=…: the spec's call (a list of products), with optional filters,
 * sort and paging. The total number of matches travels in the `X-Total-Count` header, so the
 * answer keeps the spec's shape.
 */
export const searchQuerySchema = z.strictObject({
  query: searchText,
  /** A category name (any shop's category of that name, case ignored). */
  category: z.string().trim().min(1).max(100).optional(),
  /** A Type filter label as typeLabel() makes it ('Oil' for 'oils'). */
  type: z.string().trim().min(1).max(100).optional(),
  minPrice: priceFilter,
  maxPrice: priceFilter,
  /** 'true': only products that can still be bought. */
  inStock: z.enum(['true', 'false']).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(12),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/**
 * GET /api/search/facets?query=…&(filters): what the filters can offer. Each group is counted
 * under the other filters (the categories under the Type, price and stock chosen, and so on),
 * so a choice shows how many it would leave; `total` is under all of them.
 */
export const searchFacetsQuerySchema = searchQuerySchema.pick({
  query: true,
  category: true,
  type: true,
  minPrice: true,
  maxPrice: true,
  inStock: true,
});
export type SearchFacetsQuery = z.infer<typeof searchFacetsQuerySchema>;
export const searchFacetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  types: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** Ksh, after discounts; null when nothing matches. */
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** GET /api/search/suggest?query=…: what the header box offers as the shopper types. */
export const suggestQuerySchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(SUGGEST_MIN_CHARS, `Type at least ${SUGGEST_MIN_CHARS} characters.`)
    .max(SEARCH_QUERY_MAX),
});
export const suggestionsSchema = z.object({
  products: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** Its Swahili name (decision 050): the box shows it on a Kiswahili page. */
      nameSw: z.string().nullable(),
      /** Ksh, after any discount. */
      price: z.number(),
      image: z.string().nullable(),
      /** The product page's path. */
      path: z.string(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), path: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
