// Tax's schemas (issue 33, decision 044): a product's KRA tax type, a shop's tax profile, and
// the VAT a product read carries. The pure rules are in tax-rules.ts, re-exported here.
import { z } from 'zod';
import { KRA_PIN_MESSAGE, KRA_PIN_PATTERN, TAX_TYPES, type ProductVat } from './tax-rules';

export * from './tax-rules';

export const taxTypeSchema = z.enum(TAX_TYPES, 'Choose a tax type: A, B, C, D or E.');

export const kraPinSchema = z
  .string()
  .trim()
  .max(20, KRA_PIN_MESSAGE)
  .refine((value) => value === '' || KRA_PIN_PATTERN.test(value.toUpperCase()), KRA_PIN_MESSAGE);

export const VAT_NEEDS_PIN = 'A VAT-registered shop needs its KRA PIN.';
export const ETIMS_NEEDS_PIN = 'eTIMS needs the shop’s KRA PIN.';
export const ETIMS_NEEDS_DEVICE = 'eTIMS needs the device serial number KRA gave the shop.';
export const DEFAULT_ETIMS_BRANCH = '00';
/** Turning eTIMS on while KRA cannot be reached (decision 046): nothing is saved. */
export const ETIMS_UNREACHABLE =
  'KRA’s eTIMS could not be reached, so nothing was saved. Try again in a moment.';
/** KRA refused to initialise the device: its reason, at the device serial. */
export const etimsDeviceRefusedText = (resultCd: string, resultMsg: string): string =>
  `KRA refused this device: ${resultMsg || 'no reason given'} (code ${resultCd}).`;

/**
 * GET and PUT /api/property/shop/{shopId}/tax-profile (the PUT replaces the whole profile).
 * Turning eTIMS on (or changing its PIN, branch or serial while on) initialises the device with
 * KRA first (decision 046): refused or unreachable, nothing is saved.
 */
export const taxProfileInputSchema = z
  .strictObject({
    /** '' or null: no PIN. */
    kraPin: kraPinSchema.nullable().default(null),
    vatRegistered: z.boolean().default(false),
    etims: z
      .strictObject({
        enabled: z.boolean().default(false),
        /** KRA's branch id (bhfId): 00 is the head office. */
        bhfId: z
          .string()
          .trim()
          .regex(/^\d{2}$/, 'Enter the two-digit branch id (00 for the head office).')
          .default(DEFAULT_ETIMS_BRANCH),
        /** The device serial number (dvcSrlNo) KRA registered for the shop's OSCU. */
        dvcSrlNo: z
          .string()
          .trim()
          .max(50, 'At most 50 characters.')
          .regex(/^[\w-]*$/, 'Letters, digits, - and _ only.')
          .default(''),
      })
      .default({ enabled: false, bhfId: DEFAULT_ETIMS_BRANCH, dvcSrlNo: '' }),
  })
  .superRefine((input, ctx) => {
    if (input.vatRegistered && !input.kraPin) {
      ctx.addIssue({ code: 'custom', path: ['kraPin'], message: VAT_NEEDS_PIN });
    }
    if (input.etims.enabled && !input.kraPin) {
      ctx.addIssue({ code: 'custom', path: ['kraPin'], message: ETIMS_NEEDS_PIN });
    }
    if (input.etims.enabled && !input.etims.dvcSrlNo) {
      ctx.addIssue({ code: 'custom', path: ['etims', 'dvcSrlNo'], message: ETIMS_NEEDS_DEVICE });
    }
  });
export type TaxProfileInput = z.input<typeof taxProfileInputSchema>;
export type ParsedTaxProfile = z.output<typeof taxProfileInputSchema>;

export const taxProfileResponseSchema = z.object({
  shopId: z.string(),
  kraPin: z.string().nullable(),
  vatRegistered: z.boolean(),
  etims: z.object({ enabled: z.boolean(), bhfId: z.string(), dvcSrlNo: z.string() }),
});
export type TaxProfileResponse = z.infer<typeof taxProfileResponseSchema>;

/** What a product page and a cart line show: the VAT one unit holds at the price paid. */
export const productVatSchema: z.ZodType<ProductVat> = z.object({
  taxType: taxTypeSchema,
  ratePercent: z.number().int(),
  /** Ksh, as the product's price is carried. */
  amount: z.number(),
});
