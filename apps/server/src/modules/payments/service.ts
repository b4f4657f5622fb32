// Online payment: start a payment for an open order, and apply what the provider says happened
// to it, once. Every notification (provider IPN, sandbox button, sweep, status poll) goes through
// handleNotification: it asks the provider for the truth, then moves the payment and its order
// forward in one transaction. A repeat, or a stale status arriving late, changes nothing.
import { randomUUID } from 'node:crypto';
import {
  fromCents,
  type PaymentStatusEvent,
  type ProcessPaymentBody,
  type ProcessPaymentResponse,
} from '@soko/contract';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { orders, paymentEvents, payments } from '../../platform/schema';
import { giveBackCodeUse } from '../orders/discount-codes';
import { findOrder, type OrderRow } from '../orders/queries';
import { assertMayUse, deliveryColumns } from '../orders/service';
import {
  countUnitsSold,
  orderStockMoves,
  returnStock,
  takeStock,
  uncountUnitsSold,
} from '../orders/stock';
import {
  ProviderError,
  STATUS_CODE_OF,
  type PaymentProvider,
  type PaymentState,
  type ProviderStatus,
} from './provider';

export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  /** Pushes a status to the payment's room (after the change is committed). */
  publish: (trackingId: string, event: PaymentStatusEvent) => void;
};

type PaymentRow = typeof payments.$inferSelect;

// States only move up this ladder. failed -> completed is allowed: a shopper may retry on the
// provider's page after a failed attempt, and money that arrived must never be ignored.
const RANK: Record<PaymentState, number> = { pending: 0, failed: 1, completed: 2, reversed: 3 };

const PROVIDER_UNAVAILABLE = 'We could not reach the payment service. Please try again.';

// ---------------------------------------------------------------------------------------------
// Starting a payment

/** POST /api/payments/process: the checkout form is stored with the order, then the provider's page. */
export async function startPayment(
  deps: PaymentDeps,
  body: ProcessPaymentBody,
  caller: Caller | null,
  now = new Date(),
): Promise<ProcessPaymentResponse> {
  const { db, provider, publicUrl } = deps;
  const order = await findOrder(db, body.orderId);
  if (!order) throw notFound('Order not found.');
  assertMayUse(order, caller);
  if (!order.payOnOrder) {
    throw conflict('conflict', 'This order is paid on delivery: no online payment is needed.');
  }
  if (order.status !== 'pending_payment' || !order.holdUntil || order.holdUntil <= now) {
    throw conflict('order_closed', 'This order can no longer be paid. Please order again.');
  }

  const form = body.formData;
  const delivery = deliveryColumns(form);
  // The form travels with the payment, so a verified payment can confirm the order by itself
  // even if the shopper's tab is closed before the final checkout call.
  await db
    .update(orders)
    .set({ ...delivery, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));

  // A second click (or a retry after a lost answer) gets the payment already started.
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open?.redirectUrl) {
    return { success: true, trackingId: open.trackingId, redirectUrl: open.redirectUrl };
  }

  const paymentId = randomUUID();
  let started;
  try {
    started = await provider.submitOrder({
      merchantReference: paymentId,
      amountKsh: fromCents(order.totalCents),
      currency: 'KES',
      description: `Soko order ${order.orderNumber}`,
      callbackUrl: `${publicUrl}/orders/${order.id}`,
      cancellationUrl: `${publicUrl}/checkout`,
      billing: {
        email: form.email,
        phoneNumber: delivery.phoneNumber,
        firstName: form.firstName,
        middleName: form.middleName,
        lastName: form.lastName,
        countryCode: 'KE',
        line1: form.address,
        city: form.city,
        state: form.county,
        postalCode: form.postalcode,
      },
    });
  } catch (error) {
    if (error instanceof ProviderError || error instanceof TypeError) {
      throw new AppError(502, 'payment_unavailable', PROVIDER_UNAVAILABLE);
    }
    throw error;
  }
  await db.insert(payments).values({
    id: paymentId,
    orderId: order.id,
    provider: provider.name,
    trackingId: started.trackingId,
    status: 'pending',
    statusCode: STATUS_CODE_OF.pending,
    redirectUrl: started.redirectUrl,
    amountCents: order.totalCents,
  });
  return { success: true, trackingId: started.trackingId, redirectUrl: started.redirectUrl };
}

