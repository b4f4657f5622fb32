// Paying by hand to the marketplace's own Paybill or Till when the PIN prompt failed (decision
// 042). The shopper types the M-Pesa code; nothing is believed until Daraja's Transaction Status
// query, answered later at our result URL, says that code is a completed payment of enough
// money to us. A code pays one order only: the claims table's partial unique index holds a code
// for the one order whose claim is live, and a code an STK payment of another order was paid
// with is refused too. An accepted claim is a completed payment of the order, applied by the
// orders module as any late M-Pesa payment is, in the transaction that accepts the claim.
import {
  problemText,
  PROBLEM_TEXTS,
  formatKsh,
  fromCents,
  isUuid,
  mpesaAccountReference,
  type PaybillClaim,
  type PaybillClaimBody,
  type PaybillInstructions,
} from '@soko/contract';
import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import { AppError, conflict, notFound } from '../../platform/errors';
import { paybillClaims, payments } from '../../platform/schema';
import { applyPaymentOutcome, lockHandPayableOrder, readHandPayableOrder } from '../orders';
import type { MpesaProvider, TransactionResult } from './mpesa';
import { STATUS_CODE_OF } from './provider';
import { settledOf, statusEvent, type PaymentDeps } from './service';

/** Below them, the callback's secret token (Daraja signs nothing, as for the STK callback). */
export const PAYBILL_RESULT_PATH = '/api/payments/mpesa/paybill/result';
export const PAYBILL_TIMEOUT_PATH = '/api/payments/mpesa/paybill/timeout';

/** Codes one order may have checked: enough for typing mistakes, too few to guess with. */
export const MAX_CLAIMS_PER_ORDER = 5;
/** A claim still checking after this is asked about again when its code is typed again. */
const ASK_AGAIN_AFTER_MS = 2 * 60_000;

export type PaybillDeps = PaymentDeps & {
  /** The M-Pesa provider when it can check codes (an initiator is set), else undefined. */
  mpesa: MpesaProvider | undefined;
  /** Where shoppers pay by hand: the Till when the STK push pays one, else the Paybill. */
  receiver: { kind: 'paybill' | 'till'; number: string };
};

type ClaimRow = typeof paybillClaims.$inferSelect;

export const USED_ELSEWHERE = PROBLEM_TEXTS.mpesaCodeUsed;
const UNREACHABLE = PROBLEM_TEXTS.mpesaUnreachable;
const TIMED_OUT = PROBLEM_TEXTS.mpesaTimedOut;

const claimView = (row: ClaimRow): PaybillClaim => ({
  code: row.code,
  state: row.state,
  reason: row.reason,
});

/** GET /api/payments/mpesa/paybill/{orderId}: the steps, and what became of the latest code. */
export async function paybillInstructions(
  deps: PaybillDeps,
  orderId: string,
  caller: Caller | null,
): Promise<PaybillInstructions> {
  // Not an order's id: what an unknown one is told.
  if (!isUuid(orderId)) throw notFound(PROBLEM_TEXTS.orderNotFound);
  const order = await readHandPayableOrder(deps.db, orderId, caller);
  const [latest] = await deps.db
    .select()
    .from(paybillClaims)
    .where(eq(paybillClaims.orderId, order.id))
    .orderBy(desc(paybillClaims.createdAt))
    .limit(1);
  const claim = latest ? claimView(latest) : null;
  if (!deps.mpesa || !order.payable) {
    return {
      offered: false,
      kind: null,
      businessNumber: null,
      accountNumber: null,
      amount: null,
      claim,
    };
  }
  const { kind, number } = deps.receiver;
  return {
    offered: true,
    kind,
    businessNumber: number,
    accountNumber: kind === 'paybill' ? mpesaAccountReference(order.orderNumber) : null,
    amount: Math.ceil(order.totalCents / 100),
    claim,
  };
}

/**
 * POST /api/payments/mpesa/paybill: records the code for the order (or answers the claim it
 * already has) and asks Daraja about it. The answer is the claim, still checking.
 */
