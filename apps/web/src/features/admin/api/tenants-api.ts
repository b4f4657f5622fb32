// The tenants' calls (admins only): the list, a save (new or edited) and a delete.
import { useQuery } from '@tanstack/react-query';
import type { AdminTenant, DeletedResponse, TenantInput } from '@soko/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';

export const tenantKeys = { all: () => ['admin', 'tenants'] as const };

export function useTenants() {
  return useQuery({
    queryKey: tenantKeys.all(),
    queryFn: ({ signal }) => apiGet<AdminTenant[]>('/api/tenants', { signal }),
    staleTime: 0,
  });
}

/** POST /api/tenants for a new tenant, PUT /api/tenants/{id} for an edit. */
export function saveTenant(tenantId: string | null, body: TenantInput): Promise<AdminTenant> {
  return tenantId
    ? apiPut<AdminTenant>(`/api/tenants/${encodeURIComponent(tenantId)}`, body)
    : apiPost<AdminTenant>('/api/tenants', body);
}

export function deleteTenant(tenantId: string): Promise<DeletedResponse> {
  return apiDelete<DeletedResponse>(`/api/tenants/${encodeURIComponent(tenantId)}`);
}
