// What the payments module asks of orders: an order readied for its online payment, and the
// order moved as a verified payment outcome says. Payments never write an order themselves.
import { PROBLEM_TEXTS, findOrderMove, type CheckoutForm } from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { orders } from '../../platform/schema';
import { lockOrderRow, type OrderRow } from './queries';
import { findOwnOrder } from './checkout';
import { completeRequestedRefund } from './refunds';
import { clearRefund, flagRefund, moveOrder, type Actor } from './transitions';
import {
  checkClaims,
  checkDestination,
  deliveryColumns,
  lockOrder,
  type ClaimedFigures,
} from './checkout';

/** What an order being paid online needs to tell the provider. */
export type PayableOrder = { id: string; orderNumber: string; totalCents: number };

/**
 * Readies an open order for its online payment, inside the payments module's transaction: the
 * order is locked, must be the caller's, unpaid and still held; the figures the client sent
 * must agree with it; and the delivery form is saved with it, so a verified payment can confirm
 * the order by itself even if the shopper's tab is closed before the final checkout.
 */
export async function prepareOrderForPayment(
  tx: Tx,
  orderId: string,
  caller: Caller | null,
  form: CheckoutForm & ClaimedFigures,
  now = new Date(),
): Promise<PayableOrder> {
  const order = await lockOrder(tx, orderId, caller);
  if (!order.payOnOrder) {
    throw conflict('conflict', PROBLEM_TEXTS.paidOnDelivery);
  }
  if (order.paidAt) throw conflict('already_paid', PROBLEM_TEXTS.orderAlreadyPaid);
  if (order.status !== 'pending_payment' || !order.holdUntil || order.holdUntil <= now) {
    throw conflict('order_closed', PROBLEM_TEXTS.orderNoLongerPaid);
  }
  await checkClaims(tx, order, form);
  // The delivery form saved here is where the parts go: the county they were priced for.
  checkDestination(order, form);
  await tx
    .update(orders)
    .set({ ...deliveryColumns(form), updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return { id: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents };
}

/**
 * An order the shopper may pay by hand to the Paybill (decision 042): online, unpaid, and open or
 * lapsed for want of payment (failed, expired); a late payment is applied as recordPaid says.
 */
export type HandPayableOrder = PayableOrder & { payable: boolean };

const HAND_PAYABLE = new Set(['pending_payment', 'payment_failed', 'expired']);

const handPayable = (order: OrderRow): HandPayableOrder => ({
  id: order.id,
  orderNumber: order.orderNumber,
  totalCents: order.totalCents,
  payable: order.payOnOrder && order.paidBy === null && HAND_PAYABLE.has(order.status),
});

/** The caller's order, read for the Paybill steps (404 when it is not theirs). */
export async function readHandPayableOrder(
  db: Db | Tx,
  orderId: string,
  caller: Caller | null,
): Promise<HandPayableOrder> {
  return handPayable(await findOwnOrder(db, orderId, caller));
}

/**
 * The order locked in `tx` for a code typed for it: the caller's (404 otherwise), or, with
 * `caller` 'provider', whoever's (M-Pesa's result about a code already claimed).
 */
export async function lockHandPayableOrder(
  tx: Tx,
  orderId: string,
  caller: Caller | null | 'provider',
): Promise<HandPayableOrder> {
  if (caller !== 'provider') return handPayable(await lockOrder(tx, orderId, caller));
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  return handPayable(order);
}

/** What the provider verified about one payment of an order. */
export type PaymentOutcome = 'completed' | 'failed' | 'reversed' | 'amount_mismatch';

const byPayment: Actor = { kind: 'payment' };

/**
 * Moves an order as a verified payment outcome says, inside the payments module's transaction.
 * The order remembers which payment paid it: any other payment completing for it is money to
 * give back (paid twice), never a second confirmation.
 */
export async function applyPaymentOutcome(
  tx: Tx,
  orderId: string,
  paymentId: string,
  outcome: PaymentOutcome,
  now = new Date(),
): Promise<void> {
  const order = await lockOrderRow(tx, orderId);
  if (!order) return;
  const paidByThis = order.paidBy === paymentId;
  const paidByAnother = order.paidBy !== null && !paidByThis;

  switch (outcome) {
    case 'amount_mismatch':
      // Money that does not match the order is not its payment: a person gives it back.
      await flagRefund(tx, order, 'amount_mismatch', byPayment);
      return;
    case 'failed':
      if (order.paidBy === null && order.status === 'pending_payment') {
        await moveOrder(tx, order, 'payment_failed', byPayment, { now });
      }
      return;
    case 'reversed':
      // The refund an admin asked for, approved: the order is refunded, not reversed.
      if (await completeRequestedRefund(tx, paymentId)) return;
      if (paidByThis) {
        if (findOrderMove(order.status, 'reversed')) {
          await moveOrder(tx, order, 'reversed', byPayment, { now });
        }
      } else if (paidByAnother) {
        // The second payment of an order paid twice went back: nothing is owed any more.
        if (order.refundReason === 'paid_twice') {
          await clearRefund(tx, order, byPayment, 'the second payment was reversed');
        }
      } else if (order.status === 'pending_payment') {
        await moveOrder(tx, order, 'reversed', byPayment, { now });
      }
      return;
    case 'completed':
      if (paidByThis) return;
      if (paidByAnother) {
        await flagRefund(tx, order, 'paid_twice', byPayment);
        return;
      }
      await recordPaid(tx, order, paymentId, now);
      return;
  }
}

/** The first payment of an order completed: paid, then confirmed (its form came with it). */
async function recordPaid(tx: Tx, order: OrderRow, paymentId: string, now: Date) {
  const paidSet = { paidAt: now, paidBy: paymentId };
  if (order.status === 'pending_payment') {
    const paid = await moveOrder(tx, order, 'paid', byPayment, { set: paidSet, now });
    await moveOrder(tx, paid, 'confirmed', byPayment, { now });
    return;
  }
  if (order.status === 'expired' || order.status === 'payment_failed') {
    // Paid after its hold ran out: the stock went back, so take it again if it is still there;
    // otherwise the order is cancelled and the shop owes the shopper their money.
    const paid = await tx
      .transaction((savepoint) =>
        moveOrder(savepoint, order, 'paid', byPayment, { set: paidSet, now }),
      )
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'out_of_stock') return null;
        throw error;
      });
    if (paid) {
      await moveOrder(tx, paid, 'confirmed', byPayment, { now });
    } else {
      await moveOrder(tx, order, 'cancelled', byPayment, {
        set: paidSet,
        refundReason: 'sold_out_after_payment',
        note: 'paid after the hold ran out; the items had sold meanwhile',
        now,
      });
    }
    return;
  }
  // Cancelled, reversed or otherwise closed: the money has nowhere to go but back.
  await tx.update(orders).set({ paidAt: now, paidBy: paymentId }).where(eq(orders.id, order.id));
  await flagRefund(tx, order, 'paid_after_close', byPayment);
}
