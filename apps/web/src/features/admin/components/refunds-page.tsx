// /admin/refunds: every order that owes a shopper money (cancelled after payment, paid twice,
// paid after it closed, a part cancelled), until someone resolves it: through the payment
// provider (the order is marked refunded only when the provider confirms) or by hand, with a
// note saying how.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatKsh, type RefundQueueEntry, type RefundReason } from '@soko/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import {
  focusRing,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';
import { refundKeys, refundOrder, settleByHand, useRefundQueue } from '../api/refunds-api';
import { AdminGuard } from './admin-guard';
import { LoadFailed, Loading } from '../../../components/load-state';

const REASONS: Record<RefundReason, string> = {
  paid_twice: 'Paid twice',
  sold_out_after_payment: 'Sold out before the payment arrived',
  amount_mismatch: 'Amount received differs from the order',
  cancelled_after_payment: 'Cancelled after payment',
  paid_after_close: 'Paid after the order closed',
  part_cancelled: 'Part cancelled after payment',
};

export function RefundsPage() {
  return (
    <AdminGuard>
      <RefundQueue />
    </AdminGuard>
  );
}

function RefundQueue() {
  const queue = useRefundQueue();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <section aria-labelledby="refunds-heading" className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="refunds-heading" className="text-2xl font-bold text-stone-900">
          Refunds
        </h1>
        <Link to="/admin" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          Back to the dashboard
        </Link>
      </div>
      <FormStatus message={status} />
      {queue.isPending ? (
        <Loading>Loading the refund queue...</Loading>
      ) : queue.isError ? (
        <LoadFailed onRetry={queue.refetch}>
          Failed to load the refund queue. Please try again later.
        </LoadFailed>
      ) : queue.data.length === 0 ? (
        <p className="text-stone-600">No refunds are owed.</p>
      ) : (
        <ul className="space-y-4">
          {queue.data.map((entry) => (
            <li key={entry._id}>
              <RefundCard entry={entry} onDone={setStatus} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RefundCard({
  entry,
  onDone,
}: {
  entry: RefundQueueEntry;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [settling, setSettling] = useState(false);
  const [note, setNote] = useState('');

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    try {
      onDone(await work());
      await queryClient.invalidateQueries({ queryKey: refundKeys.queue() });
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
      await queryClient.invalidateQueries({ queryKey: refundKeys.queue() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      aria-label={`Refund for order ${entry.orderId}`}
      className="space-y-2 rounded-lg border border-stone-200 p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Order {entry.orderId}</h2>
        <span className="text-lg font-bold tabular-nums">{formatKsh(entry.amount)}</span>
      </header>
      <p className="text-sm text-stone-700">
        {REASONS[entry.refundReason]} · {entry.customer || 'Customer'}{' '}
        {entry.email && `(${entry.email})`}
      </p>
      {entry.lastRefund && (
        <p className="text-sm text-stone-700">
          Last attempt: {entry.lastRefund.status}
          {entry.lastRefund.message ? `: ${entry.lastRefund.message}` : ''}
        </p>
      )}
      <FormAlert>{failure}</FormAlert>
      {settling ? (
        <form
          aria-label={`Settle order ${entry.orderId} by hand`}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await settleByHand(entry._id, note);
              setSettling(false);
              return `Order ${entry.orderId} marked as settled.`;
            });
          }}
        >
          <label className="block text-sm font-medium">
            How was the money given back?
            <input
              className={inputClass}
              value={note}
              required
              maxLength={300}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Sent by M-Pesa, code QK12AB3CD4"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={primaryButton}>
              Mark as settled
            </button>
            <button type="button" onClick={() => setSettling(false)} className={secondaryButton}>
              Back
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy || entry.lastRefund?.status === 'requested'}
            onClick={() =>
              void run(async () => {
                const result = await refundOrder(entry._id);
                return result.status === 'completed'
                  ? `Order ${entry.orderId} refunded: ${result.message}`
                  : `Refund of order ${entry.orderId} requested: ${result.message}`;
              })
            }
            className={primaryButton}
          >
            {busy ? 'Asking the provider...' : 'Refund through the provider'}
          </button>
          <button type="button" onClick={() => setSettling(true)} className={secondaryButton}>
            Settled by hand
          </button>
        </div>
      )}
    </article>
  );
}
