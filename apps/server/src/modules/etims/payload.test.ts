// The sale sent to KRA for a receipt, to the cent against the receipt's own rates (decision 046):
// a mixed cart of three tax types with per-line rounding drift, a discount and a delivery line;
// KRA's dates in Nairobi time; a credit note's positive amounts naming its receipt.
import { fromCents, splitVat, type Receipt, type TaxType } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_ITEM_CODE,
  fromKraDateTime,
  itemCodesOf,
  kraDate,
  kraDateTime,
  kraItemCode,
  salePayload,
  type SaleSource,
} from './payload';

type Sold = {
  code: string;
  quantity: number;
  unitCents: number;
  discountCents: number;
  taxType: TaxType;
};

const SOLD: Sold[] = [
  // Three lines of Ksh 1 at 16 %: VAT per line would drift a cent from the type's.
  { code: 'SKU-ONE-A', quantity: 1, unitCents: 100, discountCents: 0, taxType: 'B' },
  { code: 'SKU-ONE-B', quantity: 1, unitCents: 100, discountCents: 0, taxType: 'B' },
  { code: 'SKU-ONE-C', quantity: 1, unitCents: 100, discountCents: 0, taxType: 'B' },
  { code: 'SKU-KETTLE', quantity: 1, unitCents: 116_000, discountCents: 10_000, taxType: 'B' },
  { code: 'SKU-BREAD', quantity: 2, unitCents: 5_400, discountCents: 0, taxType: 'E' },
  { code: 'SKU-MAIZE', quantity: 1, unitCents: 30_000, discountCents: 0, taxType: 'A' },
];
const DELIVERY = { amountCents: 25_000, taxType: 'B' as TaxType };

/** A receipt as decision 045 freezes it: VAT split once per type over lines and delivery. */
function receiptOf(sign: 1 | -1): SaleSource {
  const taxLines = [
    ...SOLD.map((line) => ({
      taxType: line.taxType,
      amountCents: sign * (line.unitCents * line.quantity - line.discountCents),
    })),
    { taxType: DELIVERY.taxType, amountCents: sign * DELIVERY.amountCents },
  ];
  const split = splitVat(taxLines);
  const rates: Receipt['rates'] = Object.entries(split.byType)
    .filter(([, totals]) => totals.totalCents !== 0)
    .map(([type, totals]) => ({
      taxType: type as TaxType,
      ratePercent: totals.ratePercent,
      amount: fromCents(totals.totalCents),
      taxable: fromCents(totals.taxableCents),
      vat: fromCents(totals.vatCents),
    }));
  return {
    kind: sign === 1 ? 'receipt' : 'credit_note',
    number: sign === 1 ? 42 : 43,
    numberText: sign === 1 ? 'R-000042' : 'CN-000043',
    // 21:30:05 UTC is 00:30:05 the next day in Nairobi.
    issuedAt: '2026-11-28T21:30:05.000Z',
    credits: sign === 1 ? null : { _id: 'r42', numberText: 'R-000042' },
    seller: {
      name: 'Mama Njeri Stores',
      kraPin: 'P051234567X',
      address: 'Moi Avenue, Nairobi',
      phone: null,
      email: null,
      vatRegistered: true,
    },
    buyer: { name: 'Wanjiku Kamau', kraPin: 'A012345678B' },
    payment: 'M-Pesa',
    lines: SOLD.map((line, index) => ({
      name: line.code,
      variantLabel: null,
      itemCode: line.code,
      quantity: sign * line.quantity,
      unitPrice: fromCents(line.unitCents),
      amount: fromCents(sign * (line.unitCents * line.quantity - line.discountCents)),
      discount: fromCents(sign * line.discountCents),
      taxType: line.taxType,
      vat: fromCents(split.lineVatCents[index] ?? 0),
    })),
    delivery: {
      amount: fromCents(sign * DELIVERY.amountCents),
      taxType: DELIVERY.taxType,
      vat: fromCents(split.lineVatCents[SOLD.length] ?? 0),
    },
    rates,
  };
}

const codes = (source: SaleSource) =>
  new Map(itemCodesOf(source).map((code, index) => [code, kraItemCode(code, index + 1)]));
const cents = (value: unknown) => Math.round(Number(value) * 100);
type Line = { taxTyCd: string; taxblAmt: number; taxAmt: number; totAmt: number; itemCd: string };