export async function claimPaybillPayment(
  deps: PaybillDeps,
  body: PaybillClaimBody,
  caller: Caller | null,
): Promise<PaybillClaim> {
  const { db, mpesa } = deps;
  if (!mpesa) {
    throw new AppError(404, 'not_found', PROBLEM_TEXTS.paybillNotOffered);
  }
  const { code } = body;
  const { claim, ask } = await db.transaction(async (tx) => {
    // The order's row lock puts one order's claims one after another.
    const order = await lockHandPayableOrder(tx, body.orderId, caller);
    const [mine] = await tx
      .select()
      .from(paybillClaims)
      .where(
        and(
          eq(paybillClaims.orderId, order.id),
          eq(paybillClaims.code, code),
          ne(paybillClaims.state, 'refused'),
        ),
      )
      .limit(1);
    if (mine) {
      // The same code again: the same claim; asked about again when M-Pesa never answered.
      const stale =
        mine.state === 'checking' && Date.now() - mine.updatedAt.getTime() > ASK_AGAIN_AFTER_MS;
      if (stale) {
        await tx
          .update(paybillClaims)
          .set({ conversationId: null, updatedAt: sql`now()` })
          .where(eq(paybillClaims.id, mine.id));
      }
      return { claim: mine, ask: stale };
    }
    if (!order.payable) {
      throw conflict('order_closed', PROBLEM_TEXTS.orderCannotBePaid);
    }
    const [stk] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          sql`${payments.details}->>'confirmation_code' = ${code}`,
          ne(payments.orderId, order.id),
        ),
      )
      .limit(1);
    if (stk) throw conflict('code_used', USED_ELSEWHERE);
    const [tried] = await tx
      .select({ n: count() })
      .from(paybillClaims)
      .where(eq(paybillClaims.orderId, order.id));
    if ((tried?.n ?? 0) >= MAX_CLAIMS_PER_ORDER) {
      throw new AppError(
        429,
        'too_many_codes',
        problemText('tooManyMpesaCodes', { count: MAX_CLAIMS_PER_ORDER }),
      );
    }
    // Another order's live claim on the code makes this insert do nothing (and one racing for
    // it waits for that claim's transaction, then does nothing).
    const [inserted] = await tx
      .insert(paybillClaims)
      .values({ orderId: order.id, code })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict('code_used', USED_ELSEWHERE);
    return { claim: inserted, ask: true };
  });
  if (!ask) return claimView(claim);

  try {
    const asked = await mpesa.queryTransactionStatus({
      code,
      partyA: deps.receiver.number,
      identifierType: deps.receiver.kind === 'till' ? '2' : '4',
      occasion: claim.id,
    });
    const [updated] = await db
      .update(paybillClaims)
      .set({ conversationId: asked.conversationId, updatedAt: sql`now()` })
      .where(and(eq(paybillClaims.id, claim.id), eq(paybillClaims.state, 'checking')))
      .returning();
    return claimView(updated ?? claim);
  } catch {
    // Refused, the code is free again: the shopper types it once more.
    const [refused] = await db
      .update(paybillClaims)
      .set({ state: 'refused', reason: UNREACHABLE, updatedAt: sql`now()` })
      .where(and(eq(paybillClaims.id, claim.id), eq(paybillClaims.state, 'checking')))
      .returning();
    return claimView(refused ?? claim);
  }
}

/** The claim a result is about: by ConversationID, or the Occasion (its id) if none was stored yet. */
function claimOfResult(conversationId: string | null, occasion: string | null) {
  const byConversation = conversationId ? eq(paybillClaims.conversationId, conversationId) : null;
  const byOccasion =
    occasion && /^[0-9a-f-]{36}$/i.test(occasion)
      ? and(isNull(paybillClaims.conversationId), eq(paybillClaims.id, occasion))
      : null;
  const conditions = [byConversation, byOccasion].filter((c) => c !== null);
  return conditions.length === 0 ? null : or(...conditions);
}

