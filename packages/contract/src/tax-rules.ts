// Tax's pure rules (issue 33, decision 044): KRA's tax types, the VAT held in VAT-inclusive
// prices in integer cents, and a KRA PIN's form. No zod here, so the storefront's first load can
// use them without carrying the schema library (tax.ts holds the schemas and re-exports these).
// The split is what receipts, credit notes and eTIMS will print and send, so its parts always
// add up to the cent.
import { discountSharesCents, formatKsh, fromCents, toCents } from './money';

/** KRA's tax types as eTIMS names them (reference/delivery-tax.md "VAT"). */
export const TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxType = (typeof TAX_TYPES)[number];
/** The VAT rate of each type, in whole percent (eTIMS sends taxRtA…taxRtE the same way). */
export const TAX_RATES_PERCENT: Readonly<Record<TaxType, number>> = {
  A: 0,
  B: 16,
  C: 0,
  D: 0,
  E: 8,
};

/** What the owner's product form and receipts call each type. */
export const TAX_TYPE_LABELS: Readonly<Record<TaxType, string>> = {
  A: 'A: exempt',
  B: 'B: VAT 16 %',
  C: 'C: zero-rated (0 %)',
  D: 'D: not VAT',
  E: 'E: VAT 8 %',
};

/**
 * The type a line is taxed at: a shop that is not VAT-registered charges no VAT, so every one of
 * its lines is D whatever its product says (the product keeps its own type for the day the shop
 * registers); a registered shop's product without a type of its own is B.
 */
export function effectiveTaxType(productTaxType: TaxType | null, vatRegistered: boolean): TaxType {
  if (!vatRegistered) return 'D';
  return productTaxType ?? 'B';
}

/** Whether lines of this type hold VAT to show ("incl. VAT"): B and E. */
export function carriesVat(taxType: TaxType): boolean {
  return TAX_RATES_PERCENT[taxType] > 0;
}

/**
 * The VAT held in a VAT-inclusive amount at a rate, in cents, rounded half up (half away from
 * zero for a negative amount, so a credit note mirrors its receipt): 116000 at 16 % holds 16000,
 * 100 at 16 % holds 13.79 -> 14. Integer arithmetic only: amount × rate / (100 + rate).
 */
export function vatInInclusiveCents(amountCents: number, ratePercent: number): number {
  if (!Number.isInteger(amountCents)) throw new RangeError('amountCents must be whole cents');
  if (!Number.isInteger(ratePercent) || ratePercent < 0) {
    throw new RangeError('ratePercent must be a whole percent, 0 or more');
  }
  if (ratePercent === 0 || amountCents === 0) return 0;
  const divisor = 100 + ratePercent;
  const abs = Math.abs(amountCents);
  const vat = Math.floor((2 * abs * ratePercent + divisor) / (2 * divisor));
  return amountCents < 0 ? -vat : vat;
}

export interface TaxLine {
  taxType: TaxType;
  /** What the line costs, VAT included, in cents (unit price × quantity, after discounts). */
  amountCents: number;
}

export interface TaxRateTotals {
  ratePercent: number;
  /** The lines of this type summed, VAT included. */
  totalCents: number;
  /** totalCents less its VAT. */
  taxableCents: number;
  vatCents: number;
}

export interface TaxSplit {
  byType: Record<TaxType, TaxRateTotals>;
  /** Each line's share of its type's VAT, in the lines' order: they add up to the type's VAT. */
  lineVatCents: number[];
  totalCents: number;
  taxableCents: number;
  vatCents: number;
}

/**
 * The VAT of a set of lines per tax type. VAT is taken once over each type's summed amount, not
 * per line and then summed (per-line rounding drifts a cent per line from the type's VAT): so the
 * types' VATs add up to the total VAT, and taxable plus VAT to the lines' total, exactly. Each
 * line's share of its type's VAT (for a receipt's or eTIMS's line columns) is shared out by
 * amount, the cents left by rounding down going to the largest remainders.
 */