describe('the sale of a receipt', () => {
  const receipt = receiptOf(1);
  const sale = salePayload(receipt, codes(receipt));
  const lines = sale.itemList as Line[];

  it('carries each type’s amount and VAT as the receipt’s rates say, to the cent', () => {
    // B: 3 + 1060 + 250 = Ksh 1313, holding 1313 × 16 / 116 = 181.10; E: 108 holding 8.00.
    expect(sale).toMatchObject({
      taxblAmtA: 300,
      taxAmtA: 0,
      taxRtA: 0,
      taxblAmtB: 1313,
      taxAmtB: 181.1,
      taxRtB: 16,
      taxblAmtC: 0,
      taxblAmtD: 0,
      taxblAmtE: 108,
      taxAmtE: 8,
      taxRtE: 8,
      totTaxblAmt: 1721,
      totTaxAmt: 189.1,
      totAmt: 1721,
    });
    for (const rate of receipt.rates) {
      expect(sale[`taxblAmt${rate.taxType}`]).toBe(rate.amount);
      expect(sale[`taxAmt${rate.taxType}`]).toBe(rate.vat);
    }
  });

  it('has lines whose VAT adds up to their type’s, delivery included, each item named by KRA’s code', () => {
    expect(lines).toHaveLength(SOLD.length + 1);
    expect(sale.totItemCnt).toBe(lines.length);
    for (const type of ['A', 'B', 'C', 'D', 'E']) {
      const ofType = lines.filter((line) => line.taxTyCd === type);
      expect(ofType.reduce((sum, line) => sum + cents(line.taxAmt), 0)).toBe(
        cents(sale[`taxAmt${type}`]),
      );
      expect(ofType.reduce((sum, line) => sum + cents(line.taxblAmt), 0)).toBe(
        cents(sale[`taxblAmt${type}`]),
      );
    }
    // Each line's VAT is its share on the receipt (not its own VAT rounded: that drifts).
    expect(lines.map((line) => line.taxAmt)).toEqual([
      ...receipt.lines.map((line) => line.vat),
      receipt.delivery?.vat,
    ]);
    expect(lines[3]).toMatchObject({ prc: 1160, splyAmt: 1160, dcAmt: 100, dcRt: 8.62 });
    expect(lines[4]).toMatchObject({ qty: 2, prc: 54, splyAmt: 108, taxblAmt: 108, taxAmt: 8 });
    expect(lines.at(-1)).toMatchObject({
      itemCd: kraItemCode(DELIVERY_ITEM_CODE, SOLD.length + 1),
      itemNm: 'Delivery',
      qty: 1,
      totAmt: 250,
      taxTyCd: 'B',
    });
    expect(lines.map((line) => line.itemCd)).toEqual([
      'KE2NTU0000001',
      'KE2NTU0000002',
      'KE2NTU0000003',
      'KE2NTU0000004',
      'KE2NTU0000005',
      'KE2NTU0000006',
      'KE3NTU0000007',
    ]);
  });

  it('is a sale numbered by the receipt, its dates in Nairobi time, the buyer’s PIN sent', () => {
    expect(sale).toMatchObject({
      trdInvcNo: 'R-000042',
      invcNo: 42,
      orgInvcNo: 0,
      rcptTyCd: 'S',
      salesTyCd: 'N',
      salesSttsCd: '02',
      pmtTyCd: '06',
      custTin: 'A012345678B',
      custNm: 'Wanjiku Kamau',
      cfmDt: '20261129003005',
      salesDt: '20261129',
      rfdDt: null,
      receipt: { custTin: 'A012345678B', rcptPbctDt: '20261129003005', prchrAcptcYn: 'N' },
    });
  });
});

describe('the sale of a credit note', () => {
  const note = receiptOf(-1);
  const sale = salePayload(note, codes(note));

  it('is type R naming its receipt, with the same positive amounts as the receipt’s', () => {
    const receipt = receiptOf(1);
    const original = salePayload(receipt, codes(receipt));
    expect(sale).toMatchObject({
      trdInvcNo: 'CN-000043',
      invcNo: 43,
      orgInvcNo: 42,
      rcptTyCd: 'R',
      rfdRsnCd: '06',
      rfdDt: '20261129003005',
    });
    for (const key of ['totAmt', 'totTaxAmt', 'taxblAmtB', 'taxAmtB', 'taxblAmtE', 'taxAmtE']) {
      expect(sale[key]).toBe(original[key]);
    }
    expect((sale.itemList as Line[]).every((line) => line.totAmt > 0)).toBe(true);
  });
});

describe('KRA’s dates', () => {
  it('are written and read in Nairobi time', () => {
    const at = new Date('2026-01-31T22:00:00Z');
    expect(kraDateTime(at)).toBe('20260201010000');
    expect(kraDate(at)).toBe('20260201');
    expect(fromKraDateTime('20260201010000')?.toISOString()).toBe('2026-01-31T22:00:00.000Z');
    expect(fromKraDateTime('2026-02-01')).toBeNull();
  });
});
