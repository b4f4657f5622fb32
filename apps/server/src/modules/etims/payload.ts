// What Soko sends KRA's OSCU API for a receipt or a credit note (decision 046), built from the
// receipt alone: pure, so every amount is checked to the cent against the receipt's own rates
// (payload.test.ts). Field names and formats as the documentation of saveTrnsSalesOsdc and
// saveItem gives them. Amounts go in Ksh with two decimals at most, computed in integer cents.
//
// KRA's "taxable amount" is VAT-inclusive: in its documented example totAmt equals totTaxblAmt,
// and taxAmt is the VAT that amount holds. A credit note (rcptTyCd R) carries positive amounts,
// as a sale does: its type says it takes the money back (our receipt stores it negative).
import {
  fromCents,
  TAX_RATES_PERCENT,
  TAX_TYPES,
  toCents,
  type Receipt,
  type TaxType,
} from '@soko/contract';

/** The parts of a receipt a sale is built from. */
export type SaleSource = Pick<
  Receipt,
  | 'kind'
  | 'number'
  | 'numberText'
  | 'issuedAt'
  | 'credits'
  | 'seller'
  | 'buyer'
  | 'payment'
  | 'lines'
  | 'delivery'
  | 'rates'
>;

/** Soko's own code of the delivery line, registered as a service item. */
export const DELIVERY_ITEM_CODE = 'delivery';

/**
 * The item class every item is registered under (saveItem's itemClsCd): KRA classifies items by
 * a UNSPSC-based code from selectItemClsList, and a shop's products carry no class yet. This is
 * the class the documentation's own item examples use; a class per product is left for later.
 */
export const DEFAULT_ITEM_CLASS = '5059690800';

/** Packaging "NT" (net) and quantity unit "U" (pieces): what a shop's items are sold in. */
const PACKAGING_UNIT = 'NT';
const QUANTITY_UNIT = 'U';

/**
 * KRA's item code for Soko's `seq`th item of a shop (item-code: country, product type,
 * packaging, quantity unit, a seven-digit sequence): KE2NTU0000012; the delivery line is a
 * service (type 3): KE3NTU0000013. At most 20 characters, as itemCd allows, where a product's id
 * would not fit.
 */
