// Stock moves only through this file (takeStock, stockChainSql, returnStock), always inside the
// order's transaction or, when an order is placed, its one statement.
//
// Taking is one conditional UPDATE per row (`stock >= wanted`): PostgreSQL locks the row and, for
// a racing transaction, re-checks the condition against the committed value, so two shoppers
// for the last unit get one success and one miss, and the CHECK constraints (stock >= 0) back
// it up. Rows are locked in one global order (every variant by id, then every product by id) so
// two orders sharing products can never wait on each other in a cycle.
//
// Those updates run as one statement (one round trip), a chain of WITH steps in which each
// step's WHERE asks that the step before it took its row: PostgreSQL runs a step only after the
// one it reads, so the rows are still locked one at a time in that order, and the chain stops at
// the first short row. An order's insert carries the chain in its own statement (placing.ts).
import { problemText, type PartStatus } from '@soko/contract';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { buildStatement, rowsOf, runStatement, type Db, type Tx } from '../../platform/db';
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

async function soldOut(tx: Db | Tx, step: StockStep): Promise<never> {
  const { move } = step;
  const variantId = step.kind === 'variant' ? step.id : null;
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
    available === 0
      ? problemText('soldOut', { name: move.label })
      : problemText('onlyLeft', { name: move.label, count: available }),
    { productId: move.productId, variantId, available },
  );
}

/** One row a chain takes stock from: a variant's, or a product's own (the sum of its variants'). */
export type StockStep = {
  kind: 'variant' | 'product';
  id: string;
  quantity: number;
  /** The first line that moves this row, named when the row runs short. */
  move: StockMove;
};

/** Every move's rows in lock order (every variant by id, then every product by id). */
export function stockSteps(moves: readonly StockMove[]): StockStep[] {
  const rows = totalsPerRow(moves);
  return [
    ...rows.variants.map((row) => ({ kind: 'variant' as const, ...row })),
    ...rows.products.map((row) => ({ kind: 'product' as const, ...row })),
  ];
}

/**
 * The chain's WITH steps for rows of `kinds` (one per step, in lock order), for one statement:
 * `ctes` go in its WITH list and `taken` (how many rows were taken, in lock order) in its select
 * list. Each row's id and quantity are placeholders (`stock_{i}_id`, `stock_{i}_quantity`, filled
 * by `stockValues`), so the text depends only on the kinds and can be built once for them.
 * `after` names a WITH step that must have answered a row before any stock is taken (the order's
 * client lock, say), so every statement takes its locks in one order.
 */
export function stockChainSql(tx: Db | Tx, kinds: readonly StockStep['kind'][], after?: SQL) {
  const names = kinds.map((_, i) => sql.raw(`stock_${i}`));
  const ctes = kinds.map((kind, i) => {
    const before = i === 0 ? after : names[i - 1];
    const gate = before ? sql`exists (select 1 from ${before})` : undefined;
    const id = sql.placeholder(`stock_${i}_id`);
    const quantity = sql.placeholder(`stock_${i}_quantity`);
    const update =
      kind === 'variant'
        ? tx
            .update(productVariants)
            .set({ stock: sql`${productVariants.stock} - ${quantity}` })
            .where(and(eq(productVariants.id, id), gte(productVariants.stock, quantity), gate))
            .returning({ id: productVariants.id })
        : tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: sql`now()` })
            .where(and(eq(products.id, id), gte(products.stock, quantity), gate))
            .returning({ id: products.id });
    return sql`${names[i]} as (${update.getSQL()})`;
  });
  const counts = names.map((name) => sql`(select count(*) from ${name})`);
  return {
    ctes: sql.join(ctes, sql`, `),
    taken: sql`(${sql.join(counts, sql` + `)})::int`,
  };
}

