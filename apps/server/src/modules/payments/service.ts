// Online payment: start the one payment of an open order, and apply what the provider says
// happened to it, once. Every notification (provider IPN, sandbox button, sweep, status poll)
// goes through handleNotification: it asks the provider for the truth, then moves the payment
// forward and tells the orders module the outcome, in one transaction. A repeat, or a stale
// status arriving late, changes nothing. This module writes only its own tables.
import {
  problemText,
  PROBLEM_TEXTS,
  fromCents,
  normalizeKenyanPhone,
  normalizeMpesaPhone,
  type PaymentStatusEvent,
  type ProcessPaymentBody,
  type ProcessPaymentResponse,
} from '@soko/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { mpesaPrompts, paymentEvents, payments } from '../../platform/schema';
import {
  applyPaymentOutcome,
  prepareOrderForPayment,
  type PayableOrder,
  type PaymentOutcome,
} from '../orders';
import {
  ProviderError,
  STATUS_CODE_OF,
  type PaymentProvider,
  type PaymentState,
  type ProviderStatus,
} from './provider';

export type PaymentDeps = {
  db: Db;
  /** The providers the shop offers; the first is used when the shopper names none. */
  providers: readonly PaymentProvider[];
  publicUrl: string;
  /** M-Pesa PIN prompts allowed: per phone per 10 minutes, and per order in all (decision 029). */
  mpesaPrompts: { perPhone: number; perOrder: number };
  /** Pushes a status to the payment's room (after the change is committed). */
  publish: (trackingId: string, event: PaymentStatusEvent, orderId: string) => void;
  /** A payment moved to a verified final state (after the change is committed): logs, metrics. */
  settled?: (payment: SettledPayment) => void;
};

/** What is told of a settled payment: ids, amount and outcome, never the payer. */
export type SettledPayment = {
  paymentId: string;
  orderId: string;
  provider: string;
  status: PaymentState;
  amountCents: number;
};

export const settledOf = (payment: PaymentRow): SettledPayment => ({
  paymentId: payment.id,
  orderId: payment.orderId,
  provider: payment.provider,
  status: payment.status,
  amountCents: payment.amountCents,
});

type PaymentRow = typeof payments.$inferSelect;

// States only move up this ladder. failed -> completed is allowed: a shopper may retry on the
// provider's page after a failed attempt, and money that arrived must never be ignored.
const RANK: Record<PaymentState, number> = { pending: 0, failed: 1, completed: 2, reversed: 3 };

const PROVIDER_UNAVAILABLE = 'We could not reach the payment service. Please try again.';

/** The offered provider of that name (the shop's first when none is named), else undefined. */
export function providerNamed(
  deps: Pick<PaymentDeps, 'providers'>,
  name: string | undefined,
): PaymentProvider | undefined {
  return name === undefined ? deps.providers[0] : deps.providers.find((p) => p.name === name);
}

// ---------------------------------------------------------------------------------------------
// Starting a payment

/** The window of the per-phone bound on M-Pesa PIN prompts. */
const PROMPT_WINDOW_MS = 10 * 60_000;
/** One order's prompts come at most this often. */
const PROMPT_SPACING_MS = 60_000;

const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return { seconds, text: `${seconds} seconds` };
  return { seconds, text: `${Math.ceil(seconds / 60)} minutes` };
};

/**
 * Anyone who can start a payment can make Soko send a PIN prompt to the number they type (issue
 * 29: 25 prompts to one number in 1.3 s). So a phone gets at most `perPhone` prompts in 10
 * minutes, across all orders, and an order at most `perOrder` in all, one a minute. Counted in
 * the transaction that reserves the payment, under an advisory lock on the number (and the
 * order's row lock), so racing starts are counted one after another; a refusal rolls the
 * reservation back. A prompt the provider then fails to send still counts: it may have gone.
 */
