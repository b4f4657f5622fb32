import { z } from 'zod';
import { uuidSchema } from './common';
import {
  checkoutFormSchema,
  checkoutOrderItemSchema,
  discountCodeSchema,
  kshAmountSchema,
  mpesaPhoneSchema,
  shippingInputSchema,
} from './orders';

/** The payment providers a shop can offer; PAYMENTS names one, or both real ones. */
export const PAYMENT_PROVIDERS = ['sandbox', 'pesapal', 'mpesa'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS, 'Choose how to pay.');
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

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

/** GET /api/payments/methods: the providers the shop offers, its default first. */
export const paymentMethodsSchema = z.object({ methods: z.array(paymentProviderSchema) });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/**
 * `provider` picks one of the shop's providers (its first when left out, as the spec's client
 * does). `mpesaPhone` is the number the M-Pesa PIN prompt goes to; the delivery phone is used
 * when it is left out.
 */
export const processPaymentBodySchema = z.strictObject({
  orderId: uuidSchema,
  formData: paymentFormDataSchema,
  provider: paymentProviderSchema.optional(),
  mpesaPhone: mpesaPhoneSchema.optional(),
});
export type ProcessPaymentBody = z.infer<typeof processPaymentBodySchema>;

/**
 * `redirectUrl` is the provider's payment page, opened in the tab the click reserved; empty for
 * M-Pesa, whose "page" is the PIN prompt on the shopper's phone.
 */
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

// ---------------------------------------------------------------------------------------------
// M-Pesa (Daraja STK push)

/**
 * What each STK result code means to the shopper (reference: payments.md 2.5). 0 is success;
 * every other listed code is a failure the shopper can try again after.
 */
export const MPESA_RESULT_MESSAGES: Readonly<Record<number, string>> = {
  1: 'M-Pesa says the balance is not enough for this payment.',
  17: 'M-Pesa could not process the payment just now.',
  26: 'M-Pesa is busy just now.',
  1001: 'Another M-Pesa payment is in progress on this phone. Finish it first.',
  1019: 'The M-Pesa prompt expired before the PIN was entered.',
  1025: 'M-Pesa could not send the prompt to this phone.',
  9999: 'M-Pesa could not send the prompt to this phone.',
  1032: 'The M-Pesa prompt was cancelled on the phone.',
  1037: 'The phone could not be reached, or the prompt timed out.',
  2001: 'The M-Pesa PIN entered was wrong.',
};

/** What the checkout shows while the prompt is open on the shopper's phone. */
export const MPESA_PROMPT_MESSAGE = 'Check your phone and enter your M-Pesa PIN to pay.';

/** The shopper's words for a result code; a generic failure for a code not in the list. */
export function mpesaResultMessage(resultCode: number): string {
  return MPESA_RESULT_MESSAGES[resultCode] ?? 'M-Pesa did not complete the payment.';
}

/**
 * A number in an STK callback: Daraja sends numbers, some integrations strings. Kept as sent
 * (no transform, so the route's JSON Schema can describe it); the server reads it with Number.
 */
const darajaNumber = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

/**
 * Safaricom's STK callback (payments.md 2.3). Only its shape is checked here: it carries no
 * signature, so nothing in it is believed until an STK query agrees. Loose where Safaricom may
 * add fields; CallbackMetadata items are read by Name, never by position.
 */
export const mpesaCallbackSchema = z.looseObject({
  Body: z.looseObject({
    stkCallback: z.looseObject({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
      ResultDesc: z.string().max(500).optional(),
      CallbackMetadata: z
        .looseObject({
          Item: z
            .array(
              z.looseObject({
                Name: z.string().max(64),
                Value: z.union([darajaNumber, z.string().max(200)]).optional(),
              }),
            )
            .max(20),
        })
        .optional(),
    }),
  }),
});
export type MpesaCallback = z.infer<typeof mpesaCallbackSchema>;

/** The secret token in the callback path (payments.md 2.6: Daraja signs nothing). */
export const mpesaCallbackParamsSchema = z.object({ secretToken: z.string().min(1).max(100) });

