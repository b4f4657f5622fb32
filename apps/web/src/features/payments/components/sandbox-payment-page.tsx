import { useParams } from 'react-router';
import { PAYMENT_STATUS, formatKsh } from '@soko/contract';
import { alertClass, primaryButton, secondaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import {
  useSandboxAction,
  useSandboxTransaction,
  type SandboxAction,
} from '../api/sandbox-transaction';

// The built-in provider's hosted page (DESIGN.md, payments): what the shop's checkout opens in
// its payment tab when PAYMENTS=sandbox. Its buttons notify the shop through the same path a
// real provider's notification takes, so the checkout tab sees the result on its live channel.

export const SANDBOX_TITLE = 'Soko Sandbox — test payment, no money moves';
export const SANDBOX_NOT_FOUND = 'We could not find this test payment.';

const STATUS_WORDS: Record<number, string> = {
  0: 'Waiting for payment',
  [PAYMENT_STATUS.COMPLETED]: 'Paid',
  [PAYMENT_STATUS.FAILED]: 'Failed',
  [PAYMENT_STATUS.REVERSED]: 'Reversed',
};

const DONE_WORDS: Record<SandboxAction, string> = {
  pay: 'Payment made. The shop has been told.',
  fail: 'Payment failed. The shop has been told.',
  reverse: 'Payment reversed. The shop has been told.',
};

/** Only a web address is linked: never a `javascript:` one from an answer. */
function webUrl(address: string): string | null {
  try {
    const url = new URL(address, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /pay/sandbox/:trackingId */
export function SandboxPaymentPage() {
  const { trackingId = '' } = useParams();
  const transaction = useSandboxTransaction(trackingId);
  const action = useSandboxAction(trackingId);

  const heading = (
    <header className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3">
      <h1 className="text-xl font-bold text-stone-900">{SANDBOX_TITLE}</h1>
      <p className="mt-1 text-sm text-stone-700">
        This page stands in for a payment provider while the shop is tested. Choose what the payment
        should do.
      </p>
    </header>
  );

  if (transaction.isPending) {
    return (
      <section className="mx-auto max-w-lg space-y-4">
        {heading}
        <p role="status">Loading the payment...</p>
      </section>
    );
  }
  if (transaction.isError) {
    const missing = transaction.error instanceof ApiError && transaction.error.status === 404;
    return (
      <section className="mx-auto max-w-lg space-y-4">
        {heading}
        <p role="alert" className={alertClass}>
          {missing ? SANDBOX_NOT_FOUND : `Error: ${transaction.error.message}`}
        </p>
      </section>
    );
  }

  const payment = transaction.data;
  const paid = payment.statusCode === PAYMENT_STATUS.COMPLETED;
  const reversed = payment.statusCode === PAYMENT_STATUS.REVERSED;
  const busy = action.isPending;
  const returnUrl = payment.statusCode !== 0 ? webUrl(payment.callbackUrl) : null;
  const actionError =
    action.error instanceof ApiError
      ? action.error.message
      : action.error
        ? 'The sandbox could not be reached. Please try again.'
        : null;

  const button = (name: SandboxAction, label: string, enabled: boolean, primary = false) => (
    <button
      type="button"
      onClick={() => action.mutate(name)}
      disabled={busy || !enabled}
      className={`min-h-11 flex-1 ${primary ? primaryButton : `${secondaryButton} disabled:opacity-60`}`}
    >
      {label}
    </button>
  );

  return (
    <section className="mx-auto max-w-lg space-y-4">
      {heading}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="font-medium text-stone-600">Amount</dt>
        <dd className="text-lg font-bold tabular-nums">{formatKsh(payment.amount)}</dd>
        <dt className="font-medium text-stone-600">Description</dt>
        <dd className="break-words">{payment.description}</dd>
        <dt className="font-medium text-stone-600">Reference</dt>
        <dd className="font-mono text-sm break-all">{payment.merchantReference}</dd>
        <dt className="font-medium text-stone-600">Status</dt>
        <dd data-testid="sandbox-status">
          {STATUS_WORDS[payment.statusCode] ?? `Code ${payment.statusCode}`}
        </dd>
      </dl>

      <div className="flex flex-wrap gap-2">
        {/* As with a real provider: paid or failed once (a failed one may be paid again), and
            only a paid payment can be reversed. */}
        {button('pay', 'Pay', !paid && !reversed, true)}
        {button('fail', 'Fail', !paid && !reversed)}
        {button('reverse', 'Reverse', paid)}
      </div>

      <div role="status">
        {action.isSuccess && (
          <p className="font-medium text-brand-800">{DONE_WORDS[action.variables]}</p>
        )}
      </div>
      {actionError && (
        <p role="alert" className={alertClass}>
          {actionError}
        </p>
      )}
      {returnUrl && (
        <a href={returnUrl} className={`inline-block ${primaryButton}`}>
          Return to the shop
        </a>
      )}
    </section>
  );
}
