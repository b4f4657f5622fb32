// The products a shopper opened last, kept in this browser so the offline screen can list
// what the service worker holds for reading (decision 016). Only what a card needs is kept.
import {
  discountedPriceCents,
  fromCents,
  productPath,
  toCents,
  type Product,
} from '@soko/contract';

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
/** The catalogue cache keeps 80 answers; a dozen products fit in it with their lists. */
export const MAX_RECENTLY_VIEWED = 12;

export type RecentlyViewedProduct = {
  id: string;
  name: string;
  /** Its Swahili name, shown on a Kiswahili page (decision 050). */
  nameSw?: string;
  /** Ksh the shopper pays: after the product's discount. */
  price: number;
  imageUrl: string | null;
  path: string;
};

function isRecentlyViewed(value: unknown): value is RecentlyViewedProduct {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    (item.nameSw === undefined || typeof item.nameSw === 'string') &&
    typeof item.price === 'number' &&
    typeof item.path === 'string' &&
    (typeof item.imageUrl === 'string' || item.imageUrl === null)
  );
}

/** Newest first; anything unreadable (another version's shape, a hand edit) is dropped. */
export function readRecentlyViewed(): RecentlyViewedProduct[] {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter(isRecentlyViewed) : [];
  } catch {
    return [];
  }
}

export function rememberViewedProduct(product: Product): void {
  const item: RecentlyViewedProduct = {
    id: product._id,
    name: product.name,
    ...(product.nameSw ? { nameSw: product.nameSw } : {}),
    price: fromCents(discountedPriceCents(toCents(product.price), product.discounts)),
    imageUrl: product.imageUrls[0] ?? null,
    path: productPath(product),
  };
  const others = readRecentlyViewed().filter((seen) => seen.id !== item.id);
  try {
    window.localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([item, ...others].slice(0, MAX_RECENTLY_VIEWED)),
    );
  } catch {
    // A full or blocked storage only loses the offline list, never the page.
  }
}
