import { z } from 'zod';
import { uuidSchema } from './common';
import {
  checkoutFormSchema,
  checkoutOrderItemSchema,
  discountCodeSchema,
  kshAmountSchema,
  shippingInputSchema,
} from './orders';

/**
 * The checkout form as the spec's client sends it with the payment: the delivery fields, plus
 * the cart's lines and its figures. The figures are claims: when given, they must agree with
 * the order's own (409 total_mismatch), as on order creation.
 */
export const paymentFormDataSchema = z.strictObject({
  ...checkoutFormSchema.shape,
  orderItems: z.array(checkoutOrderItemSchema).max(100).optional(),
  totalPrice: kshAmountSchema.optional(),
  discount: kshAmountSchema.optional(),
  shipping: shippingInputSchema.optional(),
  discountCode: discountCodeSchema.optional(),
});
export type PaymentFormData = z.infer<typeof paymentFormDataSchema>;

export const processPaymentBodySchema = z.strictObject({
  orderId: uuidSchema,
  formData: paymentFormDataSchema,
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

/** Spec sections 4 and 8: what the shopper is told, word for word. */
export const PAYMENT_MESSAGES = {
  successful: 'Payment successful!',
  failed: 'Payment failed. Please try again.',
  reversed: 'Payment reversed.',
  unreachable: 'Unable to connect to payment services. Please try again later.',
} as const;

/** The message for a status code; null for codes that are only logged. */
export function paymentStatusMessage(statusCode: number): string | null {
  switch (statusCode) {
    case PAYMENT_STATUS.COMPLETED:
      return PAYMENT_MESSAGES.successful;
    case PAYMENT_STATUS.FAILED:
      return PAYMENT_MESSAGES.failed;
    case PAYMENT_STATUS.REVERSED:
      return PAYMENT_MESSAGES.reversed;
    default:
      return null;
  }
}

export const trackingIdParamsSchema = z.object({ trackingId: z.string().min(1).max(100) });

/**
 * Pesapal's IPN (API 3.0), as a POST body or GET query. Loose on purpose: it is the provider's
 * message, not ours, and a field it adds tomorrow must not make us drop a payment.
 */
export const pesapalIpnSchema = z.looseObject({
  OrderTrackingId: z.string().min(1).max(100),
  OrderNotificationType: z.string().max(50).optional(),
  OrderMerchantReference: z.string().max(100).optional(),
});
export type PesapalIpn = z.infer<typeof pesapalIpnSchema>;

/** The acknowledgement Pesapal expects; `status: 500` asks it to send the IPN again. */
export const pesapalIpnAckSchema = z.object({
  orderNotificationType: z.string(),
  orderTrackingId: z.string(),
  orderMerchantReference: z.string(),
  status: z.union([z.literal(200), z.literal(500)]),
});

export const SANDBOX_ACTIONS = ['pay', 'fail', 'reverse'] as const;
export const sandboxActionParamsSchema = z.object({
  trackingId: z.string().min(1).max(100),
  action: z.enum(SANDBOX_ACTIONS),
});

/** The sandbox's hosted page: what is being paid, and where it stands. */
export const sandboxTransactionSchema = z.object({
  trackingId: z.string(),
  merchantReference: z.string(),
  /** Ksh */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  /** 0 not final, 1 completed, 2 failed, 3 reversed. */
  statusCode: z.number().int(),
  /** Where the page sends the shopper when they are done. */
  callbackUrl: z.string(),
});
export type SandboxTransaction = z.infer<typeof sandboxTransactionSchema>;
