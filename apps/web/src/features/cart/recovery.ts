// A cart rebuilt from an unpaid order (decision 043): the order page's Pay again, and the link of
// the order's one reminder (`/orders/{id}?recover=1`), put the order's lines back in the cart.
// The link also remembers which order it came from, so the order placed next says so
// (`recoveredFrom`) and the admin's dashboard counts it once paid. The server checks that id and
// prices the new order as any other (stock re-checked at checkout).
import type { CartLine, Order } from '@soko/contract';
import { PLACEHOLDER_IMAGE } from './cart-line';
import { getCartLines, setCartLines } from './cart-store';

export const RECOVERED_FROM_KEY = 'recovered-from';
/** A recovery link opened this long ago no longer marks the next order. */
export const RECOVERY_TTL_MS = 2 * 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The cart with the order's lines put back: at least as many of each as the order held, other
 * lines left as they are.
 */
export function linesWithOrder(cart: readonly CartLine[], order: Order): CartLine[] {
  const lines = [...cart];
  for (const item of order.items) {
    const key = { productId: item.productId, variantId: item.selectedVariant };
    const at = lines.findIndex(
      (line) => line.productId === key.productId && line.variantId === key.variantId,
    );
    const line = lines[at];
    if (line) {
      lines[at] = { ...line, quantity: Math.max(line.quantity, item.quantity) };
    } else {
      lines.push({
        ...key,
        name: item.name,
        price: item.price,
        image: item.image ?? PLACEHOLDER_IMAGE,
        selectedVariant: item.variantLabel,
        quantity: item.quantity,
      });
    }
  }
  return lines;
}

/** Puts the order's lines back in the cart. */
export function rebuildCartFrom(order: Order): void {
  setCartLines(linesWithOrder(getCartLines(), order));
}

/** The recovery link was opened: the next order placed is recovered from `orderId`. */
export function rememberRecovery(orderId: string, now = Date.now()): void {
  try {
    storage()?.setItem(RECOVERED_FROM_KEY, JSON.stringify({ orderId, at: now }));
  } catch {
    // Blocked storage: the order is placed all the same, just not counted as recovered.
  }
}

/** The order the cart was recovered from, while the link is recent. */
export function recoveredFrom(now = Date.now()): string | null {
  try {
    const raw = storage()?.getItem(RECOVERED_FROM_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { orderId?: unknown; at?: unknown };
    return typeof value.orderId === 'string' &&
      typeof value.at === 'number' &&
      now - value.at < RECOVERY_TTL_MS
      ? value.orderId
      : null;
  } catch {
    return null;
  }
}

/** An order was made from the recovered cart: the next one is the shopper's own again. */
export function forgetRecovery(): void {
  try {
    storage()?.removeItem(RECOVERED_FROM_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
