// The built-in payment provider: a hosted page at /pay/sandbox/:trackingId with Pay, Fail and
// Reverse. It keeps its own books (sandbox_transactions) and answers getStatus from them, so
// the shop verifies a sandbox payment exactly as it verifies a Pesapal one. Its buttons then
// notify the shop through the same notification path a real provider's IPN takes.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { sandboxTransactions } from '../../platform/schema';
import {
  STATUS_CODE_OF,
  stateOfStatusCode,
  type PaymentProvider,
  type ProviderStatus,
  type RefundAnswer,
} from './provider';

const DESCRIPTION: Record<number, string> = {
  0: 'INVALID',
  1: 'COMPLETED',
  2: 'FAILED',
  3: 'REVERSED',
};

export type SandboxAction = 'pay' | 'fail' | 'reverse';

/** What the hosted page shows. */
export type SandboxTransaction = {
  trackingId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  statusCode: number;
  callbackUrl: string;
};

export function createSandboxProvider(db: Db, publicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    start: async () => {},
    async submitOrder(input) {
      const [row] = await db
        .insert(sandboxTransactions)
        .values({
          merchantReference: input.merchantReference,
          amountCents: Math.round(input.amountKsh * 100),
          currency: input.currency,
          description: input.description.slice(0, 100),
          callbackUrl: input.callbackUrl,
        })
        .returning({ trackingId: sandboxTransactions.trackingId });
      if (!row) throw new Error('sandbox insert returned nothing');
      return {
        trackingId: row.trackingId,
        redirectUrl: `${publicUrl}/pay/sandbox/${row.trackingId}`,
      };
    },
    async getStatus(trackingId): Promise<ProviderStatus> {
      const row = await findTransaction(db, trackingId);
      if (!row) throw notFound('Unknown sandbox payment.');
      const raw = {
        payment_method: row.paymentMethod,
        amount: row.amountCents / 100,
        created_date: row.createdAt.toISOString(),
        confirmation_code: row.confirmationCode,
        payment_status_description: DESCRIPTION[row.statusCode] ?? 'INVALID',
        description: '',
        message: 'Request processed successfully',
        payment_account: row.paymentMethod === 'MPESA' ? '2547XXXXX678' : null,
        call_back_url: row.callbackUrl,
        status_code: row.statusCode,
        merchant_reference: row.merchantReference,
        currency: row.currency,
        error: null,
        status: '200',
      };
      return {
        state: stateOfStatusCode(row.statusCode),
        statusCode: row.statusCode,
        paymentMethod: row.paymentMethod ?? '',
        amountKsh: row.amountCents / 100,
        currency: row.currency,
        confirmationCode: row.confirmationCode,
        merchantReference: row.merchantReference,
        description: raw.payment_status_description,
        raw,
      };
    },
    // The sandbox refunds at once, with Pesapal's rules: only a completed payment, no more than
    // it collected, and one refund per payment.
    async refund({ trackingId, amountKsh }): Promise<RefundAnswer> {
      const row = await findTransaction(db, trackingId);
      if (!row) return { status: 'refused', message: 'Unknown sandbox payment.' };
      if (row.statusCode !== 1) {
        return { status: 'refused', message: 'Only completed payments can be refunded.' };
      }
      if (Math.round(amountKsh * 100) > row.amountCents) {
        return { status: 'refused', message: 'The refund is more than the payment collected.' };
      }
      const refunded = await db
        .update(sandboxTransactions)
        .set({ statusCode: 3, updatedAt: sql`now()` })
        .where(
          and(
            eq(sandboxTransactions.trackingId, row.trackingId),
            eq(sandboxTransactions.statusCode, 1),
          ),
        )
        .returning({ trackingId: sandboxTransactions.trackingId });
      return refunded.length > 0
        ? { status: 'completed', message: 'Refunded in the sandbox: no money moved.' }
        : { status: 'refused', message: 'Only completed payments can be refunded.' };
    },
  };
}

async function findTransaction(db: Db, trackingId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(trackingId)) return undefined;
  const [row] = await db
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.trackingId, trackingId))
    .limit(1);
  return row;
}

export async function readSandboxTransaction(
  db: Db,
  trackingId: string,
): Promise<SandboxTransaction> {
  const row = await findTransaction(db, trackingId);
  if (!row) throw notFound('Unknown sandbox payment.');
  return {
    trackingId: row.trackingId,
    merchantReference: row.merchantReference,
    amount: row.amountCents / 100,
    currency: row.currency,
    description: row.description,
    statusCode: row.statusCode,
    callbackUrl: row.callbackUrl,
  };
}

/**
 * What the shopper did on the hosted page, recorded on the provider's side. As with a real
 * provider: a payment is paid or failed once, and only a paid one can be reversed.
 */
export async function actOnSandboxTransaction(
  db: Db,
  trackingId: string,
  action: SandboxAction,
): Promise<SandboxTransaction> {
  const row = await findTransaction(db, trackingId);
  if (!row) throw notFound('Unknown sandbox payment.');
  const allowed =
    action === 'reverse'
      ? row.statusCode === STATUS_CODE_OF.completed
      : row.statusCode === STATUS_CODE_OF.pending || row.statusCode === STATUS_CODE_OF.failed;
  if (!allowed) throw conflict('conflict', 'This payment cannot do that now.');
  const statusCode =
    action === 'pay'
      ? STATUS_CODE_OF.completed
      : action === 'fail'
        ? STATUS_CODE_OF.failed
        : STATUS_CODE_OF.reversed;
  await db
    .update(sandboxTransactions)
    .set({
      statusCode,
      paymentMethod: 'MPESA',
      confirmationCode:
        action === 'pay' ? randomBytes(5).toString('hex').toUpperCase() : row.confirmationCode,
      updatedAt: new Date(),
    })
    .where(eq(sandboxTransactions.trackingId, trackingId));
  return readSandboxTransaction(db, trackingId);
}
