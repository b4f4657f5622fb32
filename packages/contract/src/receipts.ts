// Receipts and credit notes (issue 33, decision 045): what a confirmed shop part's receipt holds,
// as the order page, the owner's Orders screen, the PDF and the eTIMS adapter read it. A receipt
// is written once, when the part is confirmed, with everything it prints frozen in it (the
// seller's and buyer's details, the lines with their tax types, the VAT per rate): a later
// change of a product, a price or a shop's profile never rewrites one. Money is carried in Ksh
// as everywhere in the API; the server computes it in integer cents (tax-rules.ts's splitVat).
import { z } from 'zod';
import { LOCALES } from './locale';
import { TAX_TYPES } from './tax-rules';

export const RECEIPT_KINDS = ['receipt', 'credit_note'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * Where a receipt stands with KRA's eTIMS: `off` (the shop did not turn eTIMS on when it was
 * issued), `pending` (waiting to be sent, or to be sent again), `sent` (KRA signed it), `refused`
 * (KRA answered a resultCd other than "000": its reason is kept and shown to the owner, who may
 * send it again after a fix).
 */
export const ETIMS_STATUSES = ['off', 'pending', 'sent', 'refused'] as const;
export type EtimsStatus = (typeof ETIMS_STATUSES)[number];

const taxType = z.enum(TAX_TYPES);

export const receiptLineSchema = z.object({
  name: z.string(),
  variantLabel: z.string().nullable(),
  /** The shop's SKU or the product's id: eTIMS's item code. */
  itemCode: z.string(),
  quantity: z.number().int(),
  /** Ksh, VAT included, as it was sold. */
  unitPrice: z.number(),
  /** What the line was paid, after its share of any discount code: Ksh, VAT included. */
  amount: z.number(),
  /** Its share of the code's discount, Ksh (0 without a code). */
  discount: z.number(),
  taxType,
  /** Its share of its type's VAT (splitVat's lineVatCents). */
  vat: z.number(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptRateSchema = z.object({
  taxType,
  ratePercent: z.number().int(),
  /** Lines of this type summed, VAT included. */
  amount: z.number(),
  taxable: z.number(),
  vat: z.number(),
});
export type ReceiptRate = z.infer<typeof receiptRateSchema>;

export const receiptEtimsSchema = z.object({
  status: z.enum(ETIMS_STATUSES),
  /** KRA's receipt number (rcptNo), its total receipt number, internal data and signature. */
  kraReceiptNumber: z.number().int().nullable(),
  kraTotalReceiptNumber: z.number().int().nullable(),
  internalData: z.string().nullable(),
  signature: z.string().nullable(),
  /** The device ids KRA answered (sdcId, mrcNo) and when it signed (vsdcRcptPbctDate). */
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** What the printed QR holds (null until KRA signed it). */
  qrData: z.string().nullable(),
  /** KRA's resultCd and resultMsg of the last refusal, while refused. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  /**
   * While pending after a try: why it waits (no initialised device, KRA unreachable), null
   * otherwise (decision 046).
   */
  pendingReason: z.string().nullable(),
});
export type ReceiptEtims = z.infer<typeof receiptEtimsSchema>;

export const receiptSchema = z.object({
  _id: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  /** The shop's sequence number, shared by its receipts and credit notes: 1, 2, 3 … */
  number: z.number().int().positive(),
  /** As printed: `R-000042` for a receipt, `CN-000043` for a credit note. */
  numberText: z.string(),
  issuedAt: z.string(),
  shopId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  partId: z.string(),
  /** The receipt a credit note cancels (null on a receipt). */
  credits: z.object({ _id: z.string(), numberText: z.string() }).nullable(),
  /** The credit note that cancelled this receipt, once there is one. */
  creditedBy: z.object({ _id: z.string(), numberText: z.string() }).nullable(),
  seller: z.object({
    name: z.string(),
    kraPin: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vatRegistered: z.boolean(),
  }),
  buyer: z.object({ name: z.string(), kraPin: z.string().nullable() }),
  /** How it was paid: 'M-Pesa', 'Card (Pesapal)', 'Cash on delivery' … (English, as issued). */
  payment: z.string(),
  /**
   * The language it was issued in, its order's (decision 050): its PDF prints in it. English for
   * receipts issued before orders had a language.
   */
  locale: z.enum(LOCALES),
  lines: z.array(receiptLineSchema),
  /** The part's delivery fee as a line of its own (taxed at the shop's default type), or null. */
  delivery: z.object({ amount: z.number(), taxType, vat: z.number() }).nullable(),
  /** The rates the receipt holds (only those with an amount). */
  rates: z.array(receiptRateSchema),
  /** Totals, VAT included; a credit note's are negative. */
  total: z.number(),
  taxable: z.number(),
  vat: z.number(),
  etims: receiptEtimsSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** The receipts of one order the caller may see (the shopper: all; an owner: their shop's). */
export const orderReceiptsSchema = z.array(receiptSchema);

/** `R-000042` / `CN-000043`. */
export function receiptNumberText(kind: ReceiptKind, number: number): string {
  return `${kind === 'receipt' ? 'R' : 'CN'}-${String(number).padStart(6, '0')}`;
}

/** POST /api/property/shop/{shopId}/receipts/{receiptId}/etims/resend (decision 046). */
export const receiptEtimsParamsSchema = z.object({
  shopId: z.string().min(1),
  receiptId: z.string().min(1),
});
/** Resending a receipt KRA already signed, or one of a shop without eTIMS. */
export const ETIMS_NOT_RESENDABLE =
  'Only a receipt KRA refused, or one still waiting, can be sent again.';

/** A month of a shop's receipts for its accountant: `?month=2026-11`. */
export const receiptsMonthQuerySchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, such as 2026-11.'),
});