async function recordPrompt(
  tx: Tx,
  limits: PaymentDeps['mpesaPrompts'],
  phone: string,
  orderId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`mpesa-phone:${phone}`}, 0))`,
  );
  // The time after the lock, not the request's start: a prompt recorded by a start that waited
  // for this one's lock must not look as if sent in the future.
  const now = new Date();
  const since = new Date(now.getTime() - PROMPT_WINDOW_MS);
  const toPhone = await tx
    .select({ createdAt: mpesaPrompts.createdAt })
    .from(mpesaPrompts)
    .where(and(eq(mpesaPrompts.phone, phone), gt(mpesaPrompts.createdAt, since)))
    .orderBy(mpesaPrompts.createdAt);
  const forOrder = await tx
    .select({ createdAt: mpesaPrompts.createdAt })
    .from(mpesaPrompts)
    .where(eq(mpesaPrompts.orderId, orderId))
    .orderBy(mpesaPrompts.createdAt);
  if (forOrder.length >= limits.perOrder) {
    throw new AppError(
      429,
      'too_many_prompts',
      problemText('tooManyPromptsForOrder', { count: forOrder.length }),
    );
  }
  const last = forOrder.at(-1);
  if (last && now.getTime() - last.createdAt.getTime() < PROMPT_SPACING_MS) {
    const wait = waitText(last.createdAt.getTime() + PROMPT_SPACING_MS - now.getTime());
    throw new AppError(
      429,
      'too_many_prompts',
      problemText('promptSentRecently', { wait: wait.text }),
      { details: { retryAfterSeconds: wait.seconds } },
    );
  }
  const oldest = toPhone[0];
  if (toPhone.length >= limits.perPhone && oldest) {
    const wait = waitText(oldest.createdAt.getTime() + PROMPT_WINDOW_MS - now.getTime());
    throw new AppError(
      429,
      'too_many_prompts',
      problemText('tooManyPromptsToPhone', { count: toPhone.length, wait: wait.text }),
      { details: { retryAfterSeconds: wait.seconds } },
    );
  }
  await tx.insert(mpesaPrompts).values({ phone, orderId, createdAt: now });
}

/** How long a second start waits for the first to hear back from the provider. */
const START_WAIT_MS = 20_000;
/** A reservation older than this with no provider answer was left by a process that died. */
const ABANDONED_START_MS = 60_000;

/**
 * POST /api/payments/process: the order's one open payment. The payment row is inserted before
 * the provider is asked, and a unique index allows one pending payment per order, so of two
 * starts at once (a double click, a retry, a second tab) exactly one reaches the provider; the
 * other waits for its answer and gets the same page. A start whose provider call fails removes
 * its row, so the shopper can try again.
 */
export async function startPayment(
  deps: PaymentDeps,
  body: ProcessPaymentBody,
  caller: Caller | null,
  now = new Date(),
): Promise<ProcessPaymentResponse> {
  const { db } = deps;
  const provider = providerNamed(deps, body.provider);
  if (!provider) {
    throw new AppError(400, 'validation_failed', PROBLEM_TEXTS.paymentMethodNotTaken);
  }
  const form = body.formData;
  // The PIN prompt goes to the number typed for M-Pesa, else to the delivery phone.
  const payerPhone =
    provider.name === 'mpesa'
      ? (body.mpesaPhone ?? normalizeMpesaPhone(form.phoneNumber) ?? undefined)
      : undefined;
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const claim = await db.transaction(async (tx) => {
      const order = await prepareOrderForPayment(tx, body.orderId, caller, form, now);
      // M-Pesa takes whole shillings only (an STK push's Amount is an integer).
      if (provider.name === 'mpesa' && order.totalCents % 100 !== 0) {
        throw conflict(
          'conflict',
          problemText('mpesaWholeShillings', { amount: fromCents(order.totalCents).toFixed(2) }),
        );
      }
      const [reserved] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          status: 'pending',
          statusCode: STATUS_CODE_OF.pending,
          amountCents: order.totalCents,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (reserved && provider.name === 'mpesa' && payerPhone) {
        await recordPrompt(tx, deps.mpesaPrompts, payerPhone, order.id);
      }
      if (reserved) return { order, reservedId: reserved.id, open: undefined };
      const [open] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
        .limit(1);
      return { order, reservedId: undefined, open };
    });

    if (claim.reservedId) {
      return submitToProvider(deps, provider, claim.order, claim.reservedId, form, payerPhone);
    }
    const { open } = claim;
    // M-Pesa's payments have no page ('' as redirectUrl): they are started all the same.
    if (open?.trackingId && open.redirectUrl !== null) {
      return { success: true, trackingId: open.trackingId, redirectUrl: open.redirectUrl };
    }
    if (open && Date.now() - open.createdAt.getTime() > ABANDONED_START_MS) {
      // Reserved by a process that died before the provider answered: free it and start anew.
      await db.delete(payments).where(and(eq(payments.id, open.id), isNull(payments.trackingId)));
      continue;
    }
    if (Date.now() > deadline) {
      throw conflict(
        'payment_starting',
        'Your payment is still being started. Please try again in a moment.',
      );
    }
    // The other start is still talking to the provider.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function submitToProvider(
  deps: PaymentDeps,
  provider: PaymentProvider,
  order: PayableOrder,
  paymentId: string,
  form: ProcessPaymentBody['formData'],
  payerPhone: string | undefined,
): Promise<ProcessPaymentResponse> {
  const { db, publicUrl } = deps;
  let started;
  try {
    started = await provider.submitOrder({
      merchantReference: paymentId,
      amountKsh: fromCents(order.totalCents),
      currency: 'KES',
      description: `Soko order ${order.orderNumber}`,
      orderNumber: order.orderNumber,
      payerPhone,
      callbackUrl: `${publicUrl}/orders/${order.id}`,
      cancellationUrl: `${publicUrl}/checkout`,
      billing: {
        email: form.email,
        phoneNumber: normalizeKenyanPhone(form.phoneNumber) ?? form.phoneNumber,
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
    await db.delete(payments).where(and(eq(payments.id, paymentId), isNull(payments.trackingId)));
    if (error instanceof ProviderError || error instanceof TypeError) {
      throw new AppError(502, 'payment_unavailable', PROVIDER_UNAVAILABLE);
    }
    throw error;
  }
  await db
    .update(payments)
    .set({
      trackingId: started.trackingId,
      redirectUrl: started.redirectUrl,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
  return { success: true, trackingId: started.trackingId, redirectUrl: started.redirectUrl };
}

// ---------------------------------------------------------------------------------------------
// Applying what the provider says

export type Notification = {
  trackingId: string;
  /** 'ipn', 'callback', 'sandbox', 'sweep', 'status-poll'. */
  kind: string;
  /** The notification's own fields (Pesapal's IPN has three); nothing else is kept. */
  payload: NotificationFields;
};

/** Pesapal's IPN fields, and those of Daraja's STK callback (its metadata as text). */
export type NotificationFields = {
  OrderTrackingId?: string;
  OrderNotificationType?: string;
  OrderMerchantReference?: string;
  CheckoutRequestID?: string;
  MerchantRequestID?: string;
  ResultCode?: string;
  Amount?: string;
  MpesaReceiptNumber?: string;
};
const NOTIFICATION_FIELDS = [
  'OrderTrackingId',
  'OrderNotificationType',
  'OrderMerchantReference',
  'CheckoutRequestID',
  'MerchantRequestID',
  'ResultCode',
  'Amount',
  'MpesaReceiptNumber',
] as const;

export type NotificationResult = { known: boolean; applied: boolean };

async function findPayment(db: Db | Tx, trackingId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.trackingId, trackingId))
    .limit(1);
  return row;
}

/** Only the fields a notification is known to carry, each cut to a sane length. */
function storedFields(fields: NotificationFields): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of NOTIFICATION_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string') kept[key] = value.slice(0, 100);
  }
  return kept;
}

/** The provider's answer as kept with the payment: flat values only, bounded in number and size. */
function boundedDetails(raw: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw).slice(0, 40)) {
    if (key.length > 64) continue;
    if (typeof value === 'string') kept[key] = value.slice(0, 500);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      kept[key] = value;
    }
  }
  return kept;
}

export function statusEvent(payment: PaymentRow): PaymentStatusEvent {
  const raw = payment.details ?? {};
  return {
    ...raw,
    status_code: payment.statusCode ?? STATUS_CODE_OF[payment.status],
    payment_method: payment.paymentMethod ?? '',
    order_tracking_id: payment.trackingId ?? '',
    orderId: payment.orderId,
  };
}

/**
 * Verifies a notification with the provider and applies it once. A tracking id we never gave
 * out stores nothing and asks nobody. Throws a ProviderError when the provider cannot be asked
 * (the notification is kept; the sender should retry).
 */
export async function handleNotification(
  deps: PaymentDeps,
  notification: Notification,
): Promise<NotificationResult> {
  const { db } = deps;
  const payment = await findPayment(db, notification.trackingId);
  const provider = payment && deps.providers.find((p) => p.name === payment.provider);
  if (!payment?.trackingId || !provider) {
    return { known: false, applied: false };
  }
  const event = {
    paymentId: payment.id,
    trackingId: payment.trackingId,
    provider: provider.name,
    kind: notification.kind,
    payload: storedFields(notification.payload),
  };

  let verified: ProviderStatus;
  try {
    verified = await provider.getStatus(payment.trackingId);
  } catch (error) {
    await db.insert(paymentEvents).values(event);
    throw error instanceof ProviderError ? error : new ProviderError(String(error), true);
  }

  if (verified.state === 'completed' && verified.amountKsh === null) {
    verified = await withReportedAmount(db, payment.id, notification.payload, verified);
  }

  const result = await db.transaction(async (tx) => {
    const applied = await applyVerifiedStatus(tx, payment.id, verified);
    await tx
      .insert(paymentEvents)
      .values({ ...event, verifiedStatus: verified.state, applied: applied !== null });
    return applied;
  });
  if (result && result.status !== 'pending') deps.settled?.(settledOf(result));
  if (result?.trackingId) deps.publish(result.trackingId, statusEvent(result), result.orderId);
  return { known: true, applied: result !== null };
}

/**
 * A provider whose status carries no amount (Daraja's STK query says paid or not, not how much):
 * what its notifications reported is checked instead. Safaricom charges what the STK push asked,
 * the payment's own amount, so with no report that is the amount; but any report of another
 * amount (this notification's, or an earlier one's) holds the payment for a person to look at,
 * and keeps holding it when the sweep asks again. The receipt number reported comes along.
 */
async function withReportedAmount(
  db: Db,
  paymentId: string,
  payload: NotificationFields,
  verified: ProviderStatus,
): Promise<ProviderStatus> {
  const earlier = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId));
  const reports = [payload, ...earlier.map((row) => row.payload)];
  const amounts = reports
    .map((report) => (typeof report.Amount === 'string' ? Number(report.Amount) : NaN))
    .filter((amount) => Number.isFinite(amount));
  const [payment] = await db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const expected = payment ? fromCents(payment.amountCents) : NaN;
  const differing = amounts.find(
    (amount) => Math.round(amount * 100) !== Math.round(expected * 100),
  );
  const receipt = reports
    .map((report) => report.MpesaReceiptNumber)
    .find((value): value is string => typeof value === 'string' && value !== '');
  return {
    ...verified,
    amountKsh: differing ?? expected,
    confirmationCode: verified.confirmationCode ?? receipt ?? null,
    raw: receipt ? { ...verified.raw, confirmation_code: receipt } : verified.raw,
  };
}

/**
 * Moves the payment to the verified state when that is a step forward, and tells the orders
 * module what happened to the order's money. Answers the updated payment, or null when nothing
 * changed. Runs inside the caller's transaction.
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
  // Money that does not match the payment is not this payment: left for a person to see.
  if (
    verified.state === 'completed' &&
    (verified.amountKsh === null ||
      Math.round(verified.amountKsh * 100) !== payment.amountCents ||
      (verified.merchantReference !== null && verified.merchantReference !== payment.id))
  ) {
    await applyPaymentOutcome(tx, payment.orderId, payment.id, 'amount_mismatch');
    return null;
  }

  const [updated] = await tx
    .update(payments)
    .set({
      status: verified.state,
      statusCode: verified.statusCode,
      paymentMethod: (verified.paymentMethod || payment.paymentMethod)?.slice(0, 50) ?? null,
      details: boundedDetails(verified.raw),
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (verified.state !== 'pending') {
    await applyPaymentOutcome(tx, payment.orderId, payment.id, verified.state as PaymentOutcome);
  }
  return updated ?? null;
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
          inArray(
            payments.provider,
            deps.providers.map((p) => p.name),
          ),
          isNotNull(payments.trackingId),
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
  for (const { trackingId } of claimed) {
    if (!trackingId) continue;
    await handleNotification(deps, { trackingId, kind: 'sweep', payload: {} }).catch(
      () => undefined,
    );
  }
  return claimed.length;
}