export function splitVat(lines: readonly TaxLine[]): TaxSplit {
  const byType = Object.fromEntries(
    TAX_TYPES.map((type) => [
      type,
      { ratePercent: TAX_RATES_PERCENT[type], totalCents: 0, taxableCents: 0, vatCents: 0 },
    ]),
  ) as Record<TaxType, TaxRateTotals>;
  for (const line of lines) {
    if (!Number.isInteger(line.amountCents))
      throw new RangeError('amountCents must be whole cents');
    byType[line.taxType].totalCents += line.amountCents;
  }
  const lineVatCents = lines.map(() => 0);
  for (const type of TAX_TYPES) {
    const totals = byType[type];
    totals.vatCents = vatInInclusiveCents(totals.totalCents, totals.ratePercent);
    totals.taxableCents = totals.totalCents - totals.vatCents;
    if (totals.vatCents === 0) continue;
    const indexes = lines.flatMap((line, index) => (line.taxType === type ? [index] : []));
    const sign = totals.vatCents < 0 ? -1 : 1;
    const shares = discountSharesCents(
      Math.abs(totals.vatCents),
      indexes.map((index) => Math.abs(lines[index]?.amountCents ?? 0)),
    );
    indexes.forEach((lineIndex, at) => {
      lineVatCents[lineIndex] = sign * (shares[at] ?? 0);
    });
  }
  const sum = (pick: (totals: TaxRateTotals) => number) =>
    TAX_TYPES.reduce((total, type) => total + pick(byType[type]), 0);
  return {
    byType,
    lineVatCents,
    totalCents: sum((totals) => totals.totalCents),
    taxableCents: sum((totals) => totals.taxableCents),
    vatCents: sum((totals) => totals.vatCents),
  };
}

/** What a product page and a cart line show: the VAT one unit holds at the price paid. */
export interface ProductVat {
  taxType: TaxType;
  ratePercent: number;
  /** Ksh, as the product's price is carried. */
  amount: number;
}

/**
 * The VAT a product page shows for one unit at `unitCents` (the price after its discount): null
 * unless the shop is VAT-registered and the product's type carries VAT.
 */
export function productVat(
  unitCents: number,
  productTaxType: TaxType | null,
  vatRegistered: boolean,
): ProductVat | null {
  const taxType = effectiveTaxType(productTaxType, vatRegistered);
  if (!carriesVat(taxType)) return null;
  const ratePercent = TAX_RATES_PERCENT[taxType];
  return { taxType, ratePercent, amount: fromCents(vatInInclusiveCents(unitCents, ratePercent)) };
}

/** A cart line as the VAT note reads it: `taxType` is set only on lines that carry VAT. */
export interface VatCartLine {
  price: number;
  quantity: number;
  shopId?: string | undefined;
  taxType?: TaxType | undefined;
}

/**
 * The VAT a cart's lines hold, in cents, for its "incl. VAT" note. A discount code lowers what
 * its lines are paid, so their VAT: its amount is shared over the lines it applies to (a shop's
 * code: that shop's; the marketplace's: all) by their amounts, as the order shares it over parts.
 */
export function cartVatCents(
  lines: readonly VatCartLine[],
  code: { amountCents: number; shopId: string | null } | null = null,
): number {
  const amounts = lines.map((line) => toCents(line.price) * line.quantity);
  if (code && code.amountCents > 0) {
    const inScope = lines.flatMap((line, index) =>
      code.shopId === null || line.shopId === code.shopId ? [index] : [],
    );
    const shares = discountSharesCents(
      code.amountCents,
      inScope.map((index) => amounts[index] ?? 0),
    );
    inScope.forEach((lineIndex, at) => {
      amounts[lineIndex] = (amounts[lineIndex] ?? 0) - (shares[at] ?? 0);
    });
  }
  return splitVat(
    lines.map((line, index) => ({
      taxType: line.taxType ?? 'D',
      amountCents: amounts[index] ?? 0,
    })),
  ).vatCents;
}

/** The note beside a price or a total: 'incl. VAT Ksh 160'. */
export function inclVatText(vatKsh: number): string {
  return `incl. VAT ${formatKsh(vatKsh)}`;
}

/**
 * A KRA PIN: A (a person) or P (a company), nine digits, a letter, such as P051234567X. Typed in
 * any case, with spaces around it: tax.ts's schema checks it, and the server keeps
 * `normalizeKraPin` of it, upper case, '' as none. (No transform in the schema: route schemas
 * become OpenAPI documents, which cannot describe one; the WhatsApp number does the same.)
 */
export const KRA_PIN_PATTERN = /^[AP]\d{9}[A-Z]$/;
export const KRA_PIN_MESSAGE =
  'Enter a KRA PIN such as P051234567X (A or P, nine digits, a letter).';

/** The PIN as stored: trimmed, upper case; null when empty. */
export function normalizeKraPin(typed: string | null | undefined): string | null {
  const pin = (typed ?? '').trim().toUpperCase();
  return pin === '' ? null : pin;
}
