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
import { type AdminKey } from '../../../lib/i18n';
import { useAdminT } from '../../../lib/staff-i18n';

const REASONS: Record<RefundReason, AdminKey> = {
  paid_twice: 'admin.refunds.reason.paidTwice',
  sold_out_after_payment: 'admin.refunds.reason.soldOutAfterPayment',
  amount_mismatch: 'admin.refunds.reason.amountMismatch',
  cancelled_after_payment: 'admin.refunds.reason.cancelledAfterPayment',
  paid_after_close: 'admin.refunds.reason.paidAfterClose',
  part_cancelled: 'admin.refunds.reason.partCancelled',
};

export function RefundsPage() {
  return (
    <AdminGuard>
      <RefundQueue />
    </AdminGuard>
  );
}

function RefundQueue() {
  const t = useAdminT();
  const queue = useRefundQueue();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <section aria-labelledby="refunds-heading" className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="refunds-heading" className="text-2xl font-bold text-stone-900">
          {t('admin.refunds.refunds')}
        </h1>
        <Link to="/admin" className={`text-sm font-semibold text-brand-800 underline ${focusRing}`}>
          {t('admin.common.backToTheDashboard')}
        </Link>
      </div>
      <FormStatus message={status} />
      {queue.isPending ? (
        <Loading>{t('admin.refunds.loadingTheRefundQueue')}</Loading>
      ) : queue.isError ? (
        <LoadFailed onRetry={queue.refetch}>{t('admin.refunds.failedToLoadTheRefund')}</LoadFailed>
      ) : queue.data.length === 0 ? (
        <p className="text-stone-600">{t('admin.refunds.noRefundsAreOwed')}</p>
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
  const t = useAdminT();
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
      aria-label={t('admin.refunds.refundForOrder', { orderId: entry.orderId })}
      className="space-y-2 rounded-lg border border-stone-200 p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {t('admin.refunds.order', { orderId: entry.orderId })}
        </h2>
        <span className="text-lg font-bold tabular-nums">{formatKsh(entry.amount)}</span>
      </header>
      <p className="text-sm text-stone-700">
        {t(REASONS[entry.refundReason])} · {entry.customer || t('admin.refunds.customer')}{' '}
        {entry.email && `(${entry.email})`}
      </p>
      {entry.lastRefund && (
        <p className="text-sm text-stone-700">
          {t('admin.refunds.lastAttempt', { status: entry.lastRefund.status })}
          {entry.lastRefund.message ? `: ${entry.lastRefund.message}` : ''}
        </p>
      )}
      <FormAlert>{failure}</FormAlert>
      {settling ? (
        <form
          aria-label={t('admin.refunds.settleOrderByHand', { orderId: entry.orderId })}
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await settleByHand(entry._id, note);
              setSettling(false);
              return t('admin.refunds.markedAsSettled', { orderId: entry.orderId });
            });
          }}
        >
          <label className="block text-sm font-medium">
            {t('admin.refunds.howWasTheMoneyGiven')}
            <input
              className={inputClass}
              value={note}
              required
              maxLength={300}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('admin.refunds.sentByMPesaCode')}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={primaryButton}>
              {t('admin.refunds.markAsSettled')}
            </button>
            <button type="button" onClick={() => setSettling(false)} className={secondaryButton}>
              {t('admin.refunds.back')}
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
                  ? t('admin.refunds.refunded', { orderId: entry.orderId, message: result.message })
                  : t('admin.refunds.requested', {
                      orderId: entry.orderId,
                      message: result.message,
                    });
              })
            }
            className={primaryButton}
          >
            {busy
              ? t('admin.refunds.askingTheProvider')
              : t('admin.refunds.refundThroughTheProvider')}
          </button>
          <button type="button" onClick={() => setSettling(true)} className={secondaryButton}>
            {t('admin.refunds.settledByHand')}
          </button>
        </div>
      )}
    </article>
  );
}
