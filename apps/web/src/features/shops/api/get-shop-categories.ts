import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Product } from '@soko/contract';
import { ApiError, apiGet } from '../../../lib/api-client';
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

/** GET /api/property/categories/{categoryId}/products; spec section 7: empty if not a list. */
export async function getOwnerCategoryProducts(
  categoryId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Product[]> {
  const body = await apiGet<unknown>(
    `/api/property/categories/${encodeURIComponent(categoryId)}/products`,
    { signal },
  );
  return Array.isArray(body) ? (body as Product[]) : [];
}

export function useOwnerCategoryProducts(categoryId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.products(categoryId ?? ''),
      queryFn: ({ signal }) => getOwnerCategoryProducts(categoryId ?? '', { signal }),
      enabled: categoryId !== null,
      retry: retryServerErrors,
      // The owner's own list: always asked again when the category is opened.
      staleTime: 0,
    }),
  );
}
