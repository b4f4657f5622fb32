import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponseSchema, type Product } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** Every product of every shop, newest first (the public listing; the path is spelled so). */
export async function getProducts({ signal }: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return productListResponseSchema.parse(
    await apiGet<unknown>('/api/listing/gellisting', { signal }),
  );
}

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'all'],
    queryFn: ({ signal }) => getProducts({ signal }),
  });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
