import { z } from 'zod';
import { mergeCartLines } from './cart';
import { optionalText, requiredText, uuidSchema } from './common';
import { countySchema } from './counties';
import { CARRIERS, carrierPackageStateSchema, pickupChoiceSchema } from './delivery';
import { emailSchema } from './email';
import { kraPinSchema } from './tax';
import { MAX_AMOUNT_KSH, SHIPPING_OPTION_KEYS, type ShippingOption } from './money';
import {
  ORDER_STATUSES,
  PART_ACTIONS,
  PART_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from './order-state-rules';
import { PROBLEM_TEXTS } from './problem-texts';

export * from './order-state-rules';

export { countySchema, KENYA_COUNTIES, type County } from './counties';

// ---------------------------------------------------------------------------------------------
// Phone numbers

// Mobile numbers: 07XXXXXXXX / 01XXXXXXXX, or the same after +254 without the 0.
const KENYAN_PHONE = /^(?:0|\+254)([17]\d{8})$/;

/** '+2547XXXXXXXX' for any accepted form (spaces ignored), null for anything else. */
export function normalizeKenyanPhone(value: string): string | null {
  const subscriber = KENYAN_PHONE.exec(value.replace(/\s+/g, ''))?.[1];
  return subscriber ? `+254${subscriber}` : null;
}

/** Validates only; the server stores normalizeKenyanPhone(value). */
export const kenyanPhoneSchema = z
  .string()
  .trim()
  .max(20, 'Enter a Kenyan mobile number such as 0712 345 678.')
  .refine(
    (value) => normalizeKenyanPhone(value) !== null,
    'Enter a Kenyan mobile number such as 0712 345 678.',
  );

// M-Pesa numbers, as people type them: 07XX XXX XXX, 01XX XXX XXX, 7XX XXX XXX, 2547XXXXXXXX,
// +254 7XX XXX XXX, with spaces or dashes anywhere. Daraja wants 2547XXXXXXXX or 2541XXXXXXXX
// (PartyA and PhoneNumber of the STK push). Which network a number is on is not checked here:
// numbers move between networks, and Daraja itself refuses one M-Pesa cannot prompt.
const MPESA_PHONE = /^(?:\+?254|0)?([17]\d{8})$/;
export const MPESA_PHONE_MESSAGE = PROBLEM_TEXTS.mpesaPhone;

/** '2547XXXXXXXX' / '2541XXXXXXXX' for any accepted form, null for anything else. */
export function normalizeMpesaPhone(value: string): string | null {
  const compact = value.trim().replace(/[\s-]+/g, '');
  const subscriber = MPESA_PHONE.exec(compact)?.[1];
  return subscriber ? `254${subscriber}` : null;
}

/** The number the M-Pesa PIN prompt goes to, normalised to 2547XXXXXXXX / 2541XXXXXXXX. */
export const mpesaPhoneSchema = z
  .string(MPESA_PHONE_MESSAGE)
  .max(24, MPESA_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const normalized = normalizeMpesaPhone(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: MPESA_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  })
  // Says what comes out, so the route's documentation (JSON Schema) can describe it.
  .pipe(z.string().regex(/^254[17]\d{8}$/));

// ---------------------------------------------------------------------------------------------
// Order states and shipping

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** Shipping as the client may send it: the option, or its amount in Ksh. */
export const shippingInputSchema = z.union(
  [z.enum(SHIPPING_OPTION_KEYS), z.literal(10), z.literal(20)],
  'Choose a shipping method.',
);
export type ShippingInput = z.infer<typeof shippingInputSchema>;

export function toShippingOption(input: ShippingInput): ShippingOption {
  if (input === 10) return 'standard';
  if (input === 20) return 'express';
  return input;
}

// ---------------------------------------------------------------------------------------------
// Order creation

export const kshAmountSchema = z
  .number()
  .min(0, 'Must not be negative.')
  .max(MAX_AMOUNT_KSH, `At most Ksh ${MAX_AMOUNT_KSH.toLocaleString('en-US')}.`);

export const discountCodeSchema = z
  .string()
  .trim()
  .max(40, 'At most 40 characters.')
  .describe('An empty code means none.');

/** The client's claim about a line; the server reprices it and trusts only ids and quantity. */
export const orderItemInputSchema = z.strictObject({
  name: z.string().trim().max(200),
  productId: uuidSchema,
  quantity: z
    .number()
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(1000, 'At most 1000 of one item.'),
  /** Unit price in Ksh as shown. */
  price: kshAmountSchema,
  /** The variant's id; null for a product without variants. */
  selectedVariant: uuidSchema.nullable(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/**
 * The checkout form's `orderItems` (spec section 3): the cart's lines, which also carry the
 * line's `image`. Only validated: the order's own lines are what was priced and is charged.
 */
export const checkoutOrderItemSchema = orderItemInputSchema.extend({
  image: z.string().max(2048).optional(),
});

export const createOrderBodySchema = z.strictObject({
  items: z
    .array(orderItemInputSchema)
    .min(1, 'The order has no items.')
    .max(100, 'At most 100 lines in one order.'),
  /** Ksh; must equal the server's own total or the order is refused (409 total_mismatch). */
  totalPrice: kshAmountSchema,
  shipping: shippingInputSchema,
  /** Ksh taken off by the discount code; checked against the server's figure. */
  discount: kshAmountSchema,
  discountCode: discountCodeSchema.optional(),
  /**
   * Where the parcels go, so each shop prices its part (decision 035). Left out, as the spec's
   * calls leave it, each shop charges its rest-of-Kenya rates (the spec's Ksh 10 / 20 for a
   * shop that set nothing).
   */
  county: countySchema.optional(),
  /** The shop parts collected at one of their shop's counters instead (at most one a shop). */
  pickup: z
    .array(pickupChoiceSchema)
    .max(100)
    .refine(
      (choices) => new Set(choices.map((choice) => choice.shopId)).size === choices.length,
      'One pickup counter a shop.',
    )
    .optional(),
  /** Ksh: the delivery the checkout showed, all shops together; checked like the total. */
  deliveryFee: kshAmountSchema.optional(),
  /**
   * The unpaid order whose recovery link rebuilt this cart (decision 043): counted on the admin's
   * dashboard once this one is paid. The server checks it names an order that lapsed unpaid.
   */
  recoveredFrom: uuidSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** The field error of a recoveredFrom that names no order that lapsed unpaid. */
export const NOT_RECOVERABLE_MESSAGE = PROBLEM_TEXTS.notRecoverable;

export const createOrderResponseSchema = z.object({
  _id: uuidSchema,
  orderId: z.string(),
  status: orderStatusSchema,
  /** Ksh, as the server priced it. */
  totalPrice: z.number(),
  /** True when the order must be paid online before its final checkout. */
  payOnOrder: z.boolean(),
  /** Until then the order holds its stock; after it the order expires. */
  holdUntil: z.iso.datetime({ offset: true }),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** Order lines sharing product and variant become one line with the quantities summed. */
export function mergeOrderItems(items: readonly OrderItemInput[]): OrderItemInput[] {
  return mergeCartLines(items.map((item) => ({ ...item, variantId: item.selectedVariant }))).map(
    ({ variantId: _variantId, ...item }) => item,
  );
}

// ---------------------------------------------------------------------------------------------
// Checkout

const requiredField = requiredText(200);

/**
 * Spec section 5 requires every field; the middle name and the postal code are optional here
 * (decision 027: many Kenyans have no middle name, and many addresses no postal code). What is
 * given is still trimmed and bounded; what is left out is stored as ''.
 */
export const checkoutFormSchema = z.strictObject({
  firstName: requiredField,
  middleName: optionalText(200).default(''),
  lastName: requiredField,
  country: requiredField,
  county: countySchema,
  city: requiredField,
  address: requiredText(500),
  postalcode: optionalText(20).default(''),
  phoneNumber: kenyanPhoneSchema,
  email: emailSchema,
  /**
   * The buyer's KRA PIN for a business purchase (decision 045), printed on the receipts: optional,
   * '' is none, kept in upper case.
   */
  buyerKraPin: kraPinSchema.optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** The checkout screen's form: the delivery form and the shipping option the shopper picks. */
export const checkoutScreenSchema = checkoutFormSchema.extend({
  shipping: z.enum(SHIPPING_OPTION_KEYS, 'Choose a shipping method.'),
});
export type CheckoutScreenInput = z.input<typeof checkoutScreenSchema>;
export type CheckoutScreenValues = z.output<typeof checkoutScreenSchema>;

/**
 * The same screen when every shop part is collected at a counter: no street address or city
 * (decision 035; the final checkout's own schema lets them be empty, and asks for them itself
 * when a part goes to a door).
 */
export const pickupCheckoutScreenSchema = checkoutScreenSchema.extend({
  city: optionalText(200).default(''),
  address: optionalText(500).default(''),
});

export const finalCheckoutBodySchema = z.strictObject({
  ...checkoutFormSchema.shape,
  // Not needed when every part is collected at a shop's counter (decision 035); the server
  // asks for them (a field error) when a part goes to a door.
  city: optionalText(200).default(''),
  address: optionalText(500).default(''),
  orderId: uuidSchema,
  orderItems: z.array(checkoutOrderItemSchema).max(100).optional(),
  totalPrice: kshAmountSchema,
  shipping: shippingInputSchema,
  discount: kshAmountSchema,
  discountCode: discountCodeSchema.optional(),
  /** The payment status event's data, passed on as received. */
  paymentDetails: z.record(z.string(), z.unknown()).optional(),
});
export type FinalCheckoutBody = z.infer<typeof finalCheckoutBodySchema>;

// ---------------------------------------------------------------------------------------------
// Orders as read back

export const orderLineSchema = z.object({
  name: z.string(),
  /** Unit price in Ksh, as charged. */
  price: z.number(),
  quantity: z.number().int(),
  productId: z.string(),
  /** The variant's id, or null. */
  selectedVariant: z.string().nullable(),
  /** The variant's size or name, or null. */
  variantLabel: z.string().nullable(),
  /** The product's first picture when it was ordered (kept if the product is deleted), or null. */
  image: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Amounts in Ksh. Address and contact fields are '' until the checkout form is sent. */
/** One shop's part of an order: its state, the owner's tracking note, and its lines' sum. */
export const orderPartSchema = z.object({
  _id: uuidSchema,
  shopId: uuidSchema.nullable(),
  shopName: z.string(),
  status: z.enum(PART_STATUSES),
  trackingNote: z.string().nullable(),
  /** Ksh: the part's lines. */
  subtotal: z.number(),
  /** Ksh owed back for this part when it was cancelled after payment (else 0). */
  refund: z.number(),
  /** Ksh: this shop's delivery fee (decision 035; 0 for parts placed before it). */
  delivery: z.number(),
  /** The county the part was priced for, or null (priced at the shop's rest-of-Kenya rates). */
  deliveryCounty: z.string().nullable(),
  /** The shop's counter the shopper collects this part at, or null for a door delivery. */
  pickupCounter: z
    .object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      hours: z.string(),
      /** Set when the point is a carrier's agent (decision 036), not the shop's own counter. */
      carrier: z.enum(CARRIERS).optional(),
    })
    .nullable(),
});
export type OrderPart = z.infer<typeof orderPartSchema>;

export const orderSchema = z.object({
  _id: uuidSchema,
  orderId: z.string(),
  status: orderStatusSchema,
  payOnOrder: z.boolean(),
  shippingOption: z.enum(SHIPPING_OPTION_KEYS),
  createdAt: z.iso.datetime({ offset: true }),
  totalPrice: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  items: z.array(orderLineSchema),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  county: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** Until then an unpaid order holds its stock; null once it no longer waits. */
  holdUntil: z.iso.datetime({ offset: true }).nullable(),
  /** Money the shop owes the shopper back, and why (REFUND_REASON_TEXT); null when none. */
  refundReason: z.enum(REFUND_REASONS).nullable(),
  /** One per shop whose items it holds, each fulfilled on its own. */
  parts: z.array(orderPartSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListResponseSchema = z.array(orderSchema);

/**
 * An order as a shop owner sees it: only their shop's lines, and `totalPrice` is those lines'
 * sum (the rest of the order is other shops' business). Contact and address are there to deliver.
 */
export const shopOrderSchema = orderSchema
  .omit({ subtotal: true, discount: true, shipping: true, parts: true })
  .extend({
    totalPrice: z.number(),
    part: orderPartSchema,
    /**
     * Ksh the shop collects at the door for an order paid on delivery: its lines less their
     * share of the order's discount code, plus its delivery fee. Null when paid online or the
     * part is cancelled.
     */
    collect: z.number().nullable(),
    /** The part's carrier package when it goes to an agent point (decision 036), else null. */
    carrierPackage: carrierPackageStateSchema.nullable().optional(),
  });
export type ShopOrder = z.infer<typeof shopOrderSchema>;
export const shopOrderListResponseSchema = z.array(shopOrderSchema);

/** GET /api/property/shop/{shopId}/orders: 10 a page, those still to send first unless told. */
export const shopOrdersQuerySchema = z.strictObject({
  page: z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number('Must be a page size.').int().min(1).max(100).default(10),
  status: z.enum(PART_STATUSES).optional(),
});

/** POST /api/property/shop/{shopId}/orders/{orderId}/{action}. */
export const partActionParamsSchema = z.object({
  shopId: z.string().min(1),
  orderId: z.string().min(1),
  action: z.enum(Object.keys(PART_ACTIONS) as [keyof typeof PART_ACTIONS]),
});
export const partActionBodySchema = z.strictObject({
  /** Shown to the shopper with the part (a courier and its number, say). */
  trackingNote: optionalText(300).optional(),
  /** Kept in the order's history (why a part was cancelled). */
  note: optionalText(300).optional(),
});
export type PartActionBody = z.infer<typeof partActionBodySchema>;

/** POST /api/order/{orderId}/cancel (admin). */
export const cancelOrderBodySchema = z.strictObject({ note: optionalText(300).optional() });

/** One move in an order's history (admins). */
export const orderHistoryEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  /** 'shopper', 'payment', 'system', 'owner' or 'admin'. */
  actor: z.string(),
  /** The account's name when a person made the move. */
  actorName: z.string().nullable(),
  /** Set when the move was one shop's part (from and to are then the part's). */
  shopName: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export const orderHistorySchema = z.array(orderHistoryEntrySchema);

// ---------------------------------------------------------------------------------------------
// Refunds

/** An order that owes the shopper money, in the admin's refund queue. */
export const refundQueueEntrySchema = z.object({
  _id: uuidSchema,
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  customer: z.string(),
  email: z.string(),
  refundReason: z.enum(REFUND_REASONS),
  /** Ksh to give back. */
  amount: z.number(),
  /** The last refund asked of the provider for it, if any. */
  lastRefund: z
    .object({
      status: z.enum(REFUND_STATUSES),
      message: z.string().nullable(),
      at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type RefundQueueEntry = z.infer<typeof refundQueueEntrySchema>;
export const refundQueueSchema = z.array(refundQueueEntrySchema);

/** POST /api/order/{orderId}/refund/resolve: settled outside Soko (a note says how). */
export const resolveRefundBodySchema = z.strictObject({
  note: requiredText(300, 'Say how the money was given back.'),
});

/** What asking the provider for a refund came to. */
export const refundResultSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  message: z.string(),
  order: orderSchema,
});
export type RefundResult = z.infer<typeof refundResultSchema>;

/** Not forced to a uuid: an unknown id, well-formed or not, is a 404. */
export const orderIdParamsSchema = z.object({ orderId: z.string().min(1) });

// ---------------------------------------------------------------------------------------------
// Discount codes

export const discountCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });

export const discountQuerySchema = z.object({
  /** Ksh; the amount of a percentage code depends on it. */
  subtotal: z.coerce
    .number()
    .min(0, 'Must not be negative.')
    .max(MAX_AMOUNT_KSH, `At most Ksh ${MAX_AMOUNT_KSH.toLocaleString('en-US')}.`)
    .optional(),
});
export type DiscountQuery = z.infer<typeof discountQuerySchema>;

/**
 * `amount` in Ksh for the given subtotal (0 for a percentage code asked without one). `kind`
 * and `value` (a percentage, or Ksh) let the checkout recompute it as the cart changes.
 */
export const discountResponseSchema = z.object({
  code: z.string(),
  amount: z.number(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  /** A shop's own code takes off that shop's lines only (decision 038); null: the whole cart. */
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  /** Ksh those lines must come to before the code applies. */
  minOrder: z.number(),
});
export type DiscountResponse = z.infer<typeof discountResponseSchema>;
