import { useMutation } from '@tanstack/react-query';
import {
  saveRatingResponseSchema,
  type SaveRatingBody,
  type SaveRatingResponse,
} from '@soko/contract';
import { ApiError } from '../../../lib/api-client';

// DESIGN departure 3: the bearer token goes along when signed in (it makes a rating one per
// account); anonymous raters are one per browser through the server's cookie.
function authHeader(): Record<string, string> {
  try {
    const token = window.localStorage.getItem('token');
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

export async function saveRating(body: SaveRatingBody): Promise<SaveRatingResponse> {
  const response = await fetch('/api/listing/saverating', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...authHeader() },
    body: JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.message ?? `HTTP error! status: ${response.status}`,
      error?.code ? { code: error.code } : {},
    );
  }
  return saveRatingResponseSchema.parse(payload);
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
