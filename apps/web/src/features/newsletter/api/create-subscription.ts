import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody, NewsletterResponse } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';

// DESIGN departure 3: the bearer token goes along when signed in; the call works without one.
function authHeader(): Record<string, string> {
  try {
    const token = window.localStorage.getItem('token');
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

/** POST /api/newsletter/create. Any non-OK answer is a failure (spec section 7). */
export async function createSubscription(body: NewsletterBody): Promise<NewsletterResponse> {
  const response = await fetch('/api/newsletter/create', {
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
  return payload as NewsletterResponse;
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
