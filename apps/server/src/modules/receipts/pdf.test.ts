// The receipt PDF (decision 047), read back as a reader would: its text through PDF.js (its legacy
// build, the one for Node: what a viewer or a copy-paste gets), and KRA's QR from its drawing,
// square by square; in the language it was issued in (decision 050).
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { pendingCreditNote, signedReceipt } from '../../../test/receipt-fixtures';
import { printable, renderReceiptPdf } from './pdf';

/** The QR's modules as drawn: PDFKit writes each dark run as `x y w h re` (uncompressed). */
function drawnQr(pdf: Buffer): boolean[][] {
  const rects = [...pdf.toString('latin1').matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
  if (rects.length === 0) return [];
  const module = Math.min(...rects.map(([, , , h]) => h));
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.min(...rects.map(([, y]) => y));
  const grid: boolean[][] = [];
  for (const [x, y, w] of rects) {
    const r = Math.round((y - top) / module);
    const from = Math.round((x - left) / module);
    const row = (grid[r] ??= []);
    for (let c = from; c < from + Math.round(w / module); c++) row[c] = true;
  }
  return grid;
}

function expectedQr(data: string): boolean[][] {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) => {
    const row: boolean[] = [];
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) row[c] = true;
    return row;
  });
}

describe('the receipt PDF', () => {
  it("prints a signed receipt's number, lines, VAT per rate, totals and KRA's details", async () => {
    const pdf = await renderReceiptPdf(signedReceipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);

    expect(text).toContain('Receipt R-000042');
    expect(text).toContain('Mama Njeri Household Goods');
    expect(text).toContain('KRA PIN: P051234567X');
    expect(text).toContain('Moi Avenue 12, Nairobi');
    // 21:30 UTC is 00:30 the next day in Nairobi.
    expect(text).toContain('Date: 28 Nov 2026, 00:30 (Nairobi)');
    expect(text).toContain('Order: SK-26-000123');
    expect(text).toContain('Sold to: Achieng Otieno');
    expect(text).toContain("Buyer's KRA PIN: A012345678Z");
    expect(text).toContain('Payment: M-Pesa');
    // A line: quantity, name (variant), unit price, its discount, amount, tax type.
    expect(text).toContain('2 Kikoi wrap (Large) Ksh 1,160 Ksh -100 Ksh 2,220 B (16 %)');
    expect(text).toContain('3 Paraffin 1 L Ksh 180 Ksh 540 E (8 %)');
    expect(text).toContain('1 Exercise book Ksh 300 Ksh 300 A (exempt)');
    expect(text).toContain('Delivery Ksh 200 B (16 %)');
    // VAT per rate: amount, taxable, VAT; then the totals.
    expect(text).toContain('A (exempt) Ksh 300 Ksh 300 Ksh 0');
    expect(text).toContain('B (16 %) Ksh 2,420 Ksh 2,086.21 Ksh 333.79');
    expect(text).toContain('E (8 %) Ksh 540 Ksh 500 Ksh 40');
    expect(text).toContain('Taxable Ksh 2,886.21 VAT Ksh 373.79 Total Ksh 3,260');
    expect(text).toContain('KRA receipt number: 311 (total 1311)');
    expect(text).toContain('Internal data: NXF6KOVJ3HBYIDQ2BZKX7WS6FQ');
    expect(text).toContain('Signature: V249-J39C-FJ48-HE2W');
  });

  it("draws KRA's QR code of the receipt's own QR data", async () => {
    const pdf = await renderReceiptPdf(signedReceipt, { compress: false });
    expect(drawnQr(pdf)).toEqual(expectedQr(signedReceipt.etims.qrData ?? ''));
  });

  it('names the receipt a credit note cancels, and says it is on its way to KRA', async () => {
    const text = await pdfText(await renderReceiptPdf(pendingCreditNote));
    expect(text).toContain('Credit note CN-000043 (cancels R-000042)');
    expect(text).toContain('Total Ksh -3,260');
    expect(text).toContain("Being sent to KRA's eTIMS");
    expect(drawnQr(await renderReceiptPdf(pendingCreditNote, { compress: false }))).toEqual([]);
  });

  it('prints a Swahili order’s receipt in Kiswahili, VAT and KRA PIN as they are', async () => {
    const text = await pdfText(await renderReceiptPdf({ ...signedReceipt, locale: 'sw' }));
    expect(text).toContain('Risiti R-000042');
    expect(text).toContain('KRA PIN: P051234567X');
    expect(text).toContain('Tarehe: 28 Nov 2026, 00:30 (saa za Nairobi)');
    expect(text).toContain('Agizo: SK-26-000123');
    expect(text).toContain('Imeuzwa kwa: Achieng Otieno');
    expect(text).toContain('KRA PIN ya mnunuzi: A012345678Z');
    expect(text).toContain('Malipo: M-Pesa');
    expect(text).toContain('Bidhaa Idadi Bidhaa Bei ya kimoja Punguzo Kiasi Kodi');
    expect(text).toContain('2 Kikoi wrap (Large) Ksh 1,160 Ksh -100 Ksh 2,220 B (16 %)');
    expect(text).toContain('1 Exercise book Ksh 300 Ksh 300 A (imesamehewa)');
    expect(text).toContain('Usafirishaji Ksh 200 B (16 %)');
    expect(text).toContain('Punguzo: Ksh -100 (limetolewa kwenye viasi vilivyo juu)');
    expect(text).toContain(
      'Kodi ya Ongezeko la Thamani (VAT) kwa kila kiwango Aina ya kodi Kiasi Kinachotozwa kodi VAT',
    );
    expect(text).toContain('A (imesamehewa) Ksh 300 Ksh 300 Ksh 0');
    expect(text).toContain('Kinachotozwa kodi Ksh 2,886.21 VAT Ksh 373.79 Jumla Ksh 3,260');
    expect(text).toContain('Nambari ya risiti ya KRA: 311 (jumla 1311)');
    expect(text).toContain('Data ya ndani: NXF6KOVJ3HBYIDQ2BZKX7WS6FQ');
    expect(text).toContain('Sahihi: V249-J39C-FJ48-HE2W');
    expect(text).not.toMatch(/Receipt|Sold to|Payment|Total/);
  });

  it('prints a Swahili credit note as Hati ya Marejesho, and how a cash sale was paid', async () => {
    const text = await pdfText(
      await renderReceiptPdf({ ...pendingCreditNote, locale: 'sw', payment: 'Cash on delivery' }),
    );
    expect(text).toContain('Hati ya Marejesho CN-000043 (inafuta R-000042)');
    expect(text).toContain('Malipo: Pesa taslimu wakati wa kupokea');
    expect(text).toContain('Jumla Ksh -3,260');
    expect(text).toContain('Inatumwa kwa eTIMS ya KRA');
  });

  it('prints names the standard fonts cannot hold without breaking them', () => {
    expect(printable('Café Ōmondi 中')).toBe('Café Omondi ?');
  });
});
