import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Listing } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/listing/getlisting: one listing per shop, the current tenant's shop first. */
export function getListing({ signal }: { signal?: AbortSignal } = {}): Promise<Listing[]> {
  return apiGet<Listing[]>('/api/listing/getlisting', { signal });
}

export function getListingQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.listing(),
    queryFn: ({ signal }) => getListing({ signal }),
  });
}

export function useListing() {
  return useQuery(getListingQueryOptions());
}

const selectTenantListing = (listings: Listing[]) => listings[0] ?? null;

/** The current tenant's shop listing (banner images, promotions, categories); null if none. */
export function useTenantListing() {
  return useQuery({ ...getListingQueryOptions(), select: selectTenantListing });
}
