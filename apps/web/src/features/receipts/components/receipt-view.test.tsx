// The receipt page's receipt in the page's language (decision 050): drawn as the server paints it,
// in English as before and in Kiswahili, with the legal names (VAT, KRA PIN, eTIMS) kept.
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale, Receipt } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { ReceiptView } from './receipt-view';

const receipt: Receipt = {
  _id: '4f7d2c1e-8d57-4c3a-9a0e-2d4f3c1b9a42',
  kind: 'receipt',
  number: 42,
  numberText: 'R-000042',
  issuedAt: '2026-08-03T21:30:00.000Z',
  shopId: 'a3e1c2d4-0000-4000-8000-000000000001',
  orderId: 'c0ffee00-0000-4000-8000-000000000042',
  orderNumber: 'SK-26-000123',
  partId: 'part-0001',
  credits: null,
  creditedBy: { _id: '5b0c7c1e-8d57-4c3a-9a0e-2d4f3c1b9a43', numberText: 'CN-000043' },
  seller: {
    name: 'Mama Njeri Household Goods',
    kraPin: 'P051234567X',
    address: 'Moi Avenue 12, Nairobi',
    phone: null,
    email: null,
    vatRegistered: true,
  },
  buyer: { name: 'Achieng Otieno', kraPin: 'A012345678Z' },
  payment: 'Cash on delivery',
  // Issued in English: the page speaks its reader's language all the same.
  locale: 'en',
  lines: [
    {
      name: 'Exercise book',
      variantLabel: null,
      itemCode: 'EXB-96',
      quantity: 1,
      unitPrice: 300,
      amount: 300,
      discount: 0,
      taxType: 'A',
      vat: 0,
    },
  ],
  delivery: { amount: 116, taxType: 'B', vat: 16 },
  rates: [
    { taxType: 'A', ratePercent: 0, amount: 300, taxable: 300, vat: 0 },
    { taxType: 'B', ratePercent: 16, amount: 116, taxable: 100, vat: 16 },
  ],
  total: 416,
  taxable: 400,
  vat: 16,
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

/** The page's text, tags dropped: what a reader sees. */
function drawn(locale: Locale): string {
  const html = renderToStaticMarkup(
    <I18nProvider i18n={createI18n(locale, {})}>
      <ReceiptView receipt={receipt} />
    </I18nProvider>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the receipt on its page', () => {
  it('is in English on an English page, as it always was', () => {
    const text = drawn('en');
    for (const words of [
      'Receipt R-000042',
      'KRA PIN: P051234567X',
      'Date: 4 Aug 2026, 00:30 (Nairobi)',
      'Order: SK-26-000123',
      'Cancelled by credit note CN-000043',
      "Sold to Achieng Otieno Buyer's KRA PIN A012345678Z Payment Cash on delivery",
      'Qty Item Unit price Amount Tax',
      '1 Exercise book Ksh 300 Ksh 300 A (exempt)',
      'Delivery Ksh 116 B (16 %)',
      'VAT per rate Tax type Amount Taxable VAT',
      'Taxable Ksh 400 VAT Ksh 16 Total Ksh 416',
      "KRA eTIMS Being sent to KRA's eTIMS",
    ]) {
      expect(text).toContain(words);
    }
  });

  it('is in Kiswahili on a Swahili page, VAT and KRA PIN as they are', () => {
    const text = drawn('sw');
    for (const words of [
      'Risiti R-000042',
      'KRA PIN: P051234567X',
      'Tarehe: 4 Ago 2026, 00:30 (saa za Nairobi)',
      'Agizo: SK-26-000123',
      'Imefutwa kwa Hati ya Marejesho CN-000043',
      'Imeuzwa kwa Achieng Otieno KRA PIN ya mnunuzi A012345678Z Malipo Pesa taslimu wakati wa kupokea',
      'Idadi Bidhaa Bei ya kimoja Kiasi Kodi',
      '1 Exercise book Ksh 300 Ksh 300 A (imesamehewa)',
      'Usafirishaji Ksh 116 B (16 %)',
      'Kodi ya Ongezeko la Thamani (VAT) kwa kila kiwango Aina ya kodi Kiasi Kinachotozwa kodi VAT',
      'Kinachotozwa kodi Ksh 400 VAT Ksh 16 Jumla Ksh 416',
      'KRA eTIMS Inatumwa kwa eTIMS ya KRA',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/Receipt|Sold to|Payment|Total|Delivery|Cash on delivery/);
  });
});
