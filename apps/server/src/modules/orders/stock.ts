// Stock moves only through these two functions, always inside the order's transaction.
//
// Taking is one conditional UPDATE per row (`stock >= wanted`): PostgreSQL locks the row and, for
// a racing transaction, re-checks the condition against the committed value, so two shoppers
// for the last unit get one success and one miss, and the CHECK constraints (stock >= 0) back
// it up. Rows are locked in one global order (every variant by id, then every product by id) so
// two orders sharing products can never wait on each other in a cycle.
import type { PartStatus } from '@soko/contract';
import { and, eq, gte, inArray, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { orderLines, orderParts, products, productVariants } from '../../platform/schema';

export type StockMove = {
  productId: string;
  variantId: string | null;
  quantity: number;
  /** For the out-of-stock message: 'Aloe Vera Gel (50ml)'. */
  label: string;
};

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Sums moves per row: lines of one variant (or one plain product) take stock together. */
function totalsPerRow(moves: readonly StockMove[]) {
  const variants = new Map<string, { id: string; quantity: number; move: StockMove }>();
  const productRows = new Map<string, { id: string; quantity: number; move: StockMove }>();
  for (const move of moves) {
    if (move.variantId) {
      const row = variants.get(move.variantId) ?? { id: move.variantId, quantity: 0, move };
      row.quantity += move.quantity;
      variants.set(move.variantId, row);
    }
    // A product's own stock is the sum of its variants', so it moves with every line.
    const row = productRows.get(move.productId) ?? { id: move.productId, quantity: 0, move };
    row.quantity += move.quantity;
    productRows.set(move.productId, row);
  }
  return {
    variants: [...variants.values()].sort(byId),
    products: [...productRows.values()].sort(byId),
  };
}

async function soldOut(tx: Tx, move: StockMove, variantId: string | null): Promise<never> {
  const [row] = variantId
    ? await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variantId))
    : await tx
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, move.productId));
  const available = Math.max(row?.stock ?? 0, 0);
  throw conflict(
    'out_of_stock',
    available === 0 ? `${move.label} is sold out.` : `${move.label}: only ${available} left.`,
    { productId: move.productId, variantId, available },
  );
}

/** Takes the stock of every move, or throws out_of_stock (409) naming the first short line. */
export async function takeStock(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  const rows = totalsPerRow(moves);
  for (const row of rows.variants) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${row.quantity}` })
      .where(and(eq(productVariants.id, row.id), gte(productVariants.stock, row.quantity)))
      .returning({ id: productVariants.id });
    if (taken.length === 0) await soldOut(tx, row.move, row.id);
  }
  for (const row of rows.products) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${row.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, row.id), gte(products.stock, row.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) await soldOut(tx, row.move, null);
  }
}

/** Puts stock back (an order expired, failed or was reversed). Deleted rows are skipped. */
export async function returnStock(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  const rows = totalsPerRow(moves);
  for (const row of rows.variants) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${row.quantity}` })
      .where(eq(productVariants.id, row.id));
  }
  for (const row of rows.products) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${row.quantity}`, updatedAt: sql`now()` })
      .where(eq(products.id, row.id));
  }
}

/** 'Aloe Vera Gel (50ml)': a line as the out-of-stock message names it. */
export function lineLabel(name: string, variantLabel: string | null): string {
  return variantLabel ? `${name} (${variantLabel})` : name;
}

/**
 * The stock an order's lines hold (lines whose product was deleted hold none), leaving out the
 * lines of parts in `without`: a cancelled part's stock went back when it was cancelled, and a
 * sent part's goods are not on the shelf to give back. `shopId` narrows to one shop's part.
 */
export async function orderStockMoves(
  tx: Tx,
  orderId: string,
  { shopId, without = ['cancelled'] }: { shopId?: string; without?: PartStatus[] } = {},
): Promise<StockMove[]> {
  const leftOutPart = tx
    .select({ one: sql`1` })
    .from(orderParts)
    .where(
      and(
        eq(orderParts.orderId, orderLines.orderId),
        eq(orderParts.shopId, orderLines.shopId),
        inArray(orderParts.status, without),
      ),
    );
  const lines = await tx
    .select()
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        shopId ? eq(orderLines.shopId, shopId) : undefined,
        notExists(leftOutPart),
      ),
    );
  return lines.flatMap((line) =>
    line.productId === null
      ? []
      : [
          {
            productId: line.productId,
            variantId: line.variantId,
            quantity: line.quantity,
            label: lineLabel(line.name, line.variantLabel),
          },
        ],
  );
}

async function addUnitsSold(tx: Tx, moves: readonly StockMove[], sign: 1 | -1): Promise<void> {
  for (const row of totalsPerRow(moves).products) {
    await tx
      .update(products)
      .set({ count: sql`greatest(${products.count} + ${sign * row.quantity}, 0)` })
      .where(eq(products.id, row.id));
  }
}

/** Units sold rank popular choices: counted when an order is confirmed or paid... */
export const countUnitsSold = (tx: Tx, moves: readonly StockMove[]) => addUnitsSold(tx, moves, 1);

/** ...and taken back when its payment is reversed. */
export const uncountUnitsSold = (tx: Tx, moves: readonly StockMove[]) =>
  addUnitsSold(tx, moves, -1);
