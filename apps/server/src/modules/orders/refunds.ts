// Money owed back to shoppers: how much and through which payment, the admin's refund queue,
// the refunds table (the orders module is its one writer), and marking an order refunded once the
// provider (or a person, by hand) has given it back. Asking the provider is the payments
// module's part; it calls these inside its transactions.
import {
  PROBLEM_TEXTS,
  fromCents,
  isUuid,
  type RefundQueueEntry,
  type RefundReason,
  type RefundStatus,
} from '@soko/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { orderParts, orders, payments, refunds } from '../../platform/schema';
import { recordEvent } from './events';
import { lockOrderRow, type OrderRow } from './queries';
import { clearRefund, moveOrder, type Actor } from './transitions';

export type RefundDue = {
  order: OrderRow;
  paymentId: string;
  /** The provider that took the payment, which is asked to give it back. */
  provider: string;
  trackingId: string;
  amountCents: number;
  reason: RefundReason;
};

const completedRefundsOf = (tx: Db | Tx, orderId: string) =>
  tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')));

/**
 * What an order owes back and through which payment, with the order locked until the caller's
 * commit (so two refunds of one order take turns). 409 when nothing is owed, or when the money
 * cannot go back through the provider and a person must settle it.
 */
export async function refundDue(tx: Tx, orderId: string): Promise<RefundDue> {
  if (!isUuid(orderId)) throw notFound(PROBLEM_TEXTS.orderNotFound);
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  const reason = order.refundReason;
  if (!reason) throw conflict('nothing_owed', PROBLEM_TEXTS.nothingOwed);
  if (reason === 'amount_mismatch') {
    throw conflict(
      'refund_by_hand',
      'The amount received differs from the order: check it with the provider and settle it by hand.',
    );
  }
  // Paid twice: the payment that did not pay the order goes back. Otherwise the one that did.
  const [payment] = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      trackingId: payments.trackingId,
      amountCents: payments.amountCents,
    })
    .from(payments)
    .where(
      reason === 'paid_twice'
        ? and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'completed'),
            order.paidBy ? ne(payments.id, order.paidBy) : undefined,
          )
        : eq(payments.id, order.paidBy ?? '00000000-0000-0000-0000-000000000000'),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment?.trackingId) {
    throw conflict('refund_by_hand', 'No completed payment of this order can be refunded.');
  }
  const [done] = await completedRefundsOf(tx, orderId);
  const refundedCents = Number(done?.cents ?? 0);
  let amountCents = payment.amountCents;
  if (reason === 'part_cancelled') {
    const [parts] = await tx
      .select({ cents: sql<number>`coalesce(sum(${orderParts.refundCents}), 0)::int` })
      .from(orderParts)
      .where(eq(orderParts.orderId, orderId));
    amountCents = Math.min(Number(parts?.cents ?? 0) - refundedCents, payment.amountCents);
  } else if (reason !== 'paid_twice') {
    amountCents = payment.amountCents - refundedCents;
  }
  if (amountCents <= 0) throw conflict('nothing_owed', PROBLEM_TEXTS.nothingOwed);
  return {
    order,
    paymentId: payment.id,
    provider: payment.provider,
    trackingId: payment.trackingId,
    amountCents,
    reason,
  };
}

/** A refund reserved before the provider is asked: what is owed, and the refund's row. */
export type ReservedRefund = RefundDue & { refundId: string };

/**
 * Reserves the refund of what an order owes (refundDue, the order locked) before the provider is
 * asked: 409 while one request of the payment waits for the provider. The table allows one
 * refund per payment, so a second one fails with its unique violation (23505) for the caller
 * to answer.
 */
export async function reserveRefund(
  tx: Tx,
  orderId: string,
  actor: Actor,
): Promise<ReservedRefund> {
  const due = await refundDue(tx, orderId);
  const [waiting] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, due.paymentId), eq(refunds.status, 'requested')));
  if (waiting) {
    throw conflict('refund_pending', 'A refund of this payment is waiting for the provider.');
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId,
      paymentId: due.paymentId,
      amountCents: due.amountCents,
      actorUserId: actor.userId ?? null,
    })
    .returning({ id: refunds.id });
  if (!row) throw new Error('refund insert returned nothing');
  return { ...due, refundId: row.id };
}

/**
 * The provider's answer to a reserved refund, kept with it; when the money went back at once,
 * the order is marked refunded in the same transaction.
 */
export async function recordRefundAnswer(
  tx: Tx,
  reserved: Pick<ReservedRefund, 'refundId' | 'amountCents'> & { order: { id: string } },
  answer: { status: RefundStatus; message: string },
  actor: Actor,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ status: answer.status, message: answer.message.slice(0, 500), updatedAt: sql`now()` })
    .where(eq(refunds.id, reserved.refundId));
  if (answer.status === 'completed') {
    await markRefunded(tx, reserved.order.id, reserved.amountCents, actor);
  }
}

