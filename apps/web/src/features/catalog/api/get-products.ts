import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Product, type ProductsPage, type SortKey } from '@soko/contract';
import { apiGetWithHeaders, totalCount } from '../../../lib/api-client';

export interface ProductsPageRequest {
  page: number;
  pageSize: number;
  sort: SortKey;
}

/**
 * One page of every shop's products (GET /api/listing/gellisting; the path is spelled so),
 * ordered and paged by the server; the total comes in the X-Total-Count header.
 */
export async function getProductsPage(
  { page, pageSize, sort }: ProductsPageRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort });
  const { data, headers } = await apiGetWithHeaders<Product[]>(`/api/listing/gellisting?${query}`, {
    signal,
  });
  return { products: data, total: totalCount(headers, data.length) };
}

export function getProductsPageQueryOptions(request: ProductsPageRequest) {
  return queryOptions({
    // The same key the server seeds into a listing page's HTML (modules/pages).
    queryKey: queryKeys.productsPage(request.sort, request.page, request.pageSize),
    queryFn: ({ signal }) => getProductsPage(request, { signal }),
  });
}

export function useProductsPage(request: ProductsPageRequest) {
  return useQuery({
    ...getProductsPageQueryOptions(request),
    // The page shown stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}
