import { Link } from 'react-router';
import type { Locale } from '@soko/contract';
import { alertClass, focusRing, secondaryButton } from '../../../components/form-styles';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import { heldUntilTime } from '../held-until';
import { checkoutText } from '../checkout-text';
import type { WaitingPayment } from '../use-place-order';

function heldUntilSentence(holdUntil: string, t: Translate, locale: Locale): string | null {
  const time = heldUntilTime(holdUntil, locale);
  return time === null ? null : t('checkout.heldUntil', { time });
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
  const t = useT();
  const locale = useLocale();
  const held = waiting ? heldUntilSentence(waiting.holdUntil, t, locale) : null;
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
                      ? t('checkout.mpesaStalled')
                      : t('checkout.mpesaPrompt')
                    : waiting.stalled
                      ? t('checkout.stalledQuestion')
                      : waiting.tabOpened
                        ? t('checkout.waitingInTab')
                        : t('checkout.pageReady')}
                </p>
                {held && <p className="text-sm text-stone-800">{held}</p>}
                {!onPhone && (
                  <a
                    href={waiting.redirectUrl}
                    target="_blank"
                    rel="noopener"
                    className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
                  >
                    {t('checkout.openPaymentPage')}
                  </a>
                )}
              </>
            )}
            {note && <p className="font-medium text-brand-900">{checkoutText(note, t)}</p>}
          </div>
        )}
      </div>
      {waiting?.stalled && (
        <div role="group" aria-label={t('checkout.whatNext')} className="flex flex-wrap gap-2">
          <button type="button" onClick={onKeepWaiting} className={secondaryButton}>
            {t('checkout.keepWaiting')}
          </button>
          {!onPhone && (
            <button type="button" onClick={onPayAgain} className={secondaryButton}>
              {t('checkout.payAgain')}
            </button>
          )}
          {waiting.orderId && (
            <Link to={`/orders/${encodeURIComponent(waiting.orderId)}`} className={secondaryButton}>
              {t('checkout.seeOrder')}
            </Link>
          )}
        </div>
      )}
      {unreachable && (
        <p role="alert" className={alertClass}>
          {t('checkout.paymentMessage.unreachable')}
        </p>
      )}
    </>
  );
}
