import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Product } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** Up to 12 products of the same category, the shown one excluded. */
export function getRelatedProducts(
  categoryId: string,
  excludeId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Product[]> {
  const query = new URLSearchParams({ category: categoryId, exclude: excludeId });
  const path = `/api/listing/products?${query.toString()}`;
  return apiGet<Product[]>(path, { signal });
}

export function getRelatedProductsQueryOptions(categoryId: string, excludeId: string) {
  return queryOptions({
    queryKey: queryKeys.relatedProducts(categoryId, excludeId),
    queryFn: ({ signal }) => getRelatedProducts(categoryId, excludeId, { signal }),
  });
}

// A failure is only logged (spec section 8), which the query client's cache does for every
// query; the page hides the carousel.
export function useRelatedProducts(categoryId: string, excludeId: string) {
  return useQuery(getRelatedProductsQueryOptions(categoryId, excludeId));
}
