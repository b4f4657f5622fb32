import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReview, Review, ReviewInput } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';
import { reviewKeys } from './get-reviews';

export function createReview(productId: string, body: ReviewInput): Promise<Review> {
  return apiPost<Review>(`/api/reviews/${encodeURIComponent(productId)}`, body);
}

/** Posts the review; the shopper's own review shows at once and the list is read again. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reviews', productId, 'create'],
    mutationFn: (body: ReviewInput) => createReview(productId, body),
    onSuccess: async (review) => {
      queryClient.setQueryData<MyReview>(reviewKeys.mine(productId), {
        canReview: false,
        review,
      });
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all(productId) });
    },
  });
}
