// Orders made from the cart, remembered until this browser learns how they ended (spec section
// 4: after a confirmed order its lines leave the cart). The checkout clears the cart itself when
// it sees the order through; but the shopper may pay in the provider's tab and never come back
// to the checkout's tab, so the order's page, a later visit to the cart and other tabs (through
// the `storage` event on the cart) settle it too. Zod-free and small: the header's cart store
// sits beside it on the first load.
import { SOLD_STATUSES, sameLine, type CartLine, type OrderStatus } from '@soko/contract';
import { getCartLines, setCartLines } from './cart-store';

export const CART_ORDERS_KEY = 'cart-orders';
/** Enough for any shopper's open orders; the oldest go first. */
export const MAX_CART_ORDERS = 20;
/** An order unpaid this long has long lapsed (holds are minutes): its record is dropped. */
export const CART_ORDER_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export interface CartOrder {
  orderId: string;
  /** When it was made (ms since the epoch). */
  at: number;
  lines: Array<{ productId: string; variantId: string | null; quantity: number }>;
}

/** Went through: paid, or confirmed (and on). Its lines leave the cart. */
const WENT_THROUGH: ReadonlySet<OrderStatus> = new Set([...SOLD_STATUSES, 'paid']);
/** Still open: the payment may arrive. */
const OPEN: ReadonlySet<OrderStatus> = new Set(['pending_payment']);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isCartOrder(value: unknown): value is CartOrder {
  if (!isRecord(value) || typeof value.orderId !== 'string' || typeof value.at !== 'number') {
    return false;
  }
  return (
    Array.isArray(value.lines) &&
    value.lines.every(
      (line: unknown) =>
        isRecord(line) &&
        typeof line.productId === 'string' &&
        (line.variantId === null || typeof line.variantId === 'string') &&
        typeof line.quantity === 'number' &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0,
    )
  );
}

/** The records still worth keeping (unreadable storage is none). */
export function readCartOrders(now = Date.now()): CartOrder[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(CART_ORDERS_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return [];
  try {
    const saved: unknown = JSON.parse(raw);
    return Array.isArray(saved)
      ? saved.filter(isCartOrder).filter((order) => now - order.at < CART_ORDER_TTL_MS)
      : [];
  } catch {
    return [];
  }
}

function writeCartOrders(orders: readonly CartOrder[]): void {
  try {
    if (orders.length === 0) storage()?.removeItem(CART_ORDERS_KEY);
    else storage()?.setItem(CART_ORDERS_KEY, JSON.stringify(orders));
  } catch {
    // A full or blocked storage loses only the settling of orders paid elsewhere.
  }
}

/** The checkout made this order of these cart lines. */
export function rememberCartOrder(
  orderId: string,
  lines: readonly CartLine[],
  now = Date.now(),
): void {
  const others = readCartOrders(now).filter((order) => order.orderId !== orderId);
  const record: CartOrder = {
    orderId,
    at: now,
    lines: lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })),
  };
  writeCartOrders([...others, record].slice(-MAX_CART_ORDERS));
}

/** The cart without what `order` took: each line lowered by the quantity ordered, or gone. */
export function withoutOrderLines(lines: readonly CartLine[], order: CartOrder): CartLine[] {
  return lines.flatMap((line) => {
    const ordered = order.lines.find((taken) => sameLine(taken, line));
    if (!ordered) return [line];
    const left = line.quantity - ordered.quantity;
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
}

/**
 * What this browser learnt of an order's state: gone through, its lines leave the cart; ended
 * without going through, only the record goes; still open, nothing changes. Once settled, a
 * second call changes nothing.
 */
export function settleCartOrder(orderId: string, status: OrderStatus | 'missing'): void {
  if (status !== 'missing' && OPEN.has(status)) return;
  const orders = readCartOrders();
  const order = orders.find((candidate) => candidate.orderId === orderId);
  if (!order) return;
  writeCartOrders(orders.filter((candidate) => candidate !== order));
  if (status !== 'missing' && WENT_THROUGH.has(status)) {
    setCartLines(withoutOrderLines(getCartLines(), order));
  }
}

/** The checkout saw the order through and emptied the cart itself: nothing is left to settle. */
export function forgetCartOrder(orderId: string): void {
  const orders = readCartOrders();
  if (orders.some((order) => order.orderId === orderId)) {
    writeCartOrders(orders.filter((order) => order.orderId !== orderId));
  }
}
