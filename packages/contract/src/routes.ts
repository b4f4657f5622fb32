// The browser app's paths, shared so the server can answer a path the app does not have with
// a real 404 (crawlers and link checkers read the status, not the page). The web router
// (apps/web/src/app/routes.tsx) must stay in step: routes.test.ts beside it pins both.

/**
 * The owner's and the admin's screens: English only, whatever the shopper's language (decision
 * 050). The web router marks the same routes (app/routes.tsx, STAFF_SCREEN).
 */
export const STAFF_PATHS = [
  '/createlisting',
  '/add-products/:shopId',
  '/addblog',
  '/manageorders',
  '/managelisting',
  '/admin',
  '/shops',
  '/shops/:shopId/orders',
  '/shops/:shopId/balance',
  '/shops/:shopId/delivery',
  '/shops/:shopId/catalogue',
  '/shops/:shopId/codes',
  '/shops/:shopId/tax',
  '/shops/:shopId/receipts',
  '/admin/shops',
  '/admin/tenants',
  '/admin/refunds',
  '/admin/payouts',
  '/admin/messages',
  '/admin/codes',
  '/admin/privacy',
  '/admin/data-requests',
] as const;

/** Path patterns: `:param` is one non-empty segment. Spelling is the spec's ('/PopularChoises'). */
export const APP_PATHS = [
  '/',
  '/category/:categoryName',
  '/product/:productId/:userId/:productName',
  '/alllisting',
  '/shop/:shopId',
  '/new-arrival',
  '/PopularChoises',
  '/About',
  '/privacy',
  '/search',
  '/cart',
  '/cart/:productId/:userId',
  '/checkout',
  '/buy/:productId/:userId',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe/:token',
  '/reminders/opt-out/:token',
  '/profile',
  '/blog',
  '/blog/:id',
  ...STAFF_PATHS,
  '/orders/:orderId',
  '/orders/:orderId/receipts/:receiptId',
  '/pay/sandbox/:trackingId',
  // What this browser keeps for reading offline (decision 016).
  '/offline',
] as const;

/** The shop's public pages, which search engines may index (the rest are private or transient). */
export const STOREFRONT_PATHS: readonly (typeof APP_PATHS)[number][] = [
  '/',
  '/category/:categoryName',
  '/product/:productId/:userId/:productName',
  '/alllisting',
  '/shop/:shopId',
  '/new-arrival',
  '/PopularChoises',
  '/About',
  '/privacy',
  '/blog',
  '/blog/:id',
];

/**
 * Pages the server paints with React before any JavaScript runs (decision 018): the shop's
 * public pages and the shells of search, cart and checkout. Accounts, orders, owner and admin
 * screens are drawn in the browser.
 */
export const SERVER_RENDERED_PATHS: readonly (typeof APP_PATHS)[number][] = [
  ...STOREFRONT_PATHS,
  '/search',
  '/cart',
  '/checkout',
];

/** The query parameters those pages read (listing pages, search): the rest change nothing. */
export const PAGE_QUERY_PARAMS = [
  'page',
  'sort',
  'type',
  'query',
  'category',
  'minPrice',
  'maxPrice',
  'inStock',
] as const;

export type AppPathMatch = { pattern: string; params: Record<string, string> };

/** Matches a URL path (no query) against APP_PATHS; params are URL-decoded. */
export function matchAppPath(pathname: string): AppPathMatch | null {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const pattern of APP_PATHS) {
    const parts = pattern === '/' ? [] : pattern.split('/').slice(1);
    if (pathname === '/' ? parts.length !== 0 : parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        if (!segment) return false;
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return true;
      }
      return part === segment;
    });
    if (matched) return { pattern, params };
  }
  return null;
}
