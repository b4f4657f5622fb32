import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, seoWithDefaults, type Tenant } from '@soko/contract';
import { apiGet } from '../../../../lib/api-client';

// The tenant's site title, from the same cached query as the tenants feature (key ['tenant']);
// a feature may not import another's internals, and the answer is one small cached object.
function useSiteTitle(): string | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.tenant(),
    queryFn: ({ signal }) => apiGet<Tenant>('/api/tenant', { signal }),
    staleTime: 30 * 60_000,
    select: (tenant: Tenant) => seoWithDefaults(tenant.seo).title,
  });
  return data;
}

/**
 * `{page} | {site title}`, the title the server writes into the HTML it serves for the same
 * address, kept in step on navigations inside the app. The previous title returns on leaving.
 */
export function usePageTitle(page: string | null) {
  const site = useSiteTitle();
  useEffect(() => {
    // Until the site title arrives the title stays as it is: on a first load it is already the
    // server's, and a bare product name would be a worse interim than the last page's title.
    if (!page || !site) return;
    const previous = document.title;
    document.title = `${page} | ${site}`;
    return () => {
      document.title = previous;
    };
  }, [page, site]);
}
