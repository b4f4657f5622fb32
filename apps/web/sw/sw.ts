// The shop's service worker (decision 016), built by vite-plugin-pwa (injectManifest) from
// Workbox's modules: the build's files are precached with their revisions, pictures and product
// answers the shopper has seen are kept in bounded caches, and nothing private is ever stored.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const SHELL = 'index.html';
const WEEK_SECONDS = 7 * 24 * 60 * 60;

// A new release takes over at once: the page reloads when its controller changes (see
// register-service-worker.ts), so no page keeps running old HTML whose chunks are gone.
void self.skipWaiting();
clientsClaim();
// Precaches of older Workbox versions; this version's precache drops files the new manifest no
// longer lists when the worker activates.
cleanupOutdatedCaches();
// The shell (index.html) is precached only as the offline fallback: with no directoryIndex and
// no clean URLs, '/' is never answered from it while the network works, so every online page
// keeps its tenant's head and seeded data from the server.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// Navigations: the network, else (after 3 s, or offline) this page as last served, else the
// shell. A page's HTML carries its tenant's head and the data it opens with (a product page
// never asks the API for its product), so pages seen are kept. Each names one build's chunks,
// so a new worker empties this cache when it activates: no page of an old release outlives it.
const PAGES = 'soko-pages';
const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: 3,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    // Pages are 5 to 30 KB with their seeded data: 30 of them stay under ~1 MB.
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: WEEK_SECONDS, purgeOnQuotaError: true }),
  ],
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGES));
});
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/socket\.io/] },
  ),
);

// Only the public catalogue reads a shopper browses. Orders, users, payments, owners' and
// admins' calls are never matched, and a call carrying a token is never stored (its answer may
// be the caller's own).
const PUBLIC_READS = [
  /^\/api\/listing\//,
  /^\/api\/tenant$/,
  /^\/api\/metadata$/,
  /^\/api\/reviews\/[^/]+$/,
  /^\/api\/blog\//,
];
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    !request.headers.has('authorization') &&
    PUBLIC_READS.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: 'soko-catalogue',
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // Answers are a few KB each (a product is under ~10 KB); 80 of them stay under ~1 MB.
      new ExpirationPlugin({
        maxEntries: 80,
        maxAgeSeconds: WEEK_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Pictures: a media URL never changes (the server names them), so the cache answers first.
// Renditions are WebP at most 960 px wide (MEDIA_WIDTHS), at most ~150 KB each: 60 pictures
// bound the cache at roughly 9 MB, and a full disk drops it first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'soko-pictures',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 60,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
