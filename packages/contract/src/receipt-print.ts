// What a receipt prints (issue 33, decision 047), once for the PDF (the server's receipts/pdf.ts)
// and the receipt page (the web app's), so the two say the same thing. No zod here: the page
// imports these without the schema library.
import type { EtimsStatus, Receipt, ReceiptKind } from './receipts';
import type { Locale } from './locale';
import { TAX_RATES_PERCENT, type TaxType } from './tax-rules';

/** Kenya keeps East Africa Time all year (UTC+3, no daylight saving), so a fixed offset is exact. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** Short month names, CLDR's for en-KE (but Sep) and sw-KE (the test holds them to Intl's). */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};
const two = (n: number) => String(n).padStart(2, '0');

/**
 * '2026-11-27T11:05:00Z' -> '27 Nov 2026, 14:05' in Nairobi, '4 Ago 2026, 00:30' in Kiswahili (no
 * Intl: same text on every device, and the PDF's the page's).
 */
export function nairobiDateTimeText(iso: string, locale: Locale = 'en'): string {
  const at = new Date(Date.parse(iso) + NAIROBI_OFFSET_MS);
  return `${at.getUTCDate()} ${MONTHS[locale][at.getUTCMonth()]} ${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

/** The month a moment falls in, in Nairobi: '2026-11' (the owner's month picker's default). */
export function nairobiMonth(at: Date): string {
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}`;
}

/**
 * Every word a receipt prints, per language (decision 050): the PDF in the order's language, the
 * receipt page in the reader's. A language missing a word fails typecheck. Tax words keep their
 * legal names: VAT, KRA PIN, eTIMS, and the tax types' letters.
 */
export type ReceiptWords = {
  receiptTitle: (number: string) => string;
  creditNoteTitle: (number: string) => string;
  creditNoteCancels: (number: string, cancelled: string) => string;
  kraPin: string;
  notVatRegistered: string;
  date: string;
  /** After a time: it is Nairobi's. */
  nairobi: string;
  order: string;
  cancelledBy: (number: string) => string;
  soldTo: string;
  buyerKraPin: string;
  payment: string;
  items: string;
  qty: string;
  item: string;
  unitPrice: string;
  discount: string;
  amount: string;
  tax: string;
  delivery: string;
  discountNote: (amount: string) => string;
  vatPerRate: string;
  taxType: string;
  taxable: string;
  vat: string;
  total: string;
  etims: string;
  etimsNotes: Record<Exclude<EtimsStatus, 'sent'>, string>;
  kraReceiptNumber: string;
  totalReceiptNumber: (number: number) => string;
  internalData: string;
  signature: string;
  scuId: string;
  mrcNumber: string;
  signed: string;
  qrLabel: string;
  exempt: string;
  notVat: string;
  /** How it was paid, where the words are Soko's (M-Pesa and Pesapal are names). */
  payments: { cash: string; sandbox: string; online: string };
};

