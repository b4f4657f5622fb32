// Expiry: an unpaid order whose hold has passed gives its stock and code use back (the sweep).
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { orderLines, orders } from '../../platform/schema';
import { moveOrder } from './transitions';

/**
 * Expires open orders whose hold has passed, giving their stock and code uses back. Rows another
 * process is already handling are skipped, so several servers may sweep at once.
 */
export async function expireOverdueOrders(
  db: Db,
  now = new Date(),
  batch = 100,
): Promise<{ expired: number; productIds: string[] }> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment'), lt(orders.holdUntil, now)))
      .orderBy(orders.holdUntil)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const order of overdue) await moveOrder(tx, order, 'expired', { kind: 'system' }, { now });
    return { expired: overdue.length, productIds: await productIdsOf(tx, overdue) };
  });
}

/** The products of some orders' lines (whose stock or units sold moved with them). */
export async function productIdsOf(db: Db | Tx, of: ReadonlyArray<{ id: string }>) {
  if (of.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        of.map((order) => order.id),
      ),
    );
  return rows.flatMap((row) => (row.productId ? [row.productId] : []));
}
