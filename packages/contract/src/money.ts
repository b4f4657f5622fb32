import type { Locale } from './locale';

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

/** Integer cents as a plain decimal for files (CSV): 125000 -> '1250.00', -3050 -> '-30.50'. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234567 -> '1,234,567': digits grouped by three, as en-US writes them. */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * 'Ksh 1,500' for whole amounts, 'Ksh 1,499.50' otherwise, in English and in Kiswahili alike:
 * CLDR's en-KE and sw-KE both write the shilling 'Ksh' before the amount, thousands grouped by
 * commas and a decimal point (money.test.ts holds this to Intl's own output for both).
 */
export function formatKsh(amountKsh: number, _locale: Locale = 'en'): string {
  // Integer cents, not Intl.NumberFormat: building a number format loads the browser's locale
  // data, about 90 ms on a cheap phone while it takes over the first page (decision 018).
  const cents = toCents(amountKsh);
  const sign = cents < 0 ? '-' : '';
  const whole = groupThousands(Math.floor(Math.abs(cents) / 100));
  const rest = Math.abs(cents) % 100;
  return `Ksh ${sign}${whole}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
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

/** Where a code applies (decision 038): one shop's lines, or (shopId null) the whole cart. */
export interface DiscountCodeScope {
  shopId: string | null;
  /** What those lines must come to before the code takes anything off. */
  minOrderCents: number;
}

export type CodeLine = { shopId: string; cents: number };

/** The lines a code applies to, in cents: that shop's lines, or every line for the marketplace's. */
export function codeBaseCents(
  scope: Pick<DiscountCodeScope, 'shopId'>,
  lines: readonly CodeLine[],
) {
  return lines.reduce(
    (sum, line) => (scope.shopId === null || line.shopId === scope.shopId ? sum + line.cents : sum),
    0,
  );
}

/** What a code takes off a cart: nothing until its lines reach its minimum order. */
export function codeAmountForLinesCents(
  code: DiscountCodeTerms & DiscountCodeScope,
  lines: readonly CodeLine[],
): number {
  const base = codeBaseCents(code, lines);
  if (base === 0 || base < code.minOrderCents) return 0;
  return discountCodeAmountCents(code, base);
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

/**
 * Each part's share of its order's discount in cents: a shop's own code is all on that shop's
 * part (`shopDiscountCents`), the marketplace's is shared by the parts' lines (below).
 */
export function partDiscountsCents(
  orderDiscountCents: number,
  parts: readonly { subtotalCents: number; shopDiscountCents: number }[],
): number[] {
  const own = parts.reduce((sum, part) => sum + part.shopDiscountCents, 0);
  const shared = discountSharesCents(
    Math.max(orderDiscountCents - own, 0),
    parts.map((part) => part.subtotalCents),
  );
  return parts.map((part, index) => part.shopDiscountCents + (shared[index] ?? 0));
}

/**
 * An order's discount shared out over its shop parts in proportion to their lines, to the cent:
 * the shares always add up to the discount (the cents left by rounding down go to the parts
 * with the largest remainders, the first of equals first), so the parts of an order paid on
 * delivery collect its total between them. Shares come back in the parts' order.
 */
export function discountSharesCents(
  discountCents: number,
  partSubtotalsCents: readonly number[],
): number[] {
  const subtotal = partSubtotalsCents.reduce((sum, cents) => sum + cents, 0);
  if (discountCents <= 0 || subtotal <= 0) return partSubtotalsCents.map(() => 0);
  const capped = Math.min(discountCents, subtotal);
  const exact = partSubtotalsCents.map((cents) => (capped * cents) / subtotal);
  const shares = exact.map(Math.floor);
  let left = capped - shares.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
