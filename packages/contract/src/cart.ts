import { z } from 'zod';
import { toCents } from './money';
import { taxTypeSchema } from './tax';

export const cartLineSchema = z.object({
  productId: z.string(),
  /** The selling shop: a shop's own discount code takes off its lines only (decision 038). */
  shopId: z.string().optional(),
  name: z.string(),
  /** The product's Swahili name, for Kiswahili pages (decision 050); display only. */
  nameSw: z.string().optional(),
  /** Unit price in Ksh as shown to the shopper; the server reprices every order. */
  price: z.number().min(0),
  /** The product's first image, or the placeholder. */
  image: z.string(),
  /** The variant's label (its size or name) shown in brackets; null without variants. */
  selectedVariant: z.string().nullable(),
  variantId: z.string().nullable(),
  quantity: z.number().int().min(1),
  /** The stock shown when the line was added: the most the cart lets the shopper ask for. */
  maxQuantity: z.number().int().min(0).optional(),
  /**
   * The line's tax type when it carries VAT (its shop VAT-registered, its type B or E), from the
   * product's read: the cart and checkout show the VAT held (decision 044). Display only.
   */
  taxType: taxTypeSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export type NewCartLine = Omit<CartLine, 'quantity'>;

/** The cart as saved in browser storage. */
export const cartSchema = z.array(cartLineSchema);

/** Cart lines are keyed by product id and variant id. */
export interface LineKey {
  productId: string;
  variantId: string | null;
}

/** The one rule of which line is which: the same product and the same variant. */
export function sameLine(a: LineKey, b: LineKey): boolean {
  return a.productId === b.productId && a.variantId === b.variantId;
}

/**
 * Adds one unit: the matching line's quantity rises by 1, else a line with quantity 1 is
 * appended. With `maxQuantity` (the stock) the quantity never goes above it, and nothing is
 * added when it is below 1.
 */
export function addCartLine(
  lines: readonly CartLine[],
  item: NewCartLine,
  maxQuantity?: number,
): CartLine[] {
  const max = maxQuantity ?? Infinity;
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) return max < 1 ? [...lines] : [...lines, { ...item, quantity: 1 }];
  return lines.map((line) =>
    line === existing ? { ...line, quantity: Math.max(Math.min(line.quantity + 1, max), 1) } : line,
  );
}

export function removeCartLine(
  lines: readonly CartLine[],
  productId: string,
  variantId: string | null,
): CartLine[] {
  return lines.filter((line) => !sameLine(line, { productId, variantId }));
}

/** Adds `delta` to a line's quantity; never below 1, nor above `maxQuantity` when given. */
export function changeCartQuantity(
  lines: readonly CartLine[],
  productId: string,
  variantId: string | null,
  delta: number,
  maxQuantity?: number,
): CartLine[] {
  const max = maxQuantity ?? Infinity;
  return lines.map((line) =>
    sameLine(line, { productId, variantId })
      ? { ...line, quantity: Math.max(Math.min(line.quantity + delta, max), 1) }
      : line,
  );
}

export function cartSubtotalCents(
  lines: ReadonlyArray<{ price: number; quantity: number }>,
): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

/** Lines sharing a key become one line (the first one's fields) with their quantities summed. */
export function mergeCartLines<T extends LineKey & { quantity: number }>(lines: readonly T[]): T[] {
  const merged: T[] = [];
  for (const line of lines) {
    const index = merged.findIndex((kept) => sameLine(kept, line));
    const kept = merged[index];
    if (kept) merged[index] = { ...kept, quantity: kept.quantity + line.quantity };
    else merged.push({ ...line });
  }
  return merged;
}
