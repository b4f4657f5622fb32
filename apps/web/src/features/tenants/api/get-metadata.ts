import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

// The shape `GET /api/metadata` answers (spec section 3, Shop). It moves to the contract's
// inferred type once packages/contract exports the shop schema.
export type Weekday =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface ShopMetadata {
  _id: string;
  name: string;
  owner: string;
  owneremail: string;
  contact: { email: string; phoneno: string };
  location: { address: string; mapurl: string[] };
  operationperiods: Partial<Record<Weekday, { open: string; close: string }>>;
  companypolicy: string;
  socialmedialinks: string[];
  payonorder: boolean;
  imageUrls: string[];
  promotionalimages: string[];
  userId: string;
}

export function getMetadata({ signal }: { signal?: AbortSignal } = {}): Promise<ShopMetadata[]> {
  return apiGet<ShopMetadata[]>('/api/metadata', { signal });
}

export function getMetadataQueryOptions() {
  return queryOptions({
    queryKey: ['metadata'],
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
const selectCurrentShop = (shops: ShopMetadata[]) => shops[0] ?? null;

/** The current tenant's shop: `data` is null when the list came back empty. */
export function useCurrentShop() {
  return useQuery({ ...getMetadataQueryOptions(), select: selectCurrentShop });
}
