import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Product } from '@soko/contract';
import { ApiError, apiGet } from './api-client';

export function getProduct(
  productId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Product> {
  const path = `/api/listing/products/${encodeURIComponent(productId)}`;
  return apiGet<Product>(path, { signal });
}

/** A 4xx (an unknown product) will not change on a second try; a network error might. */
function retryServerErrors(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function getProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: queryKeys.product(productId),
    queryFn: ({ signal }) => getProduct(productId, { signal }),
    retry: retryServerErrors,
  });
}

export function useProduct(productId: string) {
  return useQuery(getProductQueryOptions(productId));
}
