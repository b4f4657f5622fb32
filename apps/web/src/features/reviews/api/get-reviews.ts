import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReview, ProductReviews } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

export const reviewKeys = {
  all: (productId: string) => ['reviews', productId] as const,
  page: (productId: string, page: number) => ['reviews', productId, 'page', page] as const,
  mine: (productId: string) => ['reviews', productId, 'mine'] as const,
};

export function getProductReviews(
  productId: string,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductReviews> {
  return apiGet<ProductReviews>(`/api/reviews/${encodeURIComponent(productId)}?page=${page}`, {
    signal,
  });
}

export function getProductReviewsQueryOptions(productId: string, page: number) {
  return queryOptions({
    queryKey: reviewKeys.page(productId, page),
    queryFn: ({ signal }) => getProductReviews(productId, page, { signal }),
    // The figures and the current page stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useProductReviews(productId: string, page: number) {
  return useQuery(getProductReviewsQueryOptions(productId, page));
}

export function getMyReview(
  productId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MyReview> {
  return apiGet<MyReview>(`/api/reviews/${encodeURIComponent(productId)}/mine`, { signal });
}

/** Only asked when signed in: it answers 401 otherwise. */
export function useMyReview(productId: string, signedIn: boolean) {
  return useQuery({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) => getMyReview(productId, { signal }),
    enabled: signedIn,
  });
}
