// What an online payment that did not go through tells the shopper (spec sections 4 and 8).
import { PAYMENT_MESSAGES } from '@soko/contract';
import type { MessageKey } from '../../lib/i18n';

export const PAYMENT_FAILED_MESSAGE: string = PAYMENT_MESSAGES.failed;
export const PAYMENT_REVERSED_MESSAGE: string = PAYMENT_MESSAGES.reversed;
export const PAYMENT_SUCCESSFUL_MESSAGE: string = PAYMENT_MESSAGES.successful;

/** The key of one of the payment's own messages (PAYMENT_MESSAGES, decision 049), else null. */
export function paymentMessageKey(message: string): MessageKey | null {
  const kind = (Object.keys(PAYMENT_MESSAGES) as (keyof typeof PAYMENT_MESSAGES)[]).find(
    (key) => PAYMENT_MESSAGES[key] === message,
  );
  return kind ? `checkout.paymentMessage.${kind}` : null;
}

/**
 * Payment that did not go through: the order is not finalised (spec sections 5 and 8). With
 * `orderClosed` the order cannot be paid any more (failed, reversed, expired), so the next
 * attempt creates a new one.
 */
export class PaymentFailedError extends Error {
  readonly orderClosed: boolean;

  constructor(message = PAYMENT_FAILED_MESSAGE, { orderClosed = false } = {}) {
    super(message);
    this.orderClosed = orderClosed;
  }
}
