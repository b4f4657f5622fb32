import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  OWNER_PRODUCTS_PAGE_SIZE,
  type Category,
  type Product,
  type ProductsPage,
} from '@soko/contract';
import { ApiError, apiGet, apiGetWithHeaders, totalCount } from '../../../lib/api-client';
import { ownerKeys, UnexpectedAnswerError } from './get-shops';

// A 403 (not your shop) or 404 (no such shop) will not change on a second try.
const retryServerErrors = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

/** GET /api/property/shop/{shopId}/categories: each category with its products. */
export async function getShopCategories(
  shopId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Category[]> {
  const body = await apiGet<unknown>(
    `/api/property/shop/${encodeURIComponent(shopId)}/categories`,
    { signal },
  );
  if (!Array.isArray(body)) throw new UnexpectedAnswerError('the categories');
  return body as Category[];
}

export function useShopCategories(shopId: string) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.categories(shopId),
      queryFn: ({ signal }) => getShopCategories(shopId, { signal }),
      retry: retryServerErrors,
    }),
  );
}

/**
 * GET /api/property/categories/{categoryId}/products?page=&pageSize=: a page of the category's
 * products, newest first, and how many it has (X-Total-Count). Spec section 7: an answer that is
 * not a list is an empty one.
 */
export async function getOwnerCategoryProducts(
  categoryId: string,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductsPage> {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(OWNER_PRODUCTS_PAGE_SIZE),
  });
  const { data, headers } = await apiGetWithHeaders<unknown>(
    `/api/property/categories/${encodeURIComponent(categoryId)}/products?${query.toString()}`,
    { signal },
  );
  const products = Array.isArray(data) ? (data as Product[]) : [];
  return { products, total: totalCount(headers, products.length) };
}

export function useOwnerCategoryProducts(categoryId: string | null, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...ownerKeys.products(categoryId ?? ''), page],
      queryFn: ({ signal }) => getOwnerCategoryProducts(categoryId ?? '', page, { signal }),
      enabled: categoryId !== null,
      retry: retryServerErrors,
      // The owner's own list: always asked again when the category is opened.
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}
