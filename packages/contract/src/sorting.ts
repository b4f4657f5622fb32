import { discountedPriceCents, toCents } from './money';
import { ALL_TYPES } from './catalog-rules';

// ---------------------------------------------------------------------------------------------
// Listing sort orders (the category and listing screens' "Sort by" select). The spec names no
// sort; the orders are what a shopper expects from a shop, and 'popular' is the rule DESIGN
// departure 10 gives Popular Choices: most sold, then best rated.

export const SORT_OPTIONS = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'popular', label: 'Most popular' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

/** The server's order (newest first for every list the API answers). */
export const DEFAULT_SORT: SortKey = 'featured';

export function isSortKey(value: unknown): value is SortKey {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/**
 * A URL's `page` parameter: a whole number from 1, else 1. One reading for the server, which
 * paints the page the address asks for, and every screen, which then draws the same page.
 */
export function parsePageParam(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A URL's `type` parameter (a 'Filter by Type' label), or 'All' when it is missing or blank. */
export function parseTypeParam(value: string | null | undefined): string {
  const label = (value ?? '').trim().slice(0, 100);
  return label === '' ? ALL_TYPES : label;
}

/** A URL's `sort` parameter, or the default when it is missing or unknown. */
export function parseSortKey(value: string | null | undefined): SortKey {
  return isSortKey(value) ? value : DEFAULT_SORT;
}

export interface SortableProduct {
  price: number;
  discounts: string | number | null;
  count: number;
  rating: { average: number; count: number };
  createdAt: string;
}

/** What the shopper pays, in cents: the price after any valid discount percentage. */
export function effectivePriceCents(product: Pick<SortableProduct, 'price' | 'discounts'>): number {
  return discountedPriceCents(toCents(product.price), product.discounts);
}

function createdAtMs(product: Pick<SortableProduct, 'createdAt'>): number {
  const ms = Date.parse(product.createdAt);
  // An unreadable date sorts last rather than throwing the whole list away.
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

type Compare = (a: SortableProduct, b: SortableProduct) => number;

const byNewest: Compare = (a, b) => createdAtMs(b) - createdAtMs(a);

const COMPARE: Record<Exclude<SortKey, 'featured'>, Compare> = {
  newest: byNewest,
  'price-asc': (a, b) => effectivePriceCents(a) - effectivePriceCents(b),
  'price-desc': (a, b) => effectivePriceCents(b) - effectivePriceCents(a),
  popular: (a, b) =>
    b.count - a.count || b.rating.average - a.rating.average || b.rating.count - a.rating.count,
};

/**
 * A sorted copy; the input is never changed. The sort is stable, so products that tie keep
 * the server's order, and 'featured' is the server's order itself.
 */
export function sortProducts<T extends SortableProduct>(
  products: readonly T[],
  sort: SortKey,
): T[] {
  if (sort === 'featured') return [...products];
  return [...products].sort(COMPARE[sort]);
}
