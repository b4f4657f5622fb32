import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Product } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** Every product of every shop, newest first (the public listing; the path is spelled so). */
export function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return apiGet<Product[]>('/api/listing/gellisting', { signal });
}

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.allProducts(),
    queryFn: ({ signal }) => getProducts({ signal }),
  });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
