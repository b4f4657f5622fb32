import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ALL_TYPES,
  queryKeys,
  type Product,
  type ProductsPage,
  type SortKey,
} from '@soko/contract';
import { apiGet, apiGetWithHeaders, totalCount } from '../../../lib/api-client';

export interface CategoryPageRequest {
  categoryName: string;
  page: number;
  pageSize: number;
  sort: SortKey;
  /** A 'Filter by Type' label, or 'All'. */
  type: string;
}

/**
 * One page of the current tenant's category with this name (matched case-insensitively by the
 * server; empty when the shop has no such category), filtered, ordered and paged by the server
 * (decision 017); the total comes in the X-Total-Count header.
 */
export async function getCategoryPage(
  { categoryName, page, pageSize, sort, type }: CategoryPageRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductsPage> {
  const query = new URLSearchParams({
    categoryName,
    page: String(page),
    pageSize: String(pageSize),
    sort,
  });
  if (type !== ALL_TYPES) query.set('type', type);
  const { data, headers } = await apiGetWithHeaders<Product[]>(`/api/listing/products?${query}`, {
    signal,
  });
  return { products: data, total: totalCount(headers, data.length) };
}

export function getCategoryPageQueryOptions(request: CategoryPageRequest) {
  return queryOptions({
    // The same key the server seeds into a category page's HTML (modules/pages).
    queryKey: queryKeys.categoryProducts(request.categoryName, request),
    queryFn: ({ signal }) => getCategoryPage(request, { signal }),
  });
}

/**
 * A page of a category. `linkedProducts` are the ones a link passed in router navigation state
 * (spec: the screen's products come from there): they show while the server's page loads, and
 * the shown page stays on screen while the next one loads, so the grid does not jump.
 */
export function useCategoryPage(request: CategoryPageRequest, linkedProducts?: Product[]) {
  return useQuery({
    ...getCategoryPageQueryOptions(request),
    placeholderData: (previous) =>
      previous ??
      (linkedProducts &&
      request.page === 1 &&
      request.sort === 'featured' &&
      request.type === ALL_TYPES
        ? { products: linkedProducts.slice(0, request.pageSize), total: linkedProducts.length }
        : undefined),
  });
}

/** The category's 'Filter by Type' labels, without 'All' (GET /api/listing/category-types). */
export function useCategoryTypes(categoryName: string) {
  return useQuery({
    queryKey: queryKeys.categoryTypes(categoryName),
    queryFn: ({ signal }) =>
      apiGet<string[]>(`/api/listing/category-types?${new URLSearchParams({ categoryName })}`, {
        signal,
      }),
  });
}
