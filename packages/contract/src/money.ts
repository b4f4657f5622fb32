/**
 * The largest amount in Ksh any call may carry, and any order may total. Amounts are stored as
 * integer cents in 32-bit columns (at most 21,474,836.47 Ksh); this leaves room below that.
 */
export const MAX_AMOUNT_KSH = 10_000_000;

/** Ksh as carried by the API -> integer cents as stored and computed on the server. */
export function toCents(ksh: number): number {
  return Math.round(ksh * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const wholeKsh = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const centKsh = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 'Ksh 1,500' for whole amounts, 'Ksh 1,499.50' otherwise. */
export function formatKsh(amountKsh: number): string {
  const cents = toCents(amountKsh);
  // `+ 0` turns -0 into 0, so a rounded-away negative never shows as 'Ksh -0'.
  const amount = fromCents(cents) + 0;
  return `Ksh ${(cents % 100 === 0 ? wholeKsh : centKsh).format(amount)}`;
}

/**
 * A product's `discounts` field (a percentage, as a number or text such as "15%") applies when
 * parseFloat reads it as a number above 0 and below 100; anything else means no discount.
 */
export function parseDiscountPercent(discounts: unknown): number | null {
  if (typeof discounts !== 'string' && typeof discounts !== 'number') return null;
  const percent = parseFloat(String(discounts));
  return Number.isFinite(percent) && percent > 0 && percent < 100 ? percent : null;
}

export function discountedPriceCents(priceCents: number, discounts: unknown): number {
  const percent = parseDiscountPercent(discounts);
  return percent === null ? priceCents : Math.round((priceCents * (100 - percent)) / 100);
}

export const SHIPPING_OPTIONS = {
  standard: { label: 'Standard', amountKsh: 10 },
  express: { label: 'Express', amountKsh: 20 },
} as const;

export type ShippingOption = keyof typeof SHIPPING_OPTIONS;

export const SHIPPING_OPTION_KEYS = [
  'standard',
  'express',
] as const satisfies readonly ShippingOption[];

export function shippingCents(option: ShippingOption): number {
  return toCents(SHIPPING_OPTIONS[option].amountKsh);
}

export type DiscountCodeKind = 'percent' | 'fixed';

export interface DiscountCodeTerms {
  kind: DiscountCodeKind;
  /** percent: a whole percentage 1..100; fixed: an amount in cents. */
  value: number;
}

/** What a discount code takes off a subtotal, in cents: never negative, never above it. */
export function discountCodeAmountCents(code: DiscountCodeTerms, subtotalCents: number): number {
  const raw = code.kind === 'percent' ? Math.round((subtotalCents * code.value) / 100) : code.value;
  return Math.min(Math.max(raw, 0), Math.max(subtotalCents, 0));
}

/** Spec: grand total = cart total minus discount plus shipping; a discount never eats shipping. */
export function grandTotalCents(parts: {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
}): number {
  return Math.max(parts.subtotalCents - parts.discountCents, 0) + parts.shippingCents;
}
