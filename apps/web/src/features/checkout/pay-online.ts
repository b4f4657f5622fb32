// Spec section 4, "Payment": start the payment, show the provider's page in the tab the click
// reserved, then wait for the payment's final status on the live channel (or the status call
// when the socket cannot connect). Completed resolves with the status event, which becomes the
// final checkout's paymentDetails; failed and reversed reject with the spec's words.
//
// A shopper may close or ignore the provider's tab: the screen can then ask for the page again
// (`restarts`). The server keeps one open payment per order, so asking again shows the same
// payment's page, never a second payment; an order paid meanwhile answers 409 `already_paid`
// and counts as completed.
import {
  PAYMENT_STATUS,
  type CheckoutForm,
  type CreateOrderResponse,
  type PaymentProviderName,
} from '@soko/contract';
import { ApiError } from '../../lib/api-client';
import { processPayment } from './api/process-payment';
import {
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_REVERSED_MESSAGE,
  PaymentFailedError,
} from './payment-errors';
import { followPayment, type FollowPaymentOptions } from './payment-status';
import type { PaymentTab } from './payment-tab';

/** How the shopper chose to pay; the shop's default when no provider is named. */
export interface PaymentChoice {
  provider?: PaymentProviderName;
  /** The number the M-Pesa PIN prompt goes to (normalised by the server). */
  mpesaPhone?: string;
}

export interface StartedPayment {
  trackingId: string;
  /** The provider's page; '' for M-Pesa, whose prompt is on the shopper's phone. */
  redirectUrl: string;
  /** The provider's page opened in a tab (false: the browser refused one, a link is offered). */
  tabOpened: boolean;
  /** The tab it opened in, to notice the shopper closing it. */
  tab: PaymentTab | null;
}

/** The shopper's requests to show the provider's page again, each with the tab its click reserved. */
export class PaymentRestarts {
  private pending: ((tab: PaymentTab | null) => void) | null = null;

  /** False when no payment is waiting (the request is ignored). */
  request(tab: PaymentTab | null): boolean {
    const waiter = this.pending;
    if (!waiter) return false;
    this.pending = null;
    waiter(tab);
    return true;
  }

  next(): Promise<PaymentTab | null> {
    return new Promise((resolve) => {
      this.pending = resolve;
    });
  }

  stop(): void {
    this.pending = null;
  }
}

/** What the screen is told while an online payment runs, and how it can steer it. */
export interface PaymentUi {
  /** The tab reserved on the click, or null when the browser refused one (or M-Pesa needs none). */
  tab: PaymentTab | null;
  choice?: PaymentChoice;
  /** The provider's page is ready: the screen shows the wait and a link to the page. */
  onStarted?: (payment: StartedPayment) => void;
  /** false: the live channel cannot connect (the status call is polled meanwhile). */
  onConnection?: (connected: boolean) => void;
  /** The payment completed (or the order was found paid); the final checkout comes next. */
  onCompleted?: () => void;
  /** Pay again: the provider's page is asked for once more. */
  restarts?: PaymentRestarts;
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

/** What the final checkout is told when the order was paid before this screen heard of it. */
export const ALREADY_PAID_DETAILS: Record<string, unknown> = Object.freeze({
  note: 'already_paid',
});

/** Only a web page may be opened or linked: never a `javascript:` address from an answer. */
export function paymentPageUrl(redirectUrl: string, base: string): string | null {
  try {
    const url = new URL(redirectUrl, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Starts (or finds again) the order's payment; 'paid' when the order was paid meanwhile. */
async function startPayment(
  order: CreateOrderResponse,
  form: CheckoutForm,
  tab: PaymentTab | null,
  choice: PaymentChoice,
): Promise<{ trackingId: string; redirectUrl: string } | 'paid'> {
  let started;
  try {
    started = await processPayment({
      orderId: order._id,
      formData: form,
      ...(choice.provider && { provider: choice.provider }),
      ...(choice.provider === 'mpesa' && choice.mpesaPhone && { mpesaPhone: choice.mpesaPhone }),
    });
  } catch (error) {
    tab?.close();
    if (error instanceof ApiError && error.code === 'already_paid') return 'paid';
    if (error instanceof ApiError) {
      // 409: the order is closed (failed, expired) and can no longer be paid; 404: it is gone.
      const orderClosed = [404, 409].includes(error.status);
      // M-Pesa's refusals say what to change (the number, or whole shillings only).
      const message =
        choice.provider === 'mpesa' && error.status !== 404 && error.message
          ? `${PAYMENT_FAILED_MESSAGE} ${error.message}`
          : PAYMENT_FAILED_MESSAGE;
      throw new PaymentFailedError(message, { orderClosed });
    }
    throw error;
  }
  // M-Pesa has no page: the PIN prompt is on the phone, and its tracking id is all there is.
  if (started.success && started.redirectUrl === '' && started.trackingId !== '') {
    tab?.close();
    return { trackingId: started.trackingId, redirectUrl: '' };
  }
  const redirectUrl = started.success
    ? paymentPageUrl(started.redirectUrl, window.location.origin)
    : null;
  if (!redirectUrl) {
    tab?.close();
    throw new PaymentFailedError();
  }
  return { trackingId: started.trackingId, redirectUrl };
}

const RESTART = Symbol('restart');

export const payOnline: PayOnline = async (order, form, ui) => {
  const { follow = followPayment, restarts } = ui;
  let tab = ui.tab;
  for (;;) {
    const started = await startPayment(order, form, tab, ui.choice ?? {});
    if (started === 'paid') {
      ui.onCompleted?.();
      return ALREADY_PAID_DETAILS;
    }
    if (started.redirectUrl) tab?.open(started.redirectUrl);
    ui.onStarted?.({ ...started, tabOpened: tab !== null, tab });

    // The status is followed until it is final, or until the shopper asks for the page again.
    const following = new AbortController();
    const stopFollowing = () => following.abort(ui.signal?.reason);
    ui.signal?.addEventListener('abort', stopFollowing);
    const followed = follow(started.trackingId, {
      ...ui.followOptions,
      onConnection: ui.onConnection,
      signal: following.signal,
    });
    // Abandoned when the shopper asks again: its rejection then has no one to tell.
    followed.catch(() => undefined);
    let outcome;
    try {
      outcome = await Promise.race([
        followed,
        ...(restarts ? [restarts.next().then((next) => ({ [RESTART]: next }))] : []),
      ]);
    } finally {
      ui.signal?.removeEventListener('abort', stopFollowing);
      restarts?.stop();
    }
    if (RESTART in outcome) {
      following.abort();
      tab = outcome[RESTART];
      continue;
    }
    if (outcome.status_code === PAYMENT_STATUS.COMPLETED) {
      ui.onCompleted?.();
      return outcome;
    }
    if (outcome.status_code === PAYMENT_STATUS.REVERSED) {
      throw new PaymentFailedError(PAYMENT_REVERSED_MESSAGE, { orderClosed: true });
    }
    // M-Pesa says why (cancelled, wrong PIN, not enough balance, timed out): after the spec's
    // words. Only its statuses carry a result code.
    const reason = typeof outcome.message === 'string' ? outcome.message : '';
    throw new PaymentFailedError(
      typeof outcome.result_code === 'number' && reason
        ? `${PAYMENT_FAILED_MESSAGE} ${reason}`
        : PAYMENT_FAILED_MESSAGE,
      { orderClosed: true },
    );
  }
};
