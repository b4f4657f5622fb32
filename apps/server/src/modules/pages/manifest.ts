// The web app manifest (decision 016), made per tenant so an installed shop carries its own
// name. Tenants have no colour of their own yet, so every one gets the brand green the app's
// CSS and index.html's theme-color use. The icons are drawn at web build time (apps/web's
// vite.config.ts, INSTALL_ICONS) and served from the build's /icons/ folder.
import { seoWithDefaults } from '@soko/contract';
import type { Tenant } from '../../platform/tenant';

export const BRAND_COLOUR = '#166534';

/** Launchers show about 12 characters under an icon; a longer title is cut at a word. */
export function shortName(title: string, max = 12): string {
  if (title.length <= max) return title;
  const cut = title.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 3 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

export function webManifest(tenant: Tenant | null) {
  const { title, description } = seoWithDefaults(tenant?.seo);
  return {
    name: title,
    short_name: shortName(title),
    description,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
