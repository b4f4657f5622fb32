import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Product } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/**
 * The products of the current tenant's category with this name (matched case-insensitively by
 * the server; [] when the shop has no such category).
 */
export function getCategoryProducts(
  categoryName: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Product[]> {
  const query = new URLSearchParams({ categoryName });
  return apiGet<Product[]>(`/api/listing/products?${query}`, { signal });
}

export function getCategoryProductsQueryOptions(categoryName: string) {
  return queryOptions({
    // The server matches names case-insensitively, so 'face care' and 'Face Care' share a cache.
    queryKey: queryKeys.categoryProducts(categoryName),
    queryFn: ({ signal }) => getCategoryProducts(categoryName, { signal }),
  });
}

/**
 * A category's products. `initialProducts` are the ones a link passed in router navigation
 * state (spec: the screen's products come from there): they show at once, and are refetched
 * in the background so a deep link, a reload and live stock all work the same way.
 */
export function useCategoryProducts(categoryName: string, initialProducts?: Product[]) {
  return useQuery({
    ...getCategoryProductsQueryOptions(categoryName),
    initialData: initialProducts,
    // Navigation state may be old (it survives reloads in history), so it is never "fresh".
    initialDataUpdatedAt: initialProducts ? 0 : undefined,
  });
}
