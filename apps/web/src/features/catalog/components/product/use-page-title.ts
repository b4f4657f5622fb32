import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, seoWithDefaults, type Tenant } from '@soko/contract';
import { apiGet } from '../../../../lib/api-client';
import { useLocale } from '../../../../lib/i18n';

// The tenant's site title, from the same cached query as the tenants feature (key ['tenant']);
// a feature may not import another's internals, and the answer is one small cached object.
function useSiteTitle(): string | undefined {
  // The defaults in the page's language, as the server writes them (decision 050).
  const locale = useLocale();
  const { data } = useQuery({
    queryKey: queryKeys.tenant(),
    queryFn: ({ signal }) => apiGet<Tenant>('/api/tenant', { signal }),
    staleTime: 30 * 60_000,
    select: (tenant: Tenant) => seoWithDefaults(tenant.seo, locale).title,
  });
  return data;
}

/**
 * `{page} | {site title}`, the title the server writes into the HTML it serves for the same
 * address, kept in step on navigations inside the app. Leaving, the site's title alone returns:
 * the title the server writes for a page without one of its own (the home page, the cart). The
 * title before this page's may be its own server-written one, when the app started here.
 */
export function usePageTitle(page: string | null) {
  const site = useSiteTitle();
  useEffect(() => {
    // Until the site title arrives the title stays as it is: on a first load it is already the
    // server's, and a bare product name would be a worse interim than the last page's title.
    if (!page || !site) return;
    document.title = `${page} | ${site}`;
    return () => {
      document.title = site;
    };
  }, [page, site]);
}
