// What a receipt prints, worked out once when it is issued (decision 045) and frozen in its row:
// the seller and the buyer as they are at that moment, the part's lines at the tax types frozen on
// them when the order was placed, their share of a discount code, the delivery fee as a line of
// its own, and the VAT per rate (tax-rules.ts's splitVat) in integer cents. A credit note is its
// receipt mirrored. Pure: the issuing code (issue.ts) reads the rows and writes the result.
import {
  discountSharesCents,
  fromCents,
  splitVat,
  TAX_TYPES,
  type Locale,
  type ReceiptLine,
  type TaxType,
} from '@soko/contract';
import type { ReceiptBody } from '../../platform/schema';

export type ReceiptOrder = {
  orderNumber: string;
  payOnOrder: boolean;
  buyerName: string;
  buyerKraPin: string | null;
  /** The order's whole discount, whichever code gave it. */
  discountCents: number;
  /** How it was paid, as printed. */
  payment: string;
  /** The order's language (decision 050): the receipt prints in it. */
  locale: Locale;
};

export type ReceiptOrderLine = {
  shopId: string | null;
  name: string;
  variantLabel: string | null;
  itemCode: string;
  unitPriceCents: number;
  quantity: number;
  /** Null on lines placed before decision 045: they count as D. */
  taxType: TaxType | null;
};

export type ReceiptPart = {
  shopId: string;
  subtotalCents: number;
  /** The shop's own code's discount on this part (all of the order's discount when it is one). */
  shopDiscountCents: number;
  deliveryCents: number;
};

export type ReceiptSeller = {
  name: string;
  kraPin: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  vatRegistered: boolean;
};

export type ReceiptContent = { body: ReceiptBody; totalCents: number; vatCents: number };

/**
 * The type a part's delivery fee is taxed at: the shop's default, B when it is VAT-registered
 * (delivery is a taxable supply of the seller's), else D.
 */
export const deliveryTaxType = (vatRegistered: boolean): TaxType => (vatRegistered ? 'B' : 'D');

/**
 * Each of the order's lines' share of its discount code, in cents, in the lines' order, as the
 * cart's VAT note shares it (cartVatCents): a shop's own code over that shop's lines, the
 * marketplace's over all the order's lines. `ownByShop` is each part's shop discount.
 */
function lineDiscountsCents(
  lines: readonly ReceiptOrderLine[],
  orderDiscountCents: number,
  ownByShop: ReadonlyMap<string, number>,
): number[] {
  const amounts = lines.map((line) => line.unitPriceCents * line.quantity);
  const discounts = lines.map(() => 0);
  const share = (cents: number, inScope: readonly number[]) => {
    const shares = discountSharesCents(
      cents,
      inScope.map((index) => amounts[index] ?? 0),
    );
    inScope.forEach((lineIndex, at) => {
      discounts[lineIndex] = (discounts[lineIndex] ?? 0) + (shares[at] ?? 0);
    });
  };
  let own = 0;
  for (const [shopId, cents] of ownByShop) {
    own += cents;
    share(
      cents,
      lines.flatMap((line, index) => (line.shopId === shopId ? [index] : [])),
    );
  }
  share(
    Math.max(orderDiscountCents - own, 0),
    lines.map((_, index) => index),
  );
  return discounts;
}

/**
 * The receipt of one shop's part: `lines` are all the order's lines (a marketplace code is shared
 * over all of them), `parts` all its parts (their own codes' discounts), `part` the one receipted.
 */
export function receiptContent(
  order: ReceiptOrder,
  lines: readonly ReceiptOrderLine[],
  parts: readonly ReceiptPart[],
  part: ReceiptPart,
  seller: ReceiptSeller,
): ReceiptContent {
  const ownByShop = new Map(
    parts.filter((p) => p.shopDiscountCents > 0).map((p) => [p.shopId, p.shopDiscountCents]),
  );
  const discounts = lineDiscountsCents(lines, order.discountCents, ownByShop);
  const mine = lines.flatMap((line, index) =>
    line.shopId === part.shopId
      ? [{ line, discountCents: discounts[index] ?? 0, taxType: line.taxType ?? 'D' }]
      : [],
  );
  const paid = mine.map(
    ({ line, discountCents }) => line.unitPriceCents * line.quantity - discountCents,
  );
  const deliveryType = deliveryTaxType(seller.vatRegistered);
  const taxLines = [
    ...mine.map(({ taxType }, index) => ({ taxType, amountCents: paid[index] ?? 0 })),
    ...(part.deliveryCents > 0 ? [{ taxType: deliveryType, amountCents: part.deliveryCents }] : []),
  ];
  const split = splitVat(taxLines);
  const receiptLines: ReceiptLine[] = mine.map(({ line, discountCents, taxType }, index) => ({
    name: line.name,
    variantLabel: line.variantLabel,
    itemCode: line.itemCode,
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceCents),
    amount: fromCents(paid[index] ?? 0),
    discount: fromCents(discountCents),
    taxType,
    vat: fromCents(split.lineVatCents[index] ?? 0),
  }));
  const body: ReceiptBody = {
    orderNumber: order.orderNumber,
    seller,
    buyer: { name: order.buyerName, kraPin: order.buyerKraPin },
    payment: order.payment,
    locale: order.locale,
    lines: receiptLines,
    delivery:
      part.deliveryCents > 0
        ? {
            amount: fromCents(part.deliveryCents),
            taxType: deliveryType,
            vat: fromCents(split.lineVatCents[mine.length] ?? 0),
          }
        : null,
    rates: TAX_TYPES.filter((type) => split.byType[type].totalCents !== 0).map((type) => {
      const rate = split.byType[type];
      return {
        taxType: type,
        ratePercent: rate.ratePercent,
        amount: fromCents(rate.totalCents),
        taxable: fromCents(rate.taxableCents),
        vat: fromCents(rate.vatCents),
      };
    }),
    total: fromCents(split.totalCents),
    taxable: fromCents(split.taxableCents),
    vat: fromCents(split.vatCents),
  };
  return { body, totalCents: split.totalCents, vatCents: split.vatCents };
}

/** A negated Ksh amount (never -0, which JSON would print as 0 anyway but a test would see). */
const minus = (ksh: number) => (ksh === 0 ? 0 : -ksh);

/**
 * A credit note's content: its receipt's, every amount negated (quantities and unit prices stay
 * as they were sold), so its VAT per rate and totals mirror the receipt's to the cent.
 */
export function creditNoteContent(receipt: ReceiptContent): ReceiptContent {
  const { body } = receipt;
  return {
    body: {
      ...body,
      lines: body.lines.map((line) => ({
        ...line,
        amount: minus(line.amount),
        discount: minus(line.discount),
        vat: minus(line.vat),
      })),
      delivery: body.delivery
        ? { ...body.delivery, amount: minus(body.delivery.amount), vat: minus(body.delivery.vat) }
        : null,
      rates: body.rates.map((rate) => ({
        ...rate,
        amount: minus(rate.amount),
        taxable: minus(rate.taxable),
        vat: minus(rate.vat),
      })),
      total: minus(body.total),
      taxable: minus(body.taxable),
      vat: minus(body.vat),
    },
    totalCents: 0 - receipt.totalCents,
    vatCents: 0 - receipt.vatCents,
  };
}
