// The one place an order's state changes. Each move is looked up in the contract's ORDER_MOVES
// table, which also says what the move does to the lines' stock, the discount code's use, the
// units sold and the refund flag; this file does exactly that, then keeps the move in the
// order's history. A pair the table does not list is refused.
import { findOrderMove, type OrderStatus, type RefundReason } from '@soko/contract';
import { and, eq, sql, type Placeholder, type Query } from 'drizzle-orm';
import {
  buildStatement,
  encodeColumn,
  rowsOf,
  runStatement,
  type Db,
  type Tx,
} from '../../platform/db';
import { conflict } from '../../platform/errors';
import { orderParts, orders, orderStatusChanges } from '../../platform/schema';
import { giveBackCodeUse, retakeCodeUse } from './discount-codes';
import type { OrderRow } from './queries';
import {
  orderStockMoves,
  returnStock,
  takeStock,
  unitsSold,
  unitsSoldSql,
  unitsSoldValues,
  type UnitsSold,
} from './stock';

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

const forbiddenMove = (from: OrderStatus, to: OrderStatus) =>
  conflict('order_state', `An order that is ${label(from)} cannot become ${label(to)}.`, {
    from,
    to,
  });

/** The order was moved by someone else between our read and our write. */
const changedMeanwhile = () =>
  conflict('order_state', 'The order changed meanwhile. Please try again.');

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

  // Units of every part still going count (or uncount); stock moves only for parts whose goods
  // have not left the shop.
  const lines = move.unitsSold === 'none' ? [] : await orderStockMoves(tx, order.id);
  const onShelf =
    move.stock === 'none'
      ? []
      : await orderStockMoves(tx, order.id, { without: ['cancelled', 'shipped', 'delivered'] });
  if (move.stock === 'take') await takeStock(tx, onShelf);
  if (move.stock === 'return') await returnStock(tx, onShelf);
  if (order.discountCodeId && move.codeUse === 'take')
    await retakeCodeUse(tx, order.discountCodeId, order.clientKey, now);
  if (order.discountCodeId && move.codeUse === 'return')
    await giveBackCodeUse(tx, order.discountCodeId, order.clientKey);
  const sold =
    move.unitsSold === 'none' ? [] : unitsSold(lines, move.unitsSold === 'count' ? 1 : -1);

  const paid = order.paidAt !== null || set.paidAt != null;
  const refund =
    move.refund === 'flag' && paid
      ? { refundReason: refundReason ?? 'cancelled_after_payment' }
      : move.refund === 'clear'
        ? { refundReason: null }
        : {};
  const changes = {
    ...set,
    ...refund,
    status: to,
    ...(to === 'pending_payment' ? {} : { holdUntil: null }),
    ...(to === 'confirmed' ? { confirmedAt: now } : {}),
  };
  if (!(await updateWithChange(tx, order, changes, { to, actor, note }, sold))) {
    throw forbiddenMove(order.status, to);
  }
  await partsFollow(tx, order.id, order.status, to);
  return { ...order, ...changes, updatedAt: now };
}

/**
 * The parts follow their order where the order moves them all: confirmed together when it is
 * confirmed, and the ones not yet sent cancelled when a confirmed order is cancelled or reversed.
 * (A part's own moves go the other way: see parts.ts.)
 */
async function partsFollow(tx: Tx, orderId: string, from: OrderStatus, to: OrderStatus) {
  const move =
    to === 'confirmed'
      ? { from: 'pending_payment' as const, to: 'confirmed' as const }
      : from === 'confirmed' && (to === 'cancelled' || to === 'reversed')
        ? { from: 'confirmed' as const, to: 'cancelled' as const }
        : null;
  if (!move) return;
  await runStatement(tx, PARTS_FOLLOW, { orderId, ...move });
}

// Built once: every checkout runs it.
const PARTS_FOLLOW = buildStatement(sql`
  update ${orderParts} set status = ${sql.placeholder('to')}::order_status, updated_at = now()
  where order_id = ${sql.placeholder('orderId')} and status = ${sql.placeholder('from')}::order_status`);

