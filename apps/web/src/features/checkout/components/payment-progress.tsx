import { Link } from 'react-router';
import { MPESA_PROMPT_MESSAGE } from '@soko/contract';
import { alertClass, focusRing, secondaryButton } from '../../../components/form-styles';
import { PAYMENT_UNREACHABLE_MESSAGE } from '../payment-errors';
import type { WaitingPayment } from '../use-place-order';

export const WAITING_IN_TAB = 'Waiting for your payment in the other tab...';
export const PAGE_READY =
  'Your payment page is ready. Open it to pay; this page waits for your payment.';
export const STALLED_QUESTION =
  'We have not heard from your payment yet. Did you close the payment page?';
export const MPESA_STALLED =
  'We have not heard from M-Pesa yet. If no prompt reached your phone, see the order, or wait a little longer.';

function heldUntilSentence(holdUntil: string): string | null {
  const until = new Date(holdUntil);
  if (Number.isNaN(until.getTime())) return null;
  const time = until.toLocaleTimeString('en-KE', { timeStyle: 'short' });
  return `Your items are held for you until ${time}. If the payment has not arrived by then, the order lapses, the items go back on sale and your cart keeps them for another try.`;
}

/**
 * While the shopper pays in the other tab (spec section 4, "Payment"), and the way out when
 * that tab is closed or ignored: keep waiting, pay again (the same payment's page, never a
 * second payment), or see the order.
 */
export function PaymentProgress({
  waiting,
  note,
  unreachable,
  onKeepWaiting,
  onPayAgain,
}: {
  waiting: WaitingPayment | null;
  note: string | null;
  unreachable: boolean;
  onKeepWaiting: () => void;
  onPayAgain: () => void;
}) {
  const held = waiting ? heldUntilSentence(waiting.holdUntil) : null;
  // M-Pesa has no page: the prompt is on the shopper's phone, and asking again would only
  // answer the same prompt.
  const onPhone = waiting !== null && waiting.redirectUrl === '';
  return (
    <>
      {/* Always in the page, so that screen readers announce what appears in it. */}
      <div role="status">
        {(waiting || note) && (
          <div className="space-y-2 rounded border border-stone-200 bg-brand-50 p-3">
            {waiting && (
              <>
                <p className="font-medium text-stone-900">
                  {onPhone
                    ? waiting.stalled
                      ? MPESA_STALLED
                      : MPESA_PROMPT_MESSAGE
                    : waiting.stalled
                      ? STALLED_QUESTION
                      : waiting.tabOpened
                        ? WAITING_IN_TAB
                        : PAGE_READY}
                </p>
                {held && <p className="text-sm text-stone-800">{held}</p>}
                {!onPhone && (
                  <a
                    href={waiting.redirectUrl}
                    target="_blank"
                    rel="noopener"
                    className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
                  >
                    Open the payment page
                  </a>
                )}
              </>
            )}
            {note && <p className="font-medium text-brand-900">{note}</p>}
          </div>
        )}
      </div>
      {waiting?.stalled && (
        <div role="group" aria-label="What next?" className="flex flex-wrap gap-2">
          <button type="button" onClick={onKeepWaiting} className={secondaryButton}>
            Keep waiting
          </button>
          {!onPhone && (
            <button type="button" onClick={onPayAgain} className={secondaryButton}>
              Pay again
            </button>
          )}
          {waiting.orderId && (
            <Link to={`/orders/${encodeURIComponent(waiting.orderId)}`} className={secondaryButton}>
              See the order
            </Link>
          )}
        </div>
      )}
      {unreachable && (
        <p role="alert" className={alertClass}>
          {PAYMENT_UNREACHABLE_MESSAGE}
        </p>
      )}
    </>
  );
}
