// The one place an order's state changes. Each move is looked up in the contract's ORDER_MOVES
// table, which also says what the move does to the lines' stock, the discount code's use, the
// units sold and the refund flag; this file does exactly that, then keeps the move in the
// order's history. A pair the table does not list is refused.
import { findOrderMove, type OrderStatus, type RefundReason } from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { orders, orderStatusChanges } from '../../platform/schema';
import { giveBackCodeUse, retakeCodeUse } from './discount-codes';
import type { OrderRow } from './queries';
import { countUnitsSold, orderStockMoves, returnStock, takeStock, uncountUnitsSold } from './stock';

/** Who makes a move: kept in the order's history. */
export type Actor = {
  kind: 'shopper' | 'payment' | 'system' | 'owner' | 'admin';
  userId?: string | null;
};

export type MoveOptions = {
  note?: string;
  /** Why money must go back, when the move flags a refund of a paid order. */
  refundReason?: RefundReason;
  /** Columns written together with the move (the delivery form, say). */
  set?: Partial<typeof orders.$inferInsert>;
  now?: Date;
};

export const forbiddenMove = (from: OrderStatus, to: OrderStatus) =>
  conflict('order_state', `An order that is ${label(from)} cannot become ${label(to)}.`, {
    from,
    to,
  });

const label = (status: OrderStatus) => status.replaceAll('_', ' ');

/**
 * Moves `order` (read in this transaction, ideally locked) to `to`, applying the table's
 * effects. Throws 409 order_state for a move the table does not allow, or when the order moved
 * meanwhile, and out_of_stock when a move that takes stock finds it gone.
 */
export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: Actor,
  { note, refundReason, set = {}, now = new Date() }: MoveOptions = {},
): Promise<OrderRow> {
  const move = findOrderMove(order.status, to);
  if (!move) throw forbiddenMove(order.status, to);

  const lines =
    move.stock === 'none' && move.unitsSold === 'none' ? [] : await orderStockMoves(tx, order.id);
  if (move.stock === 'take') await takeStock(tx, lines);
  if (move.stock === 'return') await returnStock(tx, lines);
  if (order.discountCodeId && move.codeUse === 'take')
    await retakeCodeUse(tx, order.discountCodeId, now);
  if (order.discountCodeId && move.codeUse === 'return')
    await giveBackCodeUse(tx, order.discountCodeId);
  if (move.unitsSold === 'count') await countUnitsSold(tx, lines);
  if (move.unitsSold === 'uncount') await uncountUnitsSold(tx, lines);

  const paid = order.paidAt !== null || set.paidAt != null;
  const refund =
    move.refund === 'flag' && paid
      ? { refundReason: refundReason ?? 'cancelled_after_payment' }
      : move.refund === 'clear'
        ? { refundReason: null }
        : {};
  const [moved] = await tx
    .update(orders)
    .set({
      ...set,
      ...refund,
      status: to,
      ...(to === 'pending_payment' ? {} : { holdUntil: null }),
      ...(to === 'confirmed' ? { confirmedAt: now } : {}),
      updatedAt: sql`now()`,
    })
    // The state it was read in: a move made meanwhile by someone else is never overwritten.
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) throw forbiddenMove(order.status, to);
  await recordChange(tx, order.id, order.status, to, actor, note);
  return moved;
}

/** Keeps one change in the order's history (`from` null: the order was placed). */
export async function recordChange(
  tx: Tx,
  orderId: string,
  from: OrderStatus | null,
  to: OrderStatus,
  actor: Actor,
  note?: string,
): Promise<void> {
  await tx.insert(orderStatusChanges).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    actor: actor.kind,
    actorUserId: actor.userId ?? null,
    note: note ?? null,
  });
}

/** Marks money the order received as owed back to the shopper, without moving its state. */
export async function flagRefund(
  tx: Tx,
  order: OrderRow,
  reason: RefundReason,
  actor: Actor,
): Promise<void> {
  // The first reason stands: a second flag on an order already owed money changes nothing.
  if (order.refundReason) return;
  await tx
    .update(orders)
    .set({ refundReason: reason, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await recordChange(tx, order.id, order.status, order.status, actor, `refund owed: ${reason}`);
}

export async function clearRefund(tx: Tx, order: OrderRow, actor: Actor, note: string) {
  if (!order.refundReason) return;
  await tx
    .update(orders)
    .set({ refundReason: null, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await recordChange(tx, order.id, order.status, order.status, actor, note);
}