type Change = { to: OrderStatus; actor: Actor; note?: string | undefined };

/** The statements of updateWithChange, one per set of columns written and count of products. */
const changeStatements = new Map<string, Query>();

/**
 * Writes `changes` to the order and keeps the change in its history, in one statement (one
 * round trip), only while the order is still in the state it was read in: a move made
 * meanwhile by someone else is never overwritten. Answers whether it was written. `sold` are the
 * units sold that go with the move, counted only with it. Its statement is built once for the
 * columns written and the number of products (every checkout and payment runs it).
 */
async function updateWithChange(
  tx: Tx,
  order: OrderRow,
  changes: Partial<typeof orders.$inferInsert>,
  { to, actor, note }: Change,
  sold: UnitsSold = [],
): Promise<boolean> {
  const written = Object.entries(changes).filter(([, value]) => value !== undefined);
  const columns = written.map(([column]) => column).sort();
  const key = `${columns.join(',')}/${sold.length}`;
  let statement = changeStatements.get(key);
  if (!statement) {
    // Raw placeholders, filled with values already encoded below: Drizzle would run a column's
    // encoder on a null too (a timestamp's throws).
    const set = Object.fromEntries(
      columns.map((column) => [column, sql`${sql.placeholder(`set_${column}`)}`]),
    );
    const update = tx
      .update(orders)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, sql.placeholder('orderId')),
          sql`${orders.status} = ${sql.placeholder('from')}::order_status`,
        ),
      )
      .returning({ id: orders.id });
    const steps = [
      sql`moved as (${update.getSQL()})`,
      ...unitsSoldSql(tx, sold.length, sql`moved`),
    ];
    statement = buildStatement(sql`
      with ${sql.join(steps, sql`, `)}
      insert into ${orderStatusChanges} (order_id, from_status, to_status, actor, actor_user_id, note)
      select id, ${sql.placeholder('from')}::order_status, ${sql.placeholder('to')}::order_status,
        ${sql.placeholder('actor')}, ${sql.placeholder('actorUserId')}::uuid, ${sql.placeholder('note')}
      from moved
      returning order_id`);
    // Bounded: the columns written come from this module's callers, a few sets in all.
    if (changeStatements.size < 64) changeStatements.set(key, statement);
  }
  const values: Record<string, unknown> = {
    ...Object.fromEntries(
      written.map(([column, value]) => [`set_${column}`, encodeColumn(orders, column, value)]),
    ),
    ...unitsSoldValues(sold),
    orderId: order.id,
    from: order.status,
    to,
    actor: actor.kind,
    actorUserId: actor.userId ?? null,
    note: note ?? null,
  };
  return rowsOf<{ order_id: string }>(await runStatement(tx, statement, values)).length > 0;
}

/**
 * The history's first line, as an insert to run with the order's own (one round trip): placed by
 * a shopper, signed in (`shopperId`) or not (null), both possibly placeholders of the order's
 * statement (built once, placing.ts).
 */
export const placedChange = (
  tx: Db | Tx,
  orderId: string | Placeholder,
  shopperId: string | null | Placeholder,
) =>
  tx.insert(orderStatusChanges).values({
    orderId,
    fromStatus: null,
    toStatus: 'pending_payment',
    actor: 'shopper',
    actorUserId: shopperId,
  });

/** Marks money the order received as owed back to the shopper, without moving its state. */
export async function flagRefund(
  tx: Tx,
  order: OrderRow,
  reason: RefundReason,
  actor: Actor,
): Promise<void> {
  // The first reason stands: a second flag on an order already owed money changes nothing.
  if (order.refundReason) return;
  const change = { to: order.status, actor, note: `refund owed: ${reason}` };
  if (!(await updateWithChange(tx, order, { refundReason: reason }, change))) {
    throw changedMeanwhile();
  }
}

export async function clearRefund(tx: Tx, order: OrderRow, actor: Actor, note: string) {
  if (!order.refundReason) return;
  if (
    !(await updateWithChange(tx, order, { refundReason: null }, { to: order.status, actor, note }))
  ) {
    throw changedMeanwhile();
  }
}