/** Where the money must have gone, as the shopper reads it. */
/** Why M-Pesa's result does not pay this order, in the shopper's words; null when it does. */
export function refusalOf(
  result: TransactionResult,
  code: string,
  totalCents: number,
  receiver: PaybillDeps['receiver'],
): string | null {
  if (result.resultCode !== '0') {
    // Daraja's words for a receipt it cannot find vary (R000001, "does not exist", "invalid");
    // any other failure is ours or M-Pesa's (the initiator refused, the system busy), not the
    // shopper's typing.
    const unknownCode =
      /^R000001$/i.test(result.resultCode) ||
      /not exist|not found|invalid transaction|receipt/i.test(result.resultDesc);
    return unknownCode
      ? problemText('mpesaNoSuchPayment', { code })
      : problemText('mpesaCannotCheck', { code });
  }
  const p = result.parameters;
  const status = String(p.TransactionStatus ?? '');
  if (status !== 'Completed') {
    return problemText('mpesaNotCompleted', { code, status: status || 'unknown' });
  }
  if (String(p.ReceiptNo ?? '').toUpperCase() !== code) {
    return problemText('mpesaOtherPayment', { code });
  }
  const credited = String(p.CreditPartyName ?? '').trim();
  const ours = new RegExp(`^${receiver.number}(\\D|$)`);
  if (!ours.test(credited)) {
    return problemText(receiver.kind === 'till' ? 'mpesaNotToTill' : 'mpesaNotToPaybill', {
      code,
      number: receiver.number,
    });
  }
  const amount = Number(p.Amount);
  const due = Math.ceil(totalCents / 100);
  if (!Number.isFinite(amount) || amount < due) {
    const paid = Number.isFinite(amount) ? formatKsh(amount) : 'an unknown amount';
    return problemText('mpesaTooLittle', { code, paid, due: formatKsh(fromCents(totalCents)) });
  }
  return null;
}

/**
 * Daraja's result for a claim: accepted (the order paid, in one transaction with the claim) or
 * refused with the reason. A result for a claim already decided, or for none, changes nothing.
 */
export async function applyTransactionResult(
  deps: PaybillDeps,
  result: TransactionResult,
): Promise<{ known: boolean; accepted: boolean }> {
  const where = claimOfResult(result.conversationId, result.occasion);
  if (!where) return { known: false, accepted: false };
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(paybillClaims).where(where).limit(1);
    if (!found) return null;
    // The order first, then the claim: the order in which a shopper's claim takes them.
    const order = await lockHandPayableOrder(tx, found.orderId, 'provider');
    const [claim] = await tx
      .select()
      .from(paybillClaims)
      .where(eq(paybillClaims.id, found.id))
      .for('update');
    if (!claim || claim.state !== 'checking') return { accepted: false, payment: null };
    const reason = refusalOf(result, claim.code, order.totalCents, deps.receiver);
    if (reason) {
      await tx
        .update(paybillClaims)
        .set({ state: 'refused', reason, updatedAt: sql`now()` })
        .where(eq(paybillClaims.id, claim.id));
      return { accepted: false, payment: null };
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: 'mpesa',
        trackingId: `paybill-${claim.code}`,
        status: 'completed',
        statusCode: STATUS_CODE_OF.completed,
        paymentMethod: 'MPESA',
        amountCents: order.totalCents,
        details: {
          confirmation_code: claim.code,
          paid_by_hand: true,
          Amount: Number(result.parameters.Amount),
          ConversationID: result.conversationId,
        },
      })
      .returning();
    if (!payment) throw new Error('The Paybill payment was not recorded');
    await tx
      .update(paybillClaims)
      .set({ state: 'accepted', paymentId: payment.id, updatedAt: sql`now()` })
      .where(eq(paybillClaims.id, claim.id));
    // Paid, late-paid (stock taken again, or a refund owed when it sold meanwhile), or paid
    // twice: the orders module decides, as for any M-Pesa payment.
    await applyPaymentOutcome(tx, order.id, payment.id, 'completed');
    const earlier = await tx
      .select({ trackingId: payments.trackingId })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), ne(payments.id, payment.id)));
    return { accepted: true, payment, earlier };
  });
  if (!outcome) return { known: false, accepted: false };
  if (outcome.payment) {
    deps.settled?.(settledOf(outcome.payment));
    const event = statusEvent(outcome.payment);
    // The rooms the order's page may be following: the prompt's that failed, and this one.
    for (const { trackingId } of outcome.earlier ?? []) {
      if (trackingId) deps.publish(trackingId, event, outcome.payment.orderId);
    }
    deps.publish(outcome.payment.trackingId ?? '', event, outcome.payment.orderId);
  }
  return { known: true, accepted: outcome.accepted };
}

/** Daraja's queue timed the query out: the claim is refused and the code can be typed again. */
export async function applyTransactionTimeout(
  deps: PaybillDeps,
  conversationId: string | null,
): Promise<void> {
  if (!conversationId) return;
  await deps.db
    .update(paybillClaims)
    .set({ state: 'refused', reason: TIMED_OUT, updatedAt: sql`now()` })
    .where(
      and(eq(paybillClaims.conversationId, conversationId), eq(paybillClaims.state, 'checking')),
    );
}
