// Spec section 4, "Payment": start the payment, show the provider's page in the tab the click
// reserved, then wait for the payment's final status on the live channel (or the status call
// when the socket cannot connect). Completed resolves with the status event, which becomes the
// final checkout's paymentDetails; failed and reversed reject with the spec's words.
import { PAYMENT_STATUS, type CheckoutForm, type CreateOrderResponse } from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { processPayment } from './api/process-payment';
import { PAYMENT_REVERSED_MESSAGE, PaymentFailedError } from './payment-errors';
import { followPayment, type FollowPaymentOptions } from './payment-status';
import type { PaymentTab } from './payment-tab';

/** What the screen is told while an online payment runs, and how it can stop it. */
export interface PaymentUi {
  /** The tab reserved on the click, or null when the browser refused one. */
  tab: PaymentTab | null;
  /** The provider's page is ready: the screen shows the wait and a link to the page. */
  onStarted?: (payment: { trackingId: string; redirectUrl: string; tabOpened: boolean }) => void;
  /** false: the live channel cannot connect (the status call is polled meanwhile). */
  onConnection?: (connected: boolean) => void;
  /** The payment completed; the final checkout comes next. */
  onCompleted?: () => void;
  /** Aborted when the screen goes away: the socket and timers go with it. */
  signal?: AbortSignal;
  /** Tests replace the channel. */
  follow?: typeof followPayment;
  followOptions?: Omit<FollowPaymentOptions, 'onConnection' | 'signal'>;
}

export type PayOnline = (
  order: CreateOrderResponse,
  form: CheckoutForm,
  ui: PaymentUi,
) => Promise<Record<string, unknown>>;

/** Only a web page may be opened or linked: never a `javascript:` address from an answer. */
export function paymentPageUrl(redirectUrl: string, base: string): string | null {
  try {
    const url = new URL(redirectUrl, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export const payOnline: PayOnline = async (order, form, ui) => {
  const { tab, follow = followPayment } = ui;
  let started;
  try {
    started = await processPayment({ orderId: order._id, formData: form });
  } catch (error) {
    tab?.close();
    if (error instanceof ApiError) {
      // 409: the order is closed (failed, expired) and can no longer be paid; 404: it is gone.
      throw new PaymentFailedError(undefined, { orderClosed: [404, 409].includes(error.status) });
    }
    throw error;
  }
  const redirectUrl = started.success
    ? paymentPageUrl(started.redirectUrl, window.location.origin)
    : null;
  if (!redirectUrl) {
    tab?.close();
    throw new PaymentFailedError();
  }

  tab?.open(redirectUrl);
  ui.onStarted?.({ trackingId: started.trackingId, redirectUrl, tabOpened: tab !== null });

  const status = await follow(started.trackingId, {
    ...ui.followOptions,
    onConnection: ui.onConnection,
    signal: ui.signal,
  });
  if (status.status_code === PAYMENT_STATUS.COMPLETED) {
    ui.onCompleted?.();
    return status;
  }
  if (status.status_code === PAYMENT_STATUS.REVERSED) {
    throw new PaymentFailedError(PAYMENT_REVERSED_MESSAGE, { orderClosed: true });
  }
  throw new PaymentFailedError(undefined, { orderClosed: true });
};
