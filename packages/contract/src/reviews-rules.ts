// Zod-free (see catalog-rules.ts): the reviews section's figures and names, shared by the
// server that makes them and the page that shows them.
import type { OrderStatus } from './order-state-rules';
import { PROBLEM_TEXTS } from './problem-texts';

export const REVIEW_BODY_MAX = 1000;
export const REVIEWS_PAGE_SIZE = 5;
/** How many reviews a product page's JSON-LD carries (search engines show a few at most). */
export const REVIEWS_IN_PAGE_DATA = 5;

/**
 * What proves a purchase (DESIGN "Who may call what"): the shop's part of the order holding the
 * product was delivered. A part, not the order: in a two-shop order one shop's goods may have
 * arrived while the other's are still on the way.
 */
export const REVIEWABLE_ORDER_STATUSES = ['delivered'] as const satisfies readonly OrderStatus[];

/**
 * And the whole order must still stand (issue 28): a part stays `delivered` when the provider
 * later reverses the payment or the order is refunded, and goods not paid for prove nothing.
 * The states in which the order is sold, as the ledger counts a sale (decision 021).
 */
export const PURCHASE_KEPT_ORDER_STATUSES = [
  'confirmed',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

export const REVIEW_MESSAGES = {
  notABuyer: PROBLEM_TEXTS.notABuyer,
  alreadyReviewed: PROBLEM_TEXTS.alreadyReviewed,
} as const;

/**
 * 'Wanjiru K.': a reviewer is named by first name and last initial, never in full, so a review
 * does not publish who bought what. A missing part is left out rather than shown as blank.
 */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0]?.toLocaleUpperCase() ?? '';
  if (!first && !initial) return 'A shopper';
  if (!initial) return first;
  return first ? `${first} ${initial}.` : `${initial}.`;
}

/** The mean of visible reviews to one decimal, 0 when there are none. */
export function reviewAverage(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** Pages of REVIEWS_PAGE_SIZE; an empty list still has one (empty) page. */
export function reviewPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
}