export const RECEIPT_WORDS: Record<Locale, ReceiptWords> = {
  en: {
    receiptTitle: (number) => `Receipt ${number}`,
    creditNoteTitle: (number) => `Credit note ${number}`,
    creditNoteCancels: (number, cancelled) => `Credit note ${number} (cancels ${cancelled})`,
    kraPin: 'KRA PIN',
    notVatRegistered: 'Not VAT-registered: its prices hold no VAT.',
    date: 'Date',
    nairobi: '(Nairobi)',
    order: 'Order',
    cancelledBy: (number) => `Cancelled by credit note ${number}`,
    soldTo: 'Sold to',
    buyerKraPin: "Buyer's KRA PIN",
    payment: 'Payment',
    items: 'Items',
    qty: 'Qty',
    item: 'Item',
    unitPrice: 'Unit price',
    discount: 'Discount',
    amount: 'Amount',
    tax: 'Tax',
    delivery: 'Delivery',
    discountNote: (amount) => `Discount: ${amount} (taken off the amounts above)`,
    vatPerRate: 'VAT per rate',
    taxType: 'Tax type',
    taxable: 'Taxable',
    vat: 'VAT',
    total: 'Total',
    etims: 'KRA eTIMS',
    etimsNotes: {
      pending:
        "Being sent to KRA's eTIMS: its KRA number and QR code follow once KRA has signed it.",
      refused: "Not yet accepted by KRA's eTIMS: the shop is sending it again.",
      off: "Not sent to KRA's eTIMS: the shop had not turned eTIMS on when it was issued.",
    },
    kraReceiptNumber: 'KRA receipt number',
    totalReceiptNumber: (number) => `(total ${number})`,
    internalData: 'Internal data',
    signature: 'Signature',
    scuId: 'SCU ID',
    mrcNumber: 'MRC number',
    signed: 'Signed',
    qrLabel: 'KRA eTIMS QR code',
    exempt: 'exempt',
    notVat: 'not VAT',
    payments: {
      cash: 'Cash on delivery',
      sandbox: 'Online payment (sandbox)',
      online: 'Paid online',
    },
  },
  sw: {
    receiptTitle: (number) => `Risiti ${number}`,
    creditNoteTitle: (number) => `Hati ya Marejesho ${number}`,
    creditNoteCancels: (number, cancelled) => `Hati ya Marejesho ${number} (inafuta ${cancelled})`,
    kraPin: 'KRA PIN',
    notVatRegistered: 'Haijasajiliwa kwa VAT: bei zake hazina VAT.',
    date: 'Tarehe',
    nairobi: '(saa za Nairobi)',
    order: 'Agizo',
    cancelledBy: (number) => `Imefutwa kwa Hati ya Marejesho ${number}`,
    soldTo: 'Imeuzwa kwa',
    buyerKraPin: 'KRA PIN ya mnunuzi',
    payment: 'Malipo',
    items: 'Bidhaa',
    qty: 'Idadi',
    item: 'Bidhaa',
    unitPrice: 'Bei ya kimoja',
    discount: 'Punguzo',
    amount: 'Kiasi',
    tax: 'Kodi',
    delivery: 'Usafirishaji',
    discountNote: (amount) => `Punguzo: ${amount} (limetolewa kwenye viasi vilivyo juu)`,
    vatPerRate: 'Kodi ya Ongezeko la Thamani (VAT) kwa kila kiwango',
    taxType: 'Aina ya kodi',
    taxable: 'Kinachotozwa kodi',
    vat: 'VAT',
    total: 'Jumla',
    etims: 'KRA eTIMS',
    etimsNotes: {
      pending:
        'Inatumwa kwa eTIMS ya KRA: nambari yake ya KRA na msimbo wa QR vitafuata KRA ikishaithibitisha.',
      refused: 'Bado haijakubaliwa na eTIMS ya KRA: duka linaituma tena.',
      off: 'Haikutumwa kwa eTIMS ya KRA: duka lilikuwa halijawasha eTIMS ilipotolewa.',
    },
    kraReceiptNumber: 'Nambari ya risiti ya KRA',
    totalReceiptNumber: (number) => `(jumla ${number})`,
    internalData: 'Data ya ndani',
    signature: 'Sahihi',
    scuId: 'SCU ID',
    mrcNumber: 'Nambari ya MRC',
    signed: 'Imetiwa sahihi',
    qrLabel: 'Msimbo wa QR wa eTIMS ya KRA',
    exempt: 'imesamehewa',
    notVat: 'si VAT',
    payments: {
      cash: 'Pesa taslimu wakati wa kupokea',
      sandbox: 'Malipo ya mtandaoni (majaribio)',
      online: 'Imelipwa mtandaoni',
    },
  },
};

/** 'Receipt R-000042', or 'Credit note CN-000043 (cancels R-000042)'; 'Risiti R-000042' … */
export function receiptTitle(
  receipt: Pick<Receipt, 'kind' | 'numberText' | 'credits'> & { kind: ReceiptKind },
  locale: Locale = 'en',
): string {
  const words = RECEIPT_WORDS[locale];
  if (receipt.kind === 'receipt') return words.receiptTitle(receipt.numberText);
  return receipt.credits
    ? words.creditNoteCancels(receipt.numberText, receipt.credits.numberText)
    : words.creditNoteTitle(receipt.numberText);
}

/** A tax type as a receipt's column shows it: 'B (16 %)', 'A (exempt)'. */
export function taxTypeText(taxType: TaxType, locale: Locale = 'en'): string {
  const words = RECEIPT_WORDS[locale];
  switch (taxType) {
    case 'A':
      return `A (${words.exempt})`;
    case 'C':
      return 'C (0 %)';
    case 'D':
      return `D (${words.notVat})`;
    default:
      return `${taxType} (${TAX_RATES_PERCENT[taxType]} %)`;
  }
}

/** The sentence a receipt carries instead of KRA's details while KRA has not signed it. */
export function etimsNote(status: EtimsStatus, locale: Locale = 'en'): string | null {
  return status === 'sent' ? null : RECEIPT_WORDS[locale].etimsNotes[status];
}

/**
 * How a receipt says it was paid, in `locale`. Receipts keep the English the server wrote when it
 * issued them (the accountant's CSV and eTIMS read it); Soko's own words are put in the language,
 * names (M-Pesa, Pesapal (Visa)) stay as they are.
 */
export function receiptPaymentText(payment: string, locale: Locale): string {
  const english = RECEIPT_WORDS.en.payments;
  const key = (Object.keys(english) as (keyof typeof english)[]).find(
    (way) => english[way] === payment,
  );
  return key ? RECEIPT_WORDS[locale].payments[key] : payment;
}

/** `R-000042.pdf`: what the Download PDF link saves. */
export function receiptPdfFileName(numberText: string): string {
  return `${numberText}.pdf`;
}