/**
 * The provider has given the money back: the refund flag is cleared, and a cancelled order
 * becomes refunded (DESIGN: refunded is set only when the provider confirms it). Locks the order.
 */
export async function markRefunded(
  tx: Tx,
  orderId: string,
  amountCents: number,
  actor: Actor,
): Promise<void> {
  const order = await lockOrderRow(tx, orderId);
  if (!order) return;
  const note = `refunded Ksh ${fromCents(amountCents).toFixed(2)} through the payment provider`;
  // The money back is the event the shopper hears of, whether or not the order moves with it.
  await recordEvent(tx, orderId, 'refund.completed', actor.kind, { cents: amountCents });
  if (order.status === 'cancelled') {
    await moveOrder(tx, order, 'refunded', actor, { note });
    return;
  }
  await clearRefund(tx, order, actor, note);
}

/**
 * A payment reported reversed after an admin asked for its refund: that is the refund done
 * (Pesapal shows an approved refund so). Answers whether there was such a request.
 */
export async function completeRequestedRefund(tx: Tx, paymentId: string): Promise<boolean> {
  const [request] = await tx
    .update(refunds)
    .set({ status: 'completed', updatedAt: sql`now()` })
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'requested')))
    .returning({ orderId: refunds.orderId, amountCents: refunds.amountCents });
  if (!request) return false;
  await markRefunded(tx, request.orderId, request.amountCents, { kind: 'payment' });
  return true;
}

/** POST /api/order/{orderId}/refund/resolve: the money went back outside Soko, a note says how. */
export async function resolveRefundByHand(
  db: Db,
  orderId: string,
  note: string,
  actor: Actor,
): Promise<void> {
  if (!isUuid(orderId)) throw notFound(PROBLEM_TEXTS.orderNotFound);
  await db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
    if (!order.refundReason) throw conflict('nothing_owed', PROBLEM_TEXTS.nothingOwed);
    await clearRefund(tx, order, actor, `settled by hand: ${note}`);
  });
}

/** The refund queue: every order that owes money back, oldest first, with what it owes. */
export async function refundQueue(db: Db): Promise<RefundQueueEntry[]> {
  const rows = rowsOf<{
    id: string;
    order_number: string;
    status: RefundQueueEntry['status'];
    created_at: string | Date;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    refund_reason: RefundReason;
    total_cents: number;
    part_refund_cents: number;
    refunded_cents: number;
    extra_payment_cents: number | null;
    last_status: 'requested' | 'completed' | 'refused' | null;
    last_message: string | null;
    last_at: string | Date | null;
  }>(
    await db.execute(sql`
      select o.id, o.order_number, o.status, o.created_at, o.first_name, o.last_name, o.email,
        o.refund_reason, o.total_cents,
        (select coalesce(sum(p.refund_cents), 0)::int from ${orderParts} p
          where p.order_id = o.id) as part_refund_cents,
        (select coalesce(sum(r.amount_cents), 0)::int from ${refunds} r
          where r.order_id = o.id and r.status = 'completed') as refunded_cents,
        (select pay.amount_cents from ${payments} pay
          where pay.order_id = o.id and pay.status = 'completed'
            and pay.id is distinct from o.paid_by
          order by pay.created_at desc limit 1) as extra_payment_cents,
        last.status as last_status, last.message as last_message, last.created_at as last_at
      from ${orders} o
      left join lateral (
        select r.status, r.message, r.created_at from ${refunds} r
        where r.order_id = o.id order by r.created_at desc limit 1
      ) last on true
      where o.refund_reason is not null
      order by o.updated_at, o.id
      limit 500`),
  );
  return rows.map((row) => {
    const owed =
      row.refund_reason === 'paid_twice' || row.refund_reason === 'amount_mismatch'
        ? (row.extra_payment_cents ?? 0)
        : row.refund_reason === 'part_cancelled'
          ? row.part_refund_cents - row.refunded_cents
          : row.total_cents - row.refunded_cents;
    return {
      _id: row.id,
      orderId: row.order_number,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      customer: [row.first_name, row.last_name].filter(Boolean).join(' '),
      email: row.email ?? '',
      refundReason: row.refund_reason,
      amount: fromCents(Math.max(owed, 0)),
      lastRefund:
        row.last_status && row.last_at
          ? {
              status: row.last_status,
              message: row.last_message,
              at: new Date(row.last_at).toISOString(),
            }
          : null,
    };
  });
}
