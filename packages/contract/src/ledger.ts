// What the marketplace owes each shop (issue 17, DESIGN "Ledger"): entries only ever added, a
// balance the sum of its entries. Amounts travel in Ksh like every other call; the server keeps
// integer cents.
import { z } from 'zod';
import { uuidSchema } from './common';
import { MAX_AMOUNT_KSH } from './money';

export const LEDGER_ENTRY_KINDS = ['sale', 'cancellation', 'reversal', 'refund', 'payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** An entry's kind in words, as the owner's history and the CSV show it. */
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  cancellation: 'Cancelled',
  reversal: 'Payment reversed',
  refund: 'Refunded',
  payout: 'Payout',
};

export const PAYOUT_METHODS = ['mpesa', 'bank', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  mpesa: 'M-Pesa',
  bank: 'Bank transfer',
  cash: 'Cash',
};

/** A shop's history is read a page at a time, newest first. */
export const LEDGER_PAGE_SIZE = 20;
/** The admin's list of shops and what each is owed. */
export const LEDGER_SHOPS_PAGE_SIZE = 20;

// Cents and basis points are whole: 12.345 is refused rather than rounded. The product with 100
// is compared to its rounding loosely because 0.1 + 0.2 is not 0.3 in binary.
const atMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const pageField = z.coerce.number('Must be a page number.').int().min(1).max(100_000).default(1);

/** GET /api/property/shop/:shopId/ledger?page= */
export const ledgerQuerySchema = z.strictObject({ page: pageField });
/** GET /api/admin/ledger?page= */
export const ledgerShopsQuerySchema = z.strictObject({ page: pageField });

/** A percentage with at most two decimals (basis points on the server). */
export const commissionPercentSchema = z
  .number('Must be a percentage.')
  .min(0, 'Must not be negative.')
  .max(100, 'At most 100%.')
  .refine(atMostTwoDecimals, 'At most two decimals.');

/** PUT /api/admin/shops/:shopId/commission: a shop's own rate, or null for the default. */
export const commissionRequestSchema = z.strictObject({
  commissionPercent: commissionPercentSchema.nullable(),
});
export type CommissionRequest = z.infer<typeof commissionRequestSchema>;

/** POST /api/admin/shops/:shopId/payouts */
export const payoutRequestSchema = z.strictObject({
  /** Ksh, at most two decimals. */
  amount: z
    .number('Enter the amount paid.')
    .positive('Must be more than 0.')
    .max(MAX_AMOUNT_KSH, `At most Ksh ${MAX_AMOUNT_KSH.toLocaleString('en-US')}.`)
    .refine(atMostTwoDecimals, 'At most two decimals.'),
  method: z.enum(PAYOUT_METHODS, 'Choose how it was paid.'),
  reference: z
    .string('Enter the payment reference.')
    .trim()
    .min(1, 'Enter the payment reference.')
    .max(100, 'Must be at most 100 characters.'),
  note: z.string().trim().max(500, 'Must be at most 500 characters.').optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const ledgerEntrySchema = z.object({
  id: uuidSchema,
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** ISO time it was written. */
  at: z.string(),
  /** Ksh: positive is owed to the shop, negative taken off what it is owed. */
  amount: z.number(),
  /** The shop's balance after this entry, in Ksh. */
  balanceAfter: z.number(),
  /**
   * A sale's lines and its delivery fee (decision 035), negated on the entry undoing it, and the
   * commission taken from the lines.
   */
  gross: z.number().nullable(),
  commission: z.number().nullable(),
  commissionPercent: z.number().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const shopMoneyFields = {
  shopId: z.string(),
  shopName: z.string(),
  /** The rate new sales are credited at. */
  commissionPercent: z.number(),
  /** Whether that rate is the marketplace's default rather than the shop's own. */
  commissionIsDefault: z.boolean(),
  /** Ksh: the sum of every entry, what the marketplace owes the shop now (pending + available). */
  balance: z.number(),
  /**
   * Ksh: sales (less their undoing) of parts not yet delivered. Not payable: the order may still
   * be cancelled or its payment reversed.
   */
  pending: z.number(),
  /** Ksh: the rest (delivered parts, less payouts): at most this may be paid out. */
  available: z.number(),
};

/** A shop's balance and one page of its history. */
export const shopLedgerSchema = z.object({
  ...shopMoneyFields,
  page: z.number().int(),
  total: z.number().int(),
  entries: z.array(ledgerEntrySchema),
});
export type ShopLedger = z.infer<typeof shopLedgerSchema>;

export const shopOwedSchema = z.object({
  ...shopMoneyFields,
  ownerEmail: z.string(),
  /** Ksh: sales credited less their undoing, and payouts made (a positive figure). */
  earned: z.number(),
  paidOut: z.number(),
});
export type ShopOwed = z.infer<typeof shopOwedSchema>;

/** Every shop and what it is owed, most owed first. */
export const ledgerShopsSchema = z.object({
  defaultCommissionPercent: z.number(),
  /** Ksh: what the marketplace owes all shops together. */
  totalOwed: z.number(),
  /** Ksh: of that, what is pending delivery, and what is available to pay out. */
  totalPending: z.number(),
  totalAvailable: z.number(),
  page: z.number().int(),
  total: z.number().int(),
  shops: z.array(shopOwedSchema),
});
export type LedgerShops = z.infer<typeof ledgerShopsSchema>;

/** Basis points (the server's) as the percentage the API carries. */
export const percentFromBps = (bps: number): number => bps / 100;
export const bpsFromPercent = (percent: number): number => Math.round(percent * 100);