export function kraItemCode(sokoCode: string, seq: number): string {
  const type = sokoCode === DELIVERY_ITEM_CODE ? '3' : '2';
  return `KE${type}${PACKAGING_UNIT}${QUANTITY_UNIT}${String(seq).padStart(7, '0')}`;
}

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYYMMDDhhmmss in Nairobi time (UTC+3 all year), as cfmDt and rcptPbctDt are written. */
export function kraDateTime(at: Date): string {
  const d = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** YYYYMMDD in Nairobi time, as salesDt is written. */
export const kraDate = (at: Date): string => kraDateTime(at).slice(0, 8);

/** KRA's YYYYMMDDhhmmss (Nairobi time) as an instant, or null when it is not one. */
export function fromKraDateTime(text: string): Date | null {
  if (!/^\d{14}$/.test(text)) return null;
  const part = (from: number, to: number) => Number(text.slice(from, to));
  const at =
    Date.UTC(part(0, 4), part(4, 6) - 1, part(6, 8), part(8, 10), part(10, 12), part(12, 14)) -
    NAIROBI_OFFSET_MS;
  return Number.isNaN(at) ? null : new Date(at);
}

/** pmtTyCd from how it was paid (payment-method codes). */
export function paymentTypeCode(payment: string): string {
  const text = payment.toLowerCase();
  if (text.includes('m-pesa') || text.includes('mpesa')) return '06'; // mobile money
  if (text.includes('card')) return '05';
  if (text.includes('cash')) return '01';
  return '07'; // other
}

const ksh = (cents: number) => fromCents(Math.abs(cents));

export type ItemLine = {
  sokoCode: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  amountCents: number;
  vatCents: number;
  taxType: TaxType;
};

function itemLinesOf(receipt: SaleSource): ItemLine[] {
  const lines: ItemLine[] = receipt.lines.map((line) => ({
    sokoCode: line.itemCode,
    name: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
    quantity: line.quantity,
    unitPriceCents: toCents(line.unitPrice),
    discountCents: toCents(line.discount),
    amountCents: toCents(line.amount),
    vatCents: toCents(line.vat),
    taxType: line.taxType,
  }));
  if (receipt.delivery && receipt.delivery.amount !== 0) {
    lines.push({
      sokoCode: DELIVERY_ITEM_CODE,
      name: 'Delivery',
      quantity: receipt.kind === 'credit_note' ? -1 : 1,
      unitPriceCents: Math.abs(toCents(receipt.delivery.amount)),
      discountCents: 0,
      amountCents: toCents(receipt.delivery.amount),
      vatCents: toCents(receipt.delivery.vat),
      taxType: receipt.delivery.taxType,
    });
  }
  return lines;
}

/** The Soko item codes a receipt's sale names (its lines' and the delivery's), each once. */
export function itemCodesOf(receipt: SaleSource): string[] {
  return [...new Set(itemLinesOf(receipt).map((line) => line.sokoCode))];
}

/** Names of the items a receipt holds, by Soko code (what saveItem registers them as). */
export function itemsOf(receipt: SaleSource): { sokoCode: string; line: ItemLine }[] {
  const seen = new Map<string, ItemLine>();
  for (const line of itemLinesOf(receipt)) {
    if (!seen.has(line.sokoCode)) seen.set(line.sokoCode, line);
  }
  return [...seen].map(([sokoCode, line]) => ({ sokoCode, line }));
}

const REGISTRAR = { regrId: 'soko', regrNm: 'Soko', modrId: 'soko', modrNm: 'Soko' };

/** saveItem's body for one item of a receipt, under KRA's code for it. */
export function itemPayload(line: ItemLine, kraCode: string): Record<string, unknown> {
  return {
    itemCd: kraCode,
    itemClsCd: DEFAULT_ITEM_CLASS,
    itemTyCd: line.sokoCode === DELIVERY_ITEM_CODE ? '3' : '2',
    itemNm: line.name.slice(0, 200),
    itemStdNm: null,
    orgnNatCd: 'KE',
    pkgUnitCd: PACKAGING_UNIT,
    qtyUnitCd: QUANTITY_UNIT,
    taxTyCd: line.taxType,
    btchNo: null,
    bcd: null,
    dftPrc: fromCents(line.unitPriceCents),
    isrcAplcbYn: 'N',
    useYn: 'Y',
    ...REGISTRAR,
  };
}

/** The number in a printed receipt number (R-000042 -> 42): a credit note's orgInvcNo. */
const numberOf = (numberText: string) => Number(numberText.replace(/\D/g, ''));

/**
 * saveTrnsSalesOsdc's body for a receipt (rcptTyCd S) or a credit note (R, naming the receipt it
 * cancels in orgInvcNo). trdInvcNo is the printed number, the key KRA's answer is idempotent on;
 * invcNo the shop's sequence number. `kraCodes` maps each Soko item code to KRA's.
 */
export function salePayload(
  receipt: SaleSource,
  kraCodes: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const issuedAt = new Date(receipt.issuedAt);
  const creditNote = receipt.kind === 'credit_note';
  const perType = new Map(receipt.rates.map((rate) => [rate.taxType, rate]));
  const totals: Record<string, number> = {};
  let taxable = 0;
  let tax = 0;
  for (const type of TAX_TYPES) {
    const rate = perType.get(type);
    const amountCents = rate ? Math.abs(toCents(rate.amount)) : 0;
    const vatCents = rate ? Math.abs(toCents(rate.vat)) : 0;
    totals[`taxblAmt${type}`] = fromCents(amountCents);
    totals[`taxRt${type}`] = TAX_RATES_PERCENT[type];
    totals[`taxAmt${type}`] = fromCents(vatCents);
    taxable += amountCents;
    tax += vatCents;
  }
  const itemList = itemLinesOf(receipt).map((line, index) => {
    const kraCode = kraCodes.get(line.sokoCode);
    if (!kraCode) throw new Error(`No KRA item code for ${line.sokoCode}`);
    const quantity = Math.abs(line.quantity);
    const supplyCents = line.unitPriceCents * quantity;
    const discountCents = Math.abs(line.discountCents);
    return {
      itemSeq: index + 1,
      itemCd: kraCode,
      itemClsCd: DEFAULT_ITEM_CLASS,
      itemNm: line.name.slice(0, 200),
      bcd: null,
      pkgUnitCd: PACKAGING_UNIT,
      pkg: quantity,
      qtyUnitCd: QUANTITY_UNIT,
      qty: quantity,
      prc: fromCents(line.unitPriceCents),
      splyAmt: fromCents(supplyCents),
      // Percent with two decimals, from the cents (0 without a discount).
      dcRt: supplyCents === 0 ? 0 : Math.round((discountCents * 10_000) / supplyCents) / 100,
      dcAmt: fromCents(discountCents),
      isrccCd: null,
      isrccNm: null,
      isrcRt: null,
      isrcAmt: null,
      taxTyCd: line.taxType,
      taxblAmt: ksh(line.amountCents),
      taxAmt: ksh(line.vatCents),
      totAmt: ksh(line.amountCents),
    };
  });
  const cfmDt = kraDateTime(issuedAt);
  return {
    trdInvcNo: receipt.numberText,
    invcNo: receipt.number,
    orgInvcNo: creditNote && receipt.credits ? numberOf(receipt.credits.numberText) : 0,
    ...(receipt.buyer.kraPin ? { custTin: receipt.buyer.kraPin } : {}),
    custNm: receipt.buyer.name.slice(0, 60),
    salesTyCd: 'N',
    rcptTyCd: creditNote ? 'R' : 'S',
    pmtTyCd: paymentTypeCode(receipt.payment),
    salesSttsCd: '02',
    cfmDt,
    salesDt: kraDate(issuedAt),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: creditNote ? cfmDt : null,
    // 06: refund (credit-note-reason).
    rfdRsnCd: creditNote ? '06' : null,
    totItemCnt: itemList.length,
    ...totals,
    totTaxblAmt: fromCents(taxable),
    totTaxAmt: fromCents(tax),
    totAmt: fromCents(taxable),
    prchrAcptcYn: 'N',
    remark: null,
    ...REGISTRAR,
    receipt: {
      ...(receipt.buyer.kraPin ? { custTin: receipt.buyer.kraPin } : {}),
      custMblNo: null,
      rcptPbctDt: cfmDt,
      trdeNm: receipt.seller.name.slice(0, 60),
      adrs: receipt.seller.address,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: 'N',
    },
    itemList,
  };
}
