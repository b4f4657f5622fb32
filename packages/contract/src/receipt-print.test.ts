import { describe, expect, it } from 'vitest';
import {
  etimsNote,
  nairobiDateTimeText,
  nairobiMonth,
  RECEIPT_WORDS,
  receiptPaymentText,
  receiptPdfFileName,
  receiptTitle,
  taxTypeText,
} from './receipt-print';

describe("a receipt's printed texts", () => {
  it('dates a receipt in Nairobi time, the next day after 21:00 UTC', () => {
    expect(nairobiDateTimeText('2026-11-27T11:05:00.000Z')).toBe('27 Nov 2026, 14:05');
    expect(nairobiDateTimeText('2026-12-31T21:30:00.000Z')).toBe('1 Jan 2027, 00:30');
  });

  it("defaults the owner's month to Nairobi's, which starts three hours before UTC's", () => {
    expect(nairobiMonth(new Date('2026-11-30T20:59:59.000Z'))).toBe('2026-11');
    expect(nairobiMonth(new Date('2026-11-30T21:00:00.000Z'))).toBe('2026-12');
  });

  it('titles a receipt by its number and a credit note by the receipt it cancels', () => {
    expect(receiptTitle({ kind: 'receipt', numberText: 'R-000042', credits: null })).toBe(
      'Receipt R-000042',
    );
    expect(
      receiptTitle({
        kind: 'credit_note',
        numberText: 'CN-000043',
        credits: { _id: 'x', numberText: 'R-000042' },
      }),
    ).toBe('Credit note CN-000043 (cancels R-000042)');
    expect(receiptPdfFileName('CN-000043')).toBe('CN-000043.pdf');
  });

  it('names each tax type with its rate', () => {
    expect(['A', 'B', 'C', 'D', 'E'].map((type) => taxTypeText(type as 'A'))).toEqual([
      'A (exempt)',
      'B (16 %)',
      'C (0 %)',
      'D (not VAT)',
      'E (8 %)',
    ]);
  });

  it("says why KRA's details are missing, and nothing once KRA signed it", () => {
    expect(etimsNote('sent')).toBeNull();
    expect(etimsNote('pending')).toMatch(/^Being sent to KRA's eTIMS/);
    expect(etimsNote('refused')).toMatch(/^Not yet accepted by KRA's eTIMS/);
    expect(etimsNote('off')).toMatch(/^Not sent to KRA's eTIMS/);
  });
});

describe("a receipt's printed texts in Kiswahili (decision 050)", () => {
  it('dates it in Nairobi time with the Swahili months, Intl-free, as CLDR names them', () => {
    expect(nairobiDateTimeText('2026-11-27T11:05:00.000Z', 'sw')).toBe('27 Nov 2026, 14:05');
    expect(nairobiDateTimeText('2026-08-03T21:30:00.000Z', 'sw')).toBe('4 Ago 2026, 00:30');
    // Every month's short name as Node's and the browsers' ICU write it for sw-KE.
    const intl = new Intl.DateTimeFormat('sw-KE', { month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 15, 9)).toISOString();
      expect(nairobiDateTimeText(iso, 'sw')).toBe(`15 ${intl.format(new Date(iso))} 2026, 12:00`);
    }
  });

  it('names a receipt Risiti and a credit note Hati ya Marejesho', () => {
    expect(receiptTitle({ kind: 'receipt', numberText: 'R-000042', credits: null }, 'sw')).toBe(
      'Risiti R-000042',
    );
    expect(
      receiptTitle(
        {
          kind: 'credit_note',
          numberText: 'CN-000043',
          credits: { _id: 'x', numberText: 'R-000042' },
        },
        'sw',
      ),
    ).toBe('Hati ya Marejesho CN-000043 (inafuta R-000042)');
    expect(
      receiptTitle({ kind: 'credit_note', numberText: 'CN-000043', credits: null }, 'sw'),
    ).toBe('Hati ya Marejesho CN-000043');
  });

  it('keeps VAT, KRA PIN and the tax types’ letters and rates, in Swahili words', () => {
    expect(['A', 'B', 'C', 'D', 'E'].map((type) => taxTypeText(type as 'A', 'sw'))).toEqual([
      'A (imesamehewa)',
      'B (16 %)',
      'C (0 %)',
      'D (si VAT)',
      'E (8 %)',
    ]);
    const words = RECEIPT_WORDS.sw;
    expect(words.kraPin).toBe('KRA PIN');
    expect(words.vat).toBe('VAT');
    expect(words.vatPerRate).toBe('Kodi ya Ongezeko la Thamani (VAT) kwa kila kiwango');
    expect(etimsNote('sent', 'sw')).toBeNull();
    expect(etimsNote('pending', 'sw')).toMatch(/^Inatumwa kwa eTIMS ya KRA/);
  });

  it('says how it was paid in the language, proper names as they are', () => {
    expect(receiptPaymentText('Cash on delivery', 'sw')).toBe('Pesa taslimu wakati wa kupokea');
    expect(receiptPaymentText('Paid online', 'sw')).toBe('Imelipwa mtandaoni');
    expect(receiptPaymentText('Online payment (sandbox)', 'sw')).toBe(
      'Malipo ya mtandaoni (majaribio)',
    );
    expect(receiptPaymentText('M-Pesa', 'sw')).toBe('M-Pesa');
    expect(receiptPaymentText('Pesapal (Visa)', 'sw')).toBe('Pesapal (Visa)');
    expect(receiptPaymentText('Cash on delivery', 'en')).toBe('Cash on delivery');
  });

  it('has every English word as the receipt printed it before', () => {
    const words = RECEIPT_WORDS.en;
    expect(receiptPaymentText('Cash on delivery', 'en')).toBe(words.payments.cash);
    expect([words.soldTo, words.buyerKraPin, words.payment, words.vatPerRate]).toEqual([
      'Sold to',
      "Buyer's KRA PIN",
      'Payment',
      'VAT per rate',
    ]);
    expect(words.discountNote('Ksh -100')).toBe('Discount: Ksh -100 (taken off the amounts above)');
  });
});