// ---------------------------------------------------------------------------------------------
// Applying what the provider says

export type Notification = {
  trackingId: string;
  /** 'ipn', 'sandbox', 'sweep', 'status-poll'. */
  kind: string;
  payload: Record<string, unknown>;
};

export type NotificationResult = { known: boolean; applied: boolean };

async function findPayment(db: Db | Tx, trackingId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.trackingId, trackingId))
    .limit(1);
  return row;
}

export function statusEvent(payment: PaymentRow): PaymentStatusEvent {
  const raw = payment.details ?? {};
  return {
    ...raw,
    status_code: payment.statusCode ?? STATUS_CODE_OF[payment.status],
    payment_method: payment.paymentMethod ?? '',
    order_tracking_id: payment.trackingId,
    orderId: payment.orderId,
  };
}

/**
 * Verifies a notification with the provider and applies it once. Throws a ProviderError when
 * the provider cannot be asked (the notification is stored; the sender should retry).
 */
export async function handleNotification(
  deps: PaymentDeps,
  notification: Notification,
): Promise<NotificationResult> {
  const { db, provider } = deps;
  const payment = await findPayment(db, notification.trackingId);
  if (!payment || payment.provider !== provider.name) {
    // Forged or foreign: kept for the record, never asked about, never applied.
    await db.insert(paymentEvents).values({
      trackingId: notification.trackingId.slice(0, 100),
      provider: provider.name,
      kind: notification.kind,
      payload: notification.payload,
    });
    return { known: false, applied: false };
  }

  let verified: ProviderStatus;
  try {
    verified = await provider.getStatus(payment.trackingId);
  } catch (error) {
    await db.insert(paymentEvents).values({
      paymentId: payment.id,
      trackingId: payment.trackingId,
      provider: provider.name,
      kind: notification.kind,
      payload: notification.payload,
    });
    throw error instanceof ProviderError ? error : new ProviderError(String(error), true);
  }

  const result = await db.transaction(async (tx) => {
    const applied = await applyVerifiedStatus(tx, payment.id, verified);
    await tx.insert(paymentEvents).values({
      paymentId: payment.id,
      trackingId: payment.trackingId,
      provider: provider.name,
      kind: notification.kind,
      payload: notification.payload,
      verifiedStatus: verified.state,
      applied: applied !== null,
    });
    return applied;
  });
  if (result) deps.publish(result.trackingId, statusEvent(result));
  return { known: true, applied: result !== null };
}

/**
 * Moves the payment to the verified state when that is a step forward, and the order with it.
 * Answers the updated payment, or null when nothing changed. Runs inside the caller's transaction.
 */
