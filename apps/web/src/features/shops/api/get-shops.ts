import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Shop } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

export const ownerKeys = {
  shops: () => ['owner', 'shops'] as const,
  categories: (shopId: string) => ['owner', 'shop', shopId, 'categories'] as const,
  products: (categoryId: string) => ['owner', 'category', categoryId, 'products'] as const,
};

/** Spec section 8: an answer that is not a list of shops is a failure like any other. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer for ${what}.`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** GET /api/property/shop/getall: the owner's own shops (an admin's: all). */
export async function getShops({ signal }: { signal?: AbortSignal } = {}): Promise<Shop[]> {
  const body = await apiGet<unknown>('/api/property/shop/getall', { signal });
  if (!Array.isArray(body)) throw new UnexpectedAnswerError('the shops');
  return body as Shop[];
}

export function getShopsQueryOptions() {
  return queryOptions({
    queryKey: ownerKeys.shops(),
    queryFn: ({ signal }) => getShops({ signal }),
    // An owner's own edits are the only changes: what this tab saved is already in the cache.
    staleTime: 30_000,
  });
}

export function useShops(enabled = true) {
  return useQuery({ ...getShopsQueryOptions(), enabled });
}
