import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type Tenant } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/tenant: the current tenant's SEO data and optional WhatsApp contact. */
export function getTenant({ signal }: { signal?: AbortSignal } = {}): Promise<Tenant> {
  return apiGet<Tenant>('/api/tenant', { signal });
}

export function getTenantQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tenant(),
    queryFn: ({ signal }) => getTenant({ signal }),
    // The tenant is fixed by the host name; its data changes only through an admin's edit.
    staleTime: 30 * 60_000,
  });
}

export function useTenant() {
  return useQuery(getTenantQueryOptions());
}
