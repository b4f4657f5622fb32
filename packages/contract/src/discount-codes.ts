// Discount codes as owners and admins run them (issue 32, decision 038): a shop's codes take
// off that shop's lines only and the shop bears them; the marketplace's codes (no shop) take
// off the whole cart and the marketplace bears them.
import { z } from 'zod';
import { uuidSchema } from './common';
import { formatKsh, fromCents, MAX_AMOUNT_KSH } from './money';
import { PROBLEM_TEXTS, problemText } from './problem-texts';

export const DISCOUNT_CODE_MAX_USES = 1_000_000;

const CODE_TEXT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The code shoppers type: letters, digits, '-' and '_'; matched without regard to case. */
export const discountCodeTextSchema = z
  .string()
  .trim()
  .min(3, 'At least 3 characters.')
  .max(40, 'At most 40 characters.')
  .regex(CODE_TEXT, 'Letters, digits, - and _ only.');

const usesSchema = z
  .number()
  .int('Must be a whole number.')
  .min(1, 'At least 1.')
  .max(DISCOUNT_CODE_MAX_USES, `At most ${DISCOUNT_CODE_MAX_USES.toLocaleString('en-US')}.`)
  .nullable()
  .default(null);

const momentSchema = z.iso
  .datetime({ offset: true, message: 'Must be a date and time.' })
  .nullable()
  .default(null);

export const DISCOUNT_CODE_END_BEFORE_START = 'The end must be after the start.';

/** POST and PATCH body (PATCH sends the whole code again, as the form holds it). */
export const discountCodeInputSchema = z
  .strictObject({
    code: discountCodeTextSchema,
    kind: z.enum(['percent', 'fixed']),
    /** percent: a whole percentage 1..100; fixed: Ksh. */
    value: z.number().positive('Must be more than 0.').max(MAX_AMOUNT_KSH),
    /** Ksh the code's lines must come to before it applies (0: any). */
    minOrder: z.number().min(0, 'Must not be negative.').max(MAX_AMOUNT_KSH).default(0),
    startsAt: momentSchema,
    endsAt: momentSchema,
    usageLimit: usesSchema,
    perShopperLimit: usesSchema,
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value > 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percentage is a whole number from 1 to 100.',
      });
    }
    if (input.kind === 'fixed' && Math.round(input.value * 100) !== input.value * 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'At most two decimals.' });
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: DISCOUNT_CODE_END_BEFORE_START });
    }
  });
export type DiscountCodeInput = z.input<typeof discountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof discountCodeInputSchema>;

export const discountCodeViewSchema = z.object({
  id: uuidSchema,
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minOrder: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  perShopperLimit: z.number().nullable(),
  usedCount: z.number(),
  active: z.boolean(),
  /** Null: the marketplace's code. */
  shopId: uuidSchema.nullable(),
  shopName: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscountCodeView = z.infer<typeof discountCodeViewSchema>;

export const discountCodeListSchema = z.object({ codes: z.array(discountCodeViewSchema) });
export type DiscountCodeList = z.infer<typeof discountCodeListSchema>;

export const shopCodeParamsSchema = z.strictObject({ shopId: uuidSchema, codeId: uuidSchema });
export const codeIdParamsSchema = z.strictObject({ codeId: uuidSchema });

export const CODE_TAKEN_MESSAGE = 'This code is already in use. Please choose another.';

export const INVALID_CODE_MESSAGE = PROBLEM_TEXTS.invalidCode;

/**
 * Why a usable code takes nothing off a cart (the order's field error, and the checkout's note
 * before it): a shop's code needs that shop's lines, and every code its minimum order. Null when
 * it takes something off.
 */
export function discountCodeRefusal(
  code: { shopName: string | null; minOrderCents: number },
  amountCents: number,
): string | null {
  if (amountCents > 0) return null;
  if (code.minOrderCents > 0) {
    const amount = formatKsh(fromCents(code.minOrderCents));
    return code.shopName
      ? problemText('codeNeedsShopMinimum', { amount, shop: code.shopName })
      : problemText('codeNeedsMinimum', { amount });
  }
  return code.shopName
    ? problemText('codeOnlyForShop', { shop: code.shopName })
    : INVALID_CODE_MESSAGE;
}
