import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Shop } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

export function getMetadata({ signal }: { signal?: AbortSignal } = {}): Promise<Shop[]> {
  return apiGet<Shop[]>('/api/metadata', { signal });
}

export function getMetadataQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.metadata(),
    queryFn: ({ signal }) => getMetadata({ signal }),
    // Shop details are loaded once at start (spec section 1) and change only when an owner
    // edits them, which invalidates this query.
    staleTime: 5 * 60_000,
  });
}

export function useMetadata() {
  return useQuery(getMetadataQueryOptions());
}

// The current tenant's shop is the list's first entry (spec section 3).
const selectCurrentShop = (shops: Shop[]) => shops[0] ?? null;

/** The current tenant's shop: `data` is null when the list came back empty. */
export function useCurrentShop() {
  return useQuery({ ...getMetadataQueryOptions(), select: selectCurrentShop });
}
