import { useMutation } from '@tanstack/react-query';
import type { SaveRatingBody, SaveRatingResponse } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';

export function saveRating(body: SaveRatingBody): Promise<SaveRatingResponse> {
  return apiPost<SaveRatingResponse>('/api/listing/saverating', body);
}

/** Spec section 7: the rating's answer is only logged, and so is a failure (429 included). */
export function useSaveRating() {
  return useMutation({
    mutationKey: ['save-rating'],
    mutationFn: saveRating,
    onSuccess: (result) => {
      console.info('Rating saved:', result);
    },
    onError: (error, body) => {
      console.error(`Saving the rating of product ${body.productId} failed:`, error);
    },
  });
}
