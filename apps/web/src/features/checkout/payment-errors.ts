// What an online payment that did not go through tells the shopper (spec sections 4 and 8).
import { PAYMENT_MESSAGES } from '@soko/contract';

export const PAYMENT_FAILED_MESSAGE: string = PAYMENT_MESSAGES.failed;
export const PAYMENT_REVERSED_MESSAGE: string = PAYMENT_MESSAGES.reversed;
export const PAYMENT_SUCCESSFUL_MESSAGE: string = PAYMENT_MESSAGES.successful;
export const PAYMENT_UNREACHABLE_MESSAGE: string = PAYMENT_MESSAGES.unreachable;

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