/** What Safaricom is answered; it is the same whatever the shop did with the callback. */
export const mpesaCallbackAckSchema = z.object({
  ResultCode: z.literal(0),
  ResultDesc: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Paying by hand to the marketplace's Paybill or Till (decision 042)

/**
 * The account number an order is paid to, as its STK push's AccountReference: the order number
 * with only letters, digits and hyphens, at most 12 characters (Daraja's limit).
 */
export function mpesaAccountReference(orderNumber: string): string {
  return orderNumber.replace(/[^A-Za-z0-9-]/g, '').slice(0, 12) || 'Soko';
}

/** An M-Pesa transaction code as typed: spaces and lower case allowed, kept in upper case. */
export function normalizeMpesaCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** QKH94M1Z11: ten letters and digits, as the M-Pesa confirmation SMS starts. */
export const mpesaCodeSchema = z
  .string()
  .max(40, 'Type the 10-character code from the M-Pesa message, like QKH94M1Z11.')
  .transform(normalizeMpesaCode)
  .pipe(
    z
      .string()
      .regex(
        /^[A-Z0-9]{10}$/,
        'Type the 10-character code from the M-Pesa message, like QKH94M1Z11.',
      ),
  );

/** POST /api/payments/mpesa/paybill: the shopper paid the order by hand and gives the code. */
export const paybillClaimBodySchema = z.strictObject({
  orderId: uuidSchema,
  code: mpesaCodeSchema,
});
export type PaybillClaimBody = z.infer<typeof paybillClaimBodySchema>;

export const PAYBILL_CLAIM_STATES = ['checking', 'accepted', 'refused'] as const;
export type PaybillClaimState = (typeof PAYBILL_CLAIM_STATES)[number];

/** One code given for an order, and what M-Pesa said of it; `reason` says why it was refused. */
export const paybillClaimSchema = z.object({
  code: z.string(),
  state: z.enum(PAYBILL_CLAIM_STATES),
  reason: z.string().nullable(),
});
export type PaybillClaim = z.infer<typeof paybillClaimSchema>;

/**
 * GET /api/payments/mpesa/paybill/{orderId}: how to pay the order by hand. `offered` is false
 * when the marketplace cannot check codes (no initiator set) or the order cannot be paid so.
 * `accountNumber` is null for a Till (Buy Goods takes none). `amount` is whole Ksh.
 */
export const paybillInstructionsSchema = z.object({
  offered: z.boolean(),
  kind: z.enum(['paybill', 'till']).nullable(),
  businessNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  amount: z.number().int().nullable(),
  claim: paybillClaimSchema.nullable(),
});
export type PaybillInstructions = z.infer<typeof paybillInstructionsSchema>;

const darajaValue = z.union([z.number(), z.string().max(200)]).optional();

/**
 * Daraja's Transaction Status result, posted to our ResultURL (and the timeout to
 * QueueTimeOutURL, which may carry less). Unsigned like the STK callback: the path carries a
 * secret, and parameters are read by Key, never by position.
 */
export const mpesaTransactionResultSchema = z.looseObject({
  Result: z.looseObject({
    ResultType: z.union([z.number(), z.string()]).optional(),
    ResultCode: z.union([z.number().int(), z.string().max(20)]),
    ResultDesc: z.string().max(500).optional(),
    OriginatorConversationID: z.string().max(100).optional(),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .looseObject({
        ResultParameter: z
          .union([
            z.array(z.looseObject({ Key: z.string().max(64), Value: darajaValue })).max(40),
            z.looseObject({ Key: z.string().max(64), Value: darajaValue }),
          ])
          .optional(),
      })
      .optional(),
    ReferenceData: z
      .looseObject({
        ReferenceItem: z
          .union([
            z.array(z.looseObject({ Key: z.string().max(64), Value: darajaValue })).max(10),
            z.looseObject({ Key: z.string().max(64), Value: darajaValue }),
          ])
          .optional(),
      })
      .optional(),
  }),
});
export type MpesaTransactionResult = z.infer<typeof mpesaTransactionResultSchema>;

/** What Daraja posts to QueueTimeOutURL when the request timed out in its queue: little is promised. */
export const mpesaTransactionTimeoutSchema = z.looseObject({
  Result: z
    .looseObject({
      ConversationID: z.string().max(100).optional(),
      OriginatorConversationID: z.string().max(100).optional(),
    })
    .optional(),
});
