// The cart (spec sections 3 and 4; DESIGN "Details decided"): a JSON array of cart lines under
// local storage `cart`, loaded at start, saved on every change and kept in step across tabs
// through the `storage` event. Zod-free on purpose: the header's badge reads it on the first
// load of '/'. The rules that change lines (the contract's addCartLine and friends, which come
// with zod) live in cart-actions.ts, which only the lazily loaded cart and checkout pages import.
import { useSyncExternalStore } from 'react';
import type { CartLine } from '@soko/contract';

export const CART_KEY = 'cart';

const EMPTY: readonly CartLine[] = Object.freeze([]);

let lines: readonly CartLine[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be off (private mode, blocked cookies): the cart lives in memory only.
    return null;
  }
}

const isWholeAtLeast = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** A saved line as the cart wrote it; anything else (an old or hand-edited entry) is dropped. */
export function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.productId === 'string' &&
    line.productId !== '' &&
    typeof line.name === 'string' &&
    (line.nameSw === undefined || typeof line.nameSw === 'string') &&
    typeof line.price === 'number' &&
    Number.isFinite(line.price) &&
    line.price >= 0 &&
    typeof line.image === 'string' &&
    isTextOrNull(line.selectedVariant) &&
    isTextOrNull(line.variantId) &&
    isWholeAtLeast(line.quantity, 1) &&
    (line.maxQuantity === undefined || isWholeAtLeast(line.maxQuantity, 0))
  );
}

/** The saved text as cart lines: unreadable JSON or a non-array is an empty cart. */
export function parseCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  try {
    const saved: unknown = JSON.parse(raw);
    return Array.isArray(saved) ? saved.filter(isCartLine) : [];
  } catch {
    return [];
  }
}

function readStored(): readonly CartLine[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(CART_KEY) ?? null;
  } catch {
    raw = null;
  }
  const parsed = parseCart(raw);
  return parsed.length === 0 ? EMPTY : parsed;
}

function notify() {
  for (const listener of listeners) listener();
}

/** The lines now (read from storage on first use). */
export function getCartLines(): readonly CartLine[] {
  lines ??= readStored();
  return lines;
}

/** Replaces the lines, saves them and tells every reader. */
export function setCartLines(next: readonly CartLine[]): void {
  lines = next.length === 0 ? EMPTY : next;
  try {
    storage()?.setItem(CART_KEY, JSON.stringify(lines));
  } catch {
    // A full or blocked storage keeps the cart for this tab only.
  }
  notify();
}

/** Reads storage again (start-up, or after another tab wrote it). */
export function reloadCart(): void {
  lines = readStored();
  notify();
}

/** Another tab changed the cart (or cleared storage): take its lines. */
function onStorage(event: StorageEvent) {
  if (event.key === CART_KEY || event.key === null) reloadCart();
}

/** Calls `listener` on every change, this tab's or another's; returns the unsubscribe. */
export function subscribeToCart(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

// The server cannot see the shopper's cart: it renders none, and the page hydrates as drawn
// before the saved lines show. An empty cart is the same object on both sides: when the
// browser's snapshot differs from the server's, React re-renders every reader synchronously
// right after hydration, one long task (issue 16).
export function useCartLines(): readonly CartLine[] {
  return useSyncExternalStore(subscribeToCart, getCartLines, () => EMPTY);
}

/** How many items the cart holds (quantities summed), as the header's badge shows. */
export function cartItemCount(cart: ReadonlyArray<{ quantity: number }>): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function useCartItemCount(): number {
  return cartItemCount(useCartLines());
}
