// Asking the payment provider for money back (admins). A refund is reserved in the database
// first (one live refund per payment, as Pesapal allows; the orders module writes the refunds
// table), then asked for outside any transaction, then recorded: the order is marked refunded only when the provider says the
// money went back (the sandbox at once; Pesapal once the merchant approves, seen as a reversal).
import { fromCents } from '@soko/contract';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { hasPgErrorCode } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { payments, refunds } from '../../platform/schema';
import { recordRefundAnswer, reserveRefund, type Actor } from '../orders';
import { ProviderError, type RefundAnswer } from './provider';
import type { PaymentDeps } from './service';

const ONE_REFUND_PER_PAYMENT =
  'This payment was refunded once already, and the provider takes one refund per payment: settle the rest by hand.';

export async function refundOrder(
  deps: PaymentDeps,
  log: FastifyBaseLogger,
  orderId: string,
  actor: Actor & { name: string },
): Promise<RefundAnswer> {
  const { db } = deps;
  const reserved = await db
    .transaction((tx) => reserveRefund(tx, orderId, actor))
    .catch((error: unknown) => {
      if (hasPgErrorCode(error, '23505')) throw conflict('refund_exists', ONE_REFUND_PER_PAYMENT);
      throw error;
    });

  let answer: RefundAnswer;
  try {
    const provider = deps.providers.find((p) => p.name === reserved.provider);
    if (!provider) {
      throw new ProviderError(`${reserved.provider} is no longer set up in PAYMENTS`, false);
    }
    answer = await provider.refund({
      trackingId: reserved.trackingId,
      amountKsh: fromCents(reserved.amountCents),
      username: actor.name,
      remarks: `Refund of order ${reserved.order.orderNumber} (${reserved.reason.replaceAll('_', ' ')})`,
    });
  } catch (error) {
    log.warn({ err: error, orderId }, 'the payment provider could not take a refund');
    answer = {
      status: 'refused',
      message:
        error instanceof ProviderError
          ? `The payment provider could not be reached: ${error.message}`
          : 'The payment provider could not be reached.',
    };
  }

  await db.transaction((tx) => recordRefundAnswer(tx, reserved, answer, actor));
  // Its completion is an order event too (refund.completed, logged as it is followed).
  log.info(
    {
      event: 'refund.answered',
      status: answer.status,
      refundId: reserved.refundId,
      orderId,
      paymentId: reserved.paymentId,
      provider: reserved.provider,
      amountCents: reserved.amountCents,
    },
    'refund answered by the provider',
  );
  return answer;
}

/**
 * Refunds Pesapal took but has not yet shown as done: their payments are asked about again, and
 * a payment now reversed completes its refund (applyPaymentOutcome sees the request).
 */
export async function checkRequestedRefunds(
  deps: PaymentDeps,
  check: (trackingId: string) => Promise<unknown>,
  batch = 20,
): Promise<number> {
  const waiting = await deps.db
    .select({ trackingId: payments.trackingId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, 'requested'),
        inArray(
          payments.provider,
          deps.providers.map((p) => p.name),
        ),
      ),
    )
    .limit(batch);
  for (const { trackingId } of waiting) {
    if (trackingId) await check(trackingId).catch(() => undefined);
  }
  return waiting.length;
}
