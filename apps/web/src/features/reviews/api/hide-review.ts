import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { reviewKeys } from './get-reviews';

/** An admin hides a review: it leaves the list and the figures (POST /api/reviews/{id}/hide). */
export function useHideReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['reviews', productId, 'hide'],
    mutationFn: (reviewId: string) =>
      apiPost<unknown>(`/api/reviews/${encodeURIComponent(reviewId)}/hide`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(productId) }),
  });
}
