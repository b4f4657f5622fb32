// What changes the cart: the contract's rules (spec section 4) applied to the store's lines.
// Kept apart from cart-store.ts because the contract's cart module carries zod: only the lazily
// loaded cart and checkout pages import this file, never the header.
import {
  addCartLine,
  changeCartQuantity,
  removeCartLine,
  sameLine as sameKey,
  type CartLine,
  type NewCartLine,
} from '@soko/contract';
import { getCartLines, setCartLines } from './cart-store';

const sameLine = (line: CartLine, productId: string, variantId: string | null) =>
  sameKey(line, { productId, variantId });

/**
 * Adds one unit of `item` (spec: the same product and variant raise the quantity by 1, else a
 * new line). `maxQuantity` is the stock shown: the line remembers it as its cap, and a line
 * already in the cart takes the fresher price, image and cap.
 */
export function withAddedLine(
  lines: readonly CartLine[],
  item: NewCartLine,
  maxQuantity?: number,
): CartLine[] {
  const cap = maxQuantity ?? item.maxQuantity;
  const added = addCartLine(lines, item, cap);
  if (cap === undefined) return added;
  return added.map((line) => {
    if (!sameLine(line, item.productId, item.variantId)) return line;
    // The fresher read also says whether the price holds VAT (the shop may have registered).
    const { taxType: _before, ...rest } = line;
    return {
      ...rest,
      price: item.price,
      image: item.image,
      maxQuantity: cap,
      quantity: Math.max(Math.min(line.quantity, cap), 1),
      ...(item.taxType ? { taxType: item.taxType } : {}),
    };
  });
}

/** Adds `delta` to a line's quantity: never below 1, never above the stock it was added with. */
export function withChangedQuantity(
  lines: readonly CartLine[],
  productId: string,
  variantId: string | null,
  delta: number,
): CartLine[] {
  const line = lines.find((candidate) => sameLine(candidate, productId, variantId));
  if (!line) return [...lines];
  return changeCartQuantity(lines, productId, variantId, delta, line.maxQuantity);
}

/**
 * The server says only `available` units can be bought: the line is capped there (and its
 * quantity lowered). At 0 the line stays, marked sold out (maxQuantity 0), for the shopper to
 * remove: an item must not vanish from a cart without them seeing why.
 */
export function withLimitedLine(
  lines: readonly CartLine[],
  productId: string,
  variantId: string | null,
  available: number,
): CartLine[] {
  const cap = Math.max(Math.floor(available), 0);
  return lines.map((line) =>
    sameLine(line, productId, variantId)
      ? { ...line, maxQuantity: cap, quantity: Math.max(Math.min(line.quantity, cap), 1) }
      : line,
  );
}

/** The server's current unit prices (Ksh) for lines whose price changed. */
export function withPrices(
  lines: readonly CartLine[],
  prices: ReadonlyArray<{ productId: string; variantId: string | null; price: number }>,
): CartLine[] {
  return lines.map((line) => {
    const fresh = prices.find((item) => sameLine(line, item.productId, item.variantId));
    return fresh ? { ...line, price: fresh.price } : line;
  });
}

/** A line the server said is sold out, or asked for more than the stock shown. */
export function isLineUnavailable(line: CartLine): boolean {
  return line.maxQuantity !== undefined && line.quantity > line.maxQuantity;
}

// The same rules applied to the stored cart.

export function addToCart(item: NewCartLine, maxQuantity?: number): void {
  setCartLines(withAddedLine(getCartLines(), item, maxQuantity));
}

export function changeQuantity(productId: string, variantId: string | null, delta: number): void {
  setCartLines(withChangedQuantity(getCartLines(), productId, variantId, delta));
}

export function removeFromCart(productId: string, variantId: string | null): void {
  setCartLines(removeCartLine(getCartLines(), productId, variantId));
}

export function limitCartLine(productId: string, variantId: string | null, available: number) {
  setCartLines(withLimitedLine(getCartLines(), productId, variantId, available));
}

export function repriceCart(
  prices: ReadonlyArray<{ productId: string; variantId: string | null; price: number }>,
): void {
  setCartLines(withPrices(getCartLines(), prices));
}

export function clearCart(): void {
  setCartLines([]);
}
