// What an online payment that did not go through tells the shopper (spec sections 4 and 8).
import { PAYMENT_STATUS, paymentStatusMessage } from '@soko/contract';

export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';
export const PAYMENT_REVERSED_MESSAGE =
  paymentStatusMessage(PAYMENT_STATUS.REVERSED) ?? 'Payment reversed.';
export const PAYMENT_SUCCESSFUL_MESSAGE =
  paymentStatusMessage(PAYMENT_STATUS.COMPLETED) ?? 'Payment successful!';
export const PAYMENT_UNREACHABLE_MESSAGE =
  'Unable to connect to payment services. Please try again later.';

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