export async function applyVerifiedStatus(
  tx: Tx,
  paymentId: string,
  verified: ProviderStatus,
): Promise<PaymentRow | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) return null;
  if (RANK[verified.state] <= RANK[payment.status]) return null;
  // Money that does not match the order is not this order's payment: left for a person to see.
  if (
    verified.state === 'completed' &&
    (Math.round(verified.amountKsh * 100) !== payment.amountCents ||
      verified.merchantReference !== payment.id)
  ) {
    await tx
      .update(orders)
      .set({ needsRefund: true, updatedAt: sql`now()` })
      .where(eq(orders.id, payment.orderId));
    return null;
  }

  const [updated] = await tx
    .update(payments)
    .set({
      status: verified.state,
      statusCode: verified.statusCode,
      paymentMethod: verified.paymentMethod || payment.paymentMethod,
      details: verified.raw,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (order) await moveOrder(tx, order, verified.state);
  return updated ?? null;
}

async function moveOrder(tx: Tx, order: OrderRow, state: PaymentState): Promise<void> {
  const set = (values: Partial<typeof orders.$inferInsert>) =>
    tx
      .update(orders)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
  const moves = await orderStockMoves(tx, order.id);

  if (state === 'completed') {
    if (order.status === 'pending_payment') {
      await set({ status: 'confirmed', confirmedAt: new Date(), holdUntil: null });
      await countUnitsSold(tx, moves);
    } else if (order.status === 'expired' || order.status === 'payment_failed') {
      // Paid after its hold ran out: the stock went back, so take it again if it is still
      // there; otherwise the shop owes the shopper their money.
      const retaken = await tx
        .transaction(async (savepoint) => takeStock(savepoint, moves))
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'out_of_stock') return false;
          throw error;
        });
      if (retaken) {
        await set({ status: 'confirmed', confirmedAt: new Date(), holdUntil: null });
        await countUnitsSold(tx, moves);
      } else {
        await set({ status: 'paid', needsRefund: true, holdUntil: null });
      }
    }
    return;
  }

  if (state === 'failed') {
    if (order.status !== 'pending_payment') return;
    await returnStock(tx, moves);
    if (order.discountCodeId) await giveBackCodeUse(tx, order.discountCodeId);
    await set({ status: 'payment_failed', holdUntil: null });
    return;
  }

  if (state === 'reversed') {
    const heldStock = order.status === 'confirmed' || order.status === 'paid';
    if (heldStock && !order.needsRefund) {
      await returnStock(tx, moves);
      await uncountUnitsSold(tx, moves);
    }
    if (order.discountCodeId && heldStock) await giveBackCodeUse(tx, order.discountCodeId);
    await set({ status: 'reversed', holdUntil: null });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading and re-checking

/** GET /api/payments/status/{trackingId}: the stored status, refreshed from the provider when stale. */
export async function paymentStatus(
  deps: PaymentDeps,
  trackingId: string,
  staleAfterMs = 5_000,
): Promise<PaymentStatusEvent> {
  const payment = await findPayment(deps.db, trackingId);
  if (!payment) throw notFound('Payment not found.');
  const checked = payment.checkedAt ?? payment.createdAt;
  if (payment.status === 'pending' && Date.now() - checked.getTime() > staleAfterMs) {
    await deps.db
      .update(payments)
      .set({ checkedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    // A provider that cannot be asked right now leaves the stored status standing.
    await handleNotification(deps, { trackingId, kind: 'status-poll', payload: {} }).catch(
      () => undefined,
    );
  }
  const latest = (await findPayment(deps.db, trackingId)) ?? payment;
  return statusEvent(latest);
}

/** The current status of a payment when it is final (replayed to a late subscriber), else null. */
export async function finalStatus(db: Db, trackingId: string): Promise<PaymentStatusEvent | null> {
  const payment = await findPayment(db, trackingId);
  return payment && payment.status !== 'pending' ? statusEvent(payment) : null;
}

/**
 * Re-asks the provider about pending payments nobody has heard of lately (a lost IPN must not
 * leave a paid order unconfirmed). Each process claims its batch by moving `checked_at`, so
 * several servers never ask about the same payment at once. Gives up on a payment after a day.
 */
export async function sweepPendingPayments(
  deps: PaymentDeps,
  { olderThanMs = 30_000, recheckMs = 60_000, batch = 20 } = {},
): Promise<number> {
  const now = Date.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id, trackingId: payments.trackingId })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.provider, deps.provider.name),
          lt(payments.createdAt, new Date(now - olderThanMs)),
          gt(payments.createdAt, new Date(now - 24 * 3_600_000)),
          or(isNull(payments.checkedAt), lt(payments.checkedAt, new Date(now - recheckMs))),
        ),
      )
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(payments)
        .set({ checkedAt: sql`now()` })
        .where(eq(payments.id, row.id));
    }
    return due;
  });
  for (const row of claimed) {
    await handleNotification(deps, {
      trackingId: row.trackingId,
      kind: 'sweep',
      payload: {},
    }).catch(() => undefined);
  }
  return claimed.length;
}