/** The values of `stockChainSql`'s placeholders for these steps. */
export function stockValues(steps: readonly StockStep[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  steps.forEach((step, i) => {
    values[`stock_${i}_id`] = step.id;
    values[`stock_${i}_quantity`] = step.quantity;
  });
  return values;
}

/** A chain that took fewer than all its rows: out_of_stock (409) naming the first short line. */
export async function checkTaken(
  tx: Db | Tx,
  steps: readonly StockStep[],
  taken: number,
): Promise<void> {
  const short = steps[taken];
  if (short) await soldOut(tx, short);
}

/** Takes the stock of every move, or throws out_of_stock (409) naming the first short line. */
export async function takeStock(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  const steps = stockSteps(moves);
  if (steps.length === 0) return;
  const chain = stockChainSql(
    tx,
    steps.map((step) => step.kind),
  );
  const statement = buildStatement(sql`with ${chain.ctes} select ${chain.taken} as taken`);
  const [result] = rowsOf<{ taken: number }>(await runStatement(tx, statement, stockValues(steps)));
  await checkTaken(tx, steps, result?.taken ?? 0);
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
  const statement = shopId ? SHOP_STOCK_LINES : STOCK_LINES;
  const lines = rowsOf<{
    product_id: string | null;
    variant_id: string | null;
    quantity: number;
    name: string;
    variant_label: string | null;
  }>(await runStatement(tx, statement, { orderId, shopId, without }));
  return lines.flatMap((line) =>
    line.product_id === null
      ? []
      : [
          {
            productId: line.product_id,
            variantId: line.variant_id,
            quantity: line.quantity,
            label: lineLabel(line.name, line.variant_label),
          },
        ],
  );
}

// Every move of an order reads these (built once: Drizzle building them cost more CPU than
// PostgreSQL running them). The statuses go as text[]: PGlite cannot send a JavaScript array as
// an array of an enum.
const stockLines = (oneShop: boolean) =>
  buildStatement(sql`
    select l.product_id, l.variant_id, l.quantity, l.name, l.variant_label
    from ${orderLines} l
    where l.order_id = ${sql.placeholder('orderId')}
      ${oneShop ? sql`and l.shop_id = ${sql.placeholder('shopId')}` : sql``}
      and not exists (
        select 1 from ${orderParts} p
        where p.order_id = l.order_id and p.shop_id = l.shop_id
          and p.status::text = any(${sql.placeholder('without')}::text[]))
    order by l.position`);
const STOCK_LINES = stockLines(false);
const SHOP_STOCK_LINES = stockLines(true);

/** Units sold of each product moved, signed, in the products' lock order (by id). */
export type UnitsSold = { id: string; delta: number }[];

export const unitsSold = (moves: readonly StockMove[], sign: 1 | -1): UnitsSold =>
  totalsPerRow(moves).products.map((row) => ({ id: row.id, delta: sign * row.quantity }));

/**
 * Units sold rank popular choices: counted when an order is confirmed or paid, and taken back
 * when its payment is reversed. As WITH steps for one statement, one product after another in id
 * order like the stock (each step reads the one before it, whatever it answered), so no two
 * moves wait on each other in a cycle; with `after`, only if that WITH step answered a row (the
 * order's own move, in transitions.ts). Each product's id and change are placeholders
 * (`sold_{i}_id`, `sold_{i}_delta`, filled by `unitsSoldValues`), so the text depends only on
 * how many products there are. Empty when there are none.
 */
export function unitsSoldSql(tx: Db | Tx, count: number, after?: SQL): SQL[] {
  const names = Array.from({ length: count }, (_, i) => sql.raw(`sold_${i}`));
  return names.map((name, i) => {
    const previous = names[i - 1];
    const update = tx
      .update(products)
      .set({ count: sql`greatest(${products.count} + ${sql.placeholder(`sold_${i}_delta`)}, 0)` })
      .where(
        and(
          eq(products.id, sql.placeholder(`sold_${i}_id`)),
          after ? sql`exists (select 1 from ${after})` : undefined,
          previous ? sql`(select count(*) from ${previous}) >= 0` : undefined,
        ),
      )
      .returning({ id: products.id });
    return sql`${name} as (${update.getSQL()})`;
  });
}

/** The values of `unitsSoldSql`'s placeholders. */
export function unitsSoldValues(sold: UnitsSold): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  sold.forEach((row, i) => {
    values[`sold_${i}_id`] = row.id;
    values[`sold_${i}_delta`] = row.delta;
  });
  return values;
}

/** Takes back the units sold of some lines (a part cancelled), in one statement. */
export async function uncountUnitsSold(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  const sold = unitsSold(moves, -1);
  if (sold.length === 0) return;
  const steps = unitsSoldSql(tx, sold.length);
  await runStatement(
    tx,
    buildStatement(sql`with ${sql.join(steps, sql`, `)} select 1`),
    unitsSoldValues(sold),
  );
}
