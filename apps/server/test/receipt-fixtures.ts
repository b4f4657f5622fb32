// Receipts as the receipts module hands them to the PDF (issue 33, decision 047): a VAT-registered
// shop's sale with three tax types, a discount code and delivery, signed by KRA's eTIMS; and the
// credit note that cancels it. Figures come from the contract's splitVat, so they reconcile to the
// cent as the server's would.
import { fromCents, splitVat, toCents, type Receipt, type TaxType } from '@soko/contract';

const sold = [
  {
    name: 'Kikoi wrap',
    variantLabel: 'Large',
    itemCode: 'KIK-L',
    quantity: 2,
    unitPrice: 1160,
    discount: 100,
    taxType: 'B',
  },
  {
    name: 'Paraffin 1 L',
    variantLabel: null,
    itemCode: 'PRF-1',
    quantity: 3,
    unitPrice: 180,
    discount: 0,
    taxType: 'E',
  },
  {
    name: 'Exercise book',
    variantLabel: null,
    itemCode: 'EXB-96',
    quantity: 1,
    unitPrice: 300,
    discount: 0,
    taxType: 'A',
  },
] as const satisfies readonly {
  name: string;
  variantLabel: string | null;
  itemCode: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  taxType: TaxType;
}[];
const deliveryKsh = 200;

function build(
  sign: 1 | -1,
): Pick<Receipt, 'lines' | 'delivery' | 'rates' | 'total' | 'taxable' | 'vat'> {
  const amounts = sold.map(
    (line) => sign * (toCents(line.unitPrice) * line.quantity - toCents(line.discount)),
  );
  const split = splitVat([
    ...sold.map((line, index) => ({ taxType: line.taxType, amountCents: amounts[index] ?? 0 })),
    { taxType: 'B', amountCents: sign * toCents(deliveryKsh) },
  ]);
  return {
    lines: sold.map((line, index) => ({
      ...line,
      quantity: line.quantity,
      amount: fromCents(amounts[index] ?? 0),
      discount: sign * line.discount,
      vat: fromCents(split.lineVatCents[index] ?? 0),
    })),
    delivery: {
      amount: sign * deliveryKsh,
      taxType: 'B',
      vat: fromCents(split.lineVatCents[sold.length] ?? 0),
    },
    rates: (['A', 'B', 'E'] as const).map((taxType) => ({
      taxType,
      ratePercent: split.byType[taxType].ratePercent,
      amount: fromCents(split.byType[taxType].totalCents),
      taxable: fromCents(split.byType[taxType].taxableCents),
      vat: fromCents(split.byType[taxType].vatCents),
    })),
    total: fromCents(split.totalCents),
    taxable: fromCents(split.taxableCents),
    vat: fromCents(split.vatCents),
  };
}

const seller: Receipt['seller'] = {
  name: 'Mama Njeri Household Goods',
  kraPin: 'P051234567X',
  address: 'Moi Avenue 12, Nairobi',
  phone: '+254712345678',
  email: 'duka@example.co.ke',
  vatRegistered: true,
};

/** R-000042: KRA signed it (a QR to print). Totals: Ksh 3,260, VAT Ksh 373.79. */
export const signedReceipt: Receipt = {
  _id: '5b0c7c1e-8d57-4c3a-9a0e-2d4f3c1b9a42',
  kind: 'receipt',
  number: 42,
  numberText: 'R-000042',
  issuedAt: '2026-11-27T21:30:00.000Z',
  shopId: 'a3e1c2d4-0000-4000-8000-000000000001',
  orderId: 'c0ffee00-0000-4000-8000-000000000042',
  orderNumber: 'SK-26-000123',
  partId: 'part-0001',
  credits: null,
  creditedBy: null,
  seller,
  buyer: { name: 'Achieng Otieno', kraPin: 'A012345678Z' },
  payment: 'M-Pesa',
  locale: 'en',
  ...build(1),
  etims: {
    status: 'sent',
    kraReceiptNumber: 311,
    kraTotalReceiptNumber: 1311,
    internalData: 'NXF6KOVJ3HBYIDQ2BZKX7WS6FQ',
    signature: 'V249-J39C-FJ48-HE2W',
    sdcId: 'KRACU0100000042',
    mrcNo: 'WIS00000042',
    signedAt: '2026-11-27T21:30:05.000Z',
    qrData:
      'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00NXF6KOVJ3HBYIDQ2BZKX7WS6FQ',
    refusal: null,
    pendingReason: null,
  },
};

/** CN-000043, cancelling R-000042: the same lines with the signs turned, not yet sent to KRA. */
export const pendingCreditNote: Receipt = {
  ...signedReceipt,
  _id: '5b0c7c1e-8d57-4c3a-9a0e-2d4f3c1b9a43',
  kind: 'credit_note',
  number: 43,
  numberText: 'CN-000043',
  issuedAt: '2026-11-28T07:15:00.000Z',
  credits: { _id: signedReceipt._id, numberText: signedReceipt.numberText },
  ...build(-1),
  etims: {
    status: 'pending',
    kraReceiptNumber: null,
    kraTotalReceiptNumber: null,
    internalData: null,
    signature: null,
    sdcId: null,
    mrcNo: null,
    signedAt: null,
    qrData: null,
    refusal: null,
    pendingReason: null,
  },
};
