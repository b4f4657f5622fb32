// A message file (src/locales/<lang>.json) in Lingui's compiled form, as the build gives it to
// the app (vite.config.ts, messageCatalogs): the ICU syntax parsed once here, not on a phone.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

/**
 * The parts of a language's messages the browser loads apart (decision 049, "Second slice"):
 * the keys starting `<part>.` come with their route's code (app/routes.tsx) or with a lazy
 * section's (`withMessages`); every other key (the shell, the storefront, the cart, the offline
 * page, the header's search box) is in the start part. `problem.` is the contract's and the
 * server's words (decision 050), loaded with the routes and sections whose forms show them;
 * `reviews.` comes with the product page's reviews section, `footer.` and `chat.` with the
 * footer and the chat launcher (lazy sections on every page, decision 009), `blog.` and
 * `about.` with their pages.
 */
export const ROUTE_PARTS = [
  'checkout',
  'orders',
  'account',
  'privacy',
  'search',
  'problem',
  'reviews',
  'footer',
  'blog',
  'about',
  'chat',
] as const;
export type RoutePart = (typeof ROUTE_PARTS)[number];
/**
 * The owner's and the admin's screens (decision 050): English whatever the shopper's language,
 * so their keys are in en.json only, and their parts come in English with the staff routes'
 * code (app/routes.tsx). An admin's routes load both: admins use the owner's screens too.
 */
export const STAFF_PARTS = ['owner', 'admin'] as const;
export type StaffPart = (typeof STAFF_PARTS)[number];
export type CatalogPart = 'start' | RoutePart | StaffPart | 'all';

export function partOfKey(key: string): 'start' | RoutePart | StaffPart {
  const prefix = key.slice(0, key.indexOf('.'));
  return (ROUTE_PARTS as readonly string[]).includes(prefix) ||
    (STAFF_PARTS as readonly string[]).includes(prefix)
    ? (prefix as RoutePart | StaffPart)
    : 'start';
}

/** Whether a key is a staff screen's (English only). */
export const isStaffKey = (key: string): boolean =>
  (STAFF_PARTS as readonly string[]).includes(key.slice(0, key.indexOf('.')));

/** One part's messages, compiled; 'all' is every message (the server paints any page). */
export function compileCatalog(
  source: Record<string, string>,
  part: CatalogPart = 'all',
): Messages {
  return Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => part === 'all' || partOfKey(key) === part)
      .map(([key, message]) => [key, compileMessage(message)]),
  );
}
