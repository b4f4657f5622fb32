// Drives the contract's transition table through the orders module: every pair of states, the
// allowed moves with their effects on stock, the discount code's uses, units sold and the refund
// flag, and the forbidden ones with nothing changed at all.
import {
  ORDER_MOVES,
  ORDER_STATUSES,
  findOrderMove,
  type OrderMove,
  type OrderStatus,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeProduct, orderBody, type FixtureProduct } from '../../../test/order-fixtures';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  discountCodes,
  orders,
  orderStatusChanges,
  products,
  productVariants,
} from '../../platform/schema';
import { createOrder } from './placing';
import { moveOrder } from './transitions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const QUANTITY = 2;
const STOCK = 10;

/** The shortest chain of allowed moves from a placed order to `target`. */
function pathTo(target: OrderStatus): OrderMove[] {
  const queue: Array<{ at: OrderStatus; path: OrderMove[] }> = [
    { at: 'pending_payment', path: [] },
  ];
  const seen = new Set<OrderStatus>(['pending_payment']);
  while (queue.length > 0) {
    const { at, path } = queue.shift() as { at: OrderStatus; path: OrderMove[] };
    if (at === target) return path;
    for (const move of ORDER_MOVES.filter((m) => m.from === at && !seen.has(m.to))) {
      seen.add(move.to);
      queue.push({ at: move.to, path: [...path, move] });
    }
  }
  throw new Error(`no allowed path reaches ${target}`);
}

type World = { stock: number; variantStock: number; count: number; codeUses: number };

async function worldOf(product: FixtureProduct, codeId: string): Promise<World> {
  const [p] = await t.database.db
    .select({ stock: products.stock, count: products.count })
    .from(products)
    .where(eq(products.id, product.id));
  const [v] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, product.variantIds[0] as string));
  const [c] = await t.database.db
    .select({ used: discountCodes.usedCount })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId));
  if (!p || !v || !c) throw new Error('fixture rows are missing');
  return { stock: p.stock, variantStock: v.stock, count: p.count, codeUses: c.used };
}

const readOrder = async (id: string, db: Pick<Db, 'select'> = t.database.db) => {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`order ${id} is missing`);
  return row;
};

const historyLength = async (id: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, id))
  )[0]?.n ?? 0;

/** A placed order of two units of a fresh product, with a fresh one-percent code, paid or not. */
async function placedOrder(paid: boolean) {
  const product = await makeProduct(t.database.db, {
    payOnOrder: true,
    variants: [STOCK],
    priceKsh: 100,
  });
  const [code] = await t.database.db
    .insert(discountCodes)
    .values({ code: `T${randomUUID().slice(0, 8)}`, kind: 'percent', value: 1, usageLimit: 5 })
    .returning();
  if (!code) throw new Error('code insert returned nothing');
  const body = {
    ...orderBody([{ product, quantity: QUANTITY, variant: 0 }]),
    discountCode: code.code,
    discount: 2,
    totalPrice: 208,
  };
  const created = await createOrder(
    t.database.db,
    body,
    { caller: null, clientKey: 'test:transitions', networkKey: 'test:transitions-network' },
    {
      orderHoldMinutes: 15,
      maxOpenOrders: 10_000,
      maxOpenOrdersPerAddress: 10_000,
      maxHeldUnitsPerShop: 1_000_000,
      heldOrdersWorthPerProduct: 1_000,
      addressHoldFactor: 1_000,
    },
  );
  if (paid) {
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(), paidBy: randomUUID() })
      .where(eq(orders.id, created._id));
  }
  return { product, codeId: code.id, orderId: created._id };
}

// Read inside the transaction: PGlite has one connection, which the transaction holds.
const move = (orderId: string, to: OrderStatus) =>
  t.database.db.transaction(async (tx) =>
    moveOrder(tx, await readOrder(orderId, tx), to, { kind: 'admin' }),
  );

/** An order walked along allowed moves to `from`; paid online when `paid`. */
async function orderIn(from: OrderStatus, paid: boolean) {
  const placed = await placedOrder(paid);
  for (const step of pathTo(from)) await move(placed.orderId, step.to);
  expect((await readOrder(placed.orderId)).status).toBe(from);
  return placed;
}

const delta = (effect: 'take' | 'return' | 'none') =>
  effect === 'take' ? -QUANTITY : effect === 'return' ? QUANTITY : 0;

describe('the order transition table', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));
  const allowed = pairs.filter(({ from, to }) => findOrderMove(from, to));
  const forbidden = pairs.filter(({ from, to }) => !findOrderMove(from, to));

  it('has moves to test on both sides', () => {
    expect(allowed.length).toBe(ORDER_MOVES.length);
    expect(forbidden.length).toBe(ORDER_STATUSES.length ** 2 - ORDER_MOVES.length);
  });

  it.each(allowed)('moves $from -> $to with the table’s effects', async ({ from, to }) => {
    const tableMove = findOrderMove(from, to) as OrderMove;
    for (const paid of [false, true]) {
      const { product, codeId, orderId } = await orderIn(from, paid);
      const before = await worldOf(product, codeId);
      const historyBefore = await historyLength(orderId);
      await move(orderId, to);

      const after = await worldOf(product, codeId);
      const order = await readOrder(orderId);
      expect(order.status).toBe(to);
      expect(after.stock - before.stock).toBe(delta(tableMove.stock));
      expect(after.variantStock - before.variantStock).toBe(delta(tableMove.stock));
      expect(before.codeUses - after.codeUses).toBe(delta(tableMove.codeUse) / QUANTITY);
      const sold = { count: QUANTITY, uncount: -QUANTITY, none: 0 }[tableMove.unitsSold];
      expect(after.count - before.count).toBe(sold);
      // Paths here never flag a refund on the way, so only this move can have set one.
      const flagged = tableMove.refund === 'flag' && paid;
      expect(order.refundReason).toBe(flagged ? 'cancelled_after_payment' : null);
      if (to !== 'pending_payment') expect(order.holdUntil).toBeNull();
      expect(await historyLength(orderId)).toBe(historyBefore + 1);
    }
  });

  it.each(forbidden)('refuses $from -> $to and changes nothing', async ({ from, to }) => {
    const { product, codeId, orderId } = await orderIn(from, true);
    const before = await worldOf(product, codeId);
    const orderBefore = await readOrder(orderId);
    const historyBefore = await historyLength(orderId);

    const refused = await move(orderId, to).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: 'order_state' });

    expect(await worldOf(product, codeId)).toEqual(before);
    expect(await readOrder(orderId)).toEqual(orderBefore);
    expect(await historyLength(orderId)).toBe(historyBefore);
  });

  it('refuses a move made from a stale read: the order moved meanwhile', async () => {
    const { orderId } = await placedOrder(false);
    const stale = await readOrder(orderId);
    await move(orderId, 'expired');
    const refused = await t.database.db
      .transaction((tx) => moveOrder(tx, stale, 'confirmed', { kind: 'admin' }))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, code: 'order_state' });
    expect((await readOrder(orderId)).status).toBe('expired');
  });

  it('takes stock again only while it is there: a late payment for sold-out items is refused', async () => {
    const { product, orderId } = await orderIn('expired', true);
    await t.database.db
      .update(productVariants)
      .set({ stock: 1 })
      .where(eq(productVariants.id, product.variantIds[0] as string));
    await t.database.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const refused = await move(orderId, 'paid').catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 409, code: 'out_of_stock' });
    expect((await readOrder(orderId)).status).toBe('expired');
  });
});
