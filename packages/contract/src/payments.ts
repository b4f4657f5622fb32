import { z } from 'zod';
import { uuidSchema } from './common';
import { checkoutFormSchema } from './orders';

export const processPaymentBodySchema = z.strictObject({
  orderId: uuidSchema,
  formData: checkoutFormSchema,
});
export type ProcessPaymentBody = z.infer<typeof processPaymentBodySchema>;

/** `redirectUrl` is the provider's payment page, opened in the tab the click reserved. */
export const processPaymentResponseSchema = z.object({
  success: z.boolean(),
  trackingId: z.string(),
  redirectUrl: z.string(),
});
export type ProcessPaymentResponse = z.infer<typeof processPaymentResponseSchema>;

/** Pesapal's status codes, which the live channel passes on. */
export const PAYMENT_STATUS = { COMPLETED: 1, FAILED: 2, REVERSED: 3 } as const;

/** Further provider fields ride along and become the final checkout's paymentDetails. */
export const paymentStatusEventSchema = z.looseObject({
  status_code: z.number().int(),
  payment_method: z.string(),
});
export type PaymentStatusEvent = z.infer<typeof paymentStatusEventSchema>;

export function paymentStatusEventName(trackingId: string): string {
  return `paymentStatus:${trackingId}`;
}

/** Spec section 4: what the shopper is told for each status; null for codes only logged. */
export function paymentStatusMessage(statusCode: number): string | null {
  switch (statusCode) {
    case PAYMENT_STATUS.COMPLETED:
      return 'Payment successful!';
    case PAYMENT_STATUS.FAILED:
      return 'Payment failed. Please try again.';
    case PAYMENT_STATUS.REVERSED:
      return 'Payment reversed.';
    default:
      return null;
  }
}

export const trackingIdParamsSchema = z.object({ trackingId: z.string().min(1).max(100) });
