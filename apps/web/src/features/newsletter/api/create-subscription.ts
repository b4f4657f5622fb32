import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody, NewsletterResponse } from '@soko/contract';
import { apiPost } from '../../../lib/api-client';

/** POST /api/newsletter/create. Any non-OK answer is a failure (spec section 7). */
export function createSubscription(body: NewsletterBody): Promise<NewsletterResponse> {
  return apiPost<NewsletterResponse>('/api/newsletter/create', body);
}

export function useCreateSubscription() {
  return useMutation({
    mutationKey: ['newsletter', 'create'],
    mutationFn: createSubscription,
    onError: (error) => {
      console.error('Newsletter subscription failed:', error);
    },
  });
}
