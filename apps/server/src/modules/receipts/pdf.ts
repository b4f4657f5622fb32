// A receipt or credit note as a PDF (issue 33, decision 047): what the receipt page shows, laid out
// on A4 with PDFKit, and KRA's QR code drawn from the eTIMS answer when KRA signed it. Only the
// PDF standard fonts (Helvetica), whose metrics ship inside PDFKit: nothing is fetched or embedded,
// which keeps a receipt at a few kilobytes and a few milliseconds. Those fonts cover Windows-1252,
// so any other character a name holds is printed as its plain letter, or '?' (printable below).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  etimsNote,
  formatKsh,
  nairobiDateTimeText,
  RECEIPT_WORDS,
  receiptPaymentText,
  receiptTitle,
  taxTypeText,
  type Receipt,
} from '@soko/contract';

type Doc = PDFKit.PDFDocument;

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const GREY = '#57534e';
const RULE = '#d6d3d1';
const QR_SIZE = 110;
const QR_QUIET = 2;

// Windows-1252's characters beyond Latin-1's (the standard fonts' encoding).
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can print: accents kept where Latin-1 has them, else dropped, else '?'. */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      CP1252_EXTRA.has(char)
    ) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
  }
  return out;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Writes a row of cells at the current y; returns the row's height. */
function row(doc: Doc, columns: Column[], cells: string[], bold = false): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const padding = 4;
  const heights = columns.map((column, index) =>
    doc.heightOfString(printable(cells[index] ?? ''), { width: column.width - padding }),
  );
  const height = Math.max(...heights) + 6;
  if (doc.y + height > BOTTOM) doc.addPage();
  const top = doc.y;
  let x = MARGIN;
  columns.forEach((column, index) => {
    doc.text(printable(cells[index] ?? ''), x + (column.align === 'right' ? 0 : padding), top + 3, {
      width: column.width - padding,
      align: column.align,
    });
    x += column.width;
  });
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(MARGIN + WIDTH, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
  return height;
}

function table(doc: Doc, columns: Column[], rows: string[][], bold: (index: number) => boolean) {
  row(
    doc,
    columns,
    columns.map((column) => column.title),
    true,
  );
  rows.forEach((cells, index) => row(doc, columns, cells, bold(index)));
}

function heading(doc: Doc, text: string) {
  if (doc.y + 40 > BOTTOM) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('black');
  doc.text(printable(text), MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
}

function header(doc: Doc, receipt: Receipt) {
  const { seller, buyer, locale } = receipt;
  const words = RECEIPT_WORDS[locale];
  const half = WIDTH / 2 - 10;
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(printable(seller.name), MARGIN, top, { width: half });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  const sellerLines = [
    seller.kraPin ? `${words.kraPin}: ${seller.kraPin}` : null,
    seller.address,
    [seller.phone, seller.email].filter(Boolean).join(' · ') || null,
    seller.vatRegistered ? null : words.notVatRegistered,
  ].filter((line): line is string => Boolean(line));
  for (const line of sellerLines) doc.text(printable(line), { width: half });
  const leftBottom = doc.y;

  const right = MARGIN + WIDTH - half;
  doc.fillColor('black').font('Helvetica-Bold').fontSize(13);
  doc.text(printable(receiptTitle(receipt, locale)), right, top, { width: half, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const facts = [
    `${words.date}: ${nairobiDateTimeText(receipt.issuedAt, locale)} ${words.nairobi}`,
    `${words.order}: ${receipt.orderNumber}`,
    receipt.creditedBy ? words.cancelledBy(receipt.creditedBy.numberText) : null,
  ].filter((line): line is string => Boolean(line));
  for (const line of facts)
    doc.text(printable(line), right, doc.y, { width: half, align: 'right' });

  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 12;
  const buyerLines = [
    `${words.soldTo}: ${buyer.name}`,
    buyer.kraPin ? `${words.buyerKraPin}: ${buyer.kraPin}` : null,
    `${words.payment}: ${receiptPaymentText(receipt.payment, locale)}`,
  ].filter((line): line is string => Boolean(line));
  doc.font('Helvetica').fontSize(10).fillColor('black');
  for (const line of buyerLines) doc.text(printable(line), MARGIN, doc.y, { width: WIDTH });
}

function linesTable(doc: Doc, receipt: Receipt) {
  const { locale } = receipt;
  const words = RECEIPT_WORDS[locale];
  const discounted = receipt.lines.some((line) => line.discount !== 0);
  const columns: Column[] = [
    { title: words.qty, width: 34, align: 'right' },
    { title: words.item, width: 0, align: 'left' },
    { title: words.unitPrice, width: 78, align: 'right' },
    ...(discounted ? [{ title: words.discount, width: 66, align: 'right' as const }] : []),
    { title: words.amount, width: 82, align: 'right' },
    { title: words.tax, width: 74, align: 'left' },
  ];
  const item = columns[1];
  if (item) item.width = WIDTH - columns.reduce((sum, column) => sum + column.width, 0);
  const rows = receipt.lines.map((line) => [
    String(line.quantity),
    line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
    formatKsh(line.unitPrice, locale),
    ...(discounted ? [line.discount === 0 ? '' : formatKsh(-line.discount, locale)] : []),
    formatKsh(line.amount, locale),
    taxTypeText(line.taxType, locale),
  ]);
  if (receipt.delivery) {
    rows.push([
      '',
      words.delivery,
      '',
      ...(discounted ? [''] : []),
      formatKsh(receipt.delivery.amount, locale),
      taxTypeText(receipt.delivery.taxType, locale),
    ]);
  }
  heading(doc, words.items);
  table(doc, columns, rows, () => false);
  if (discounted) {
    const discount = receipt.lines.reduce((sum, line) => sum + line.discount, 0);
    doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor(GREY);
    doc.text(printable(words.discountNote(formatKsh(-discount, locale))), MARGIN, doc.y, {
      width: WIDTH,
    });
    doc.fillColor('black');
  }
}

function vatTable(doc: Doc, receipt: Receipt) {
  const { locale } = receipt;
  const words = RECEIPT_WORDS[locale];
  heading(doc, words.vatPerRate);
  const columns: Column[] = [
    { title: words.taxType, width: WIDTH - 3 * 100, align: 'left' },
    { title: words.amount, width: 100, align: 'right' },
    { title: words.taxable, width: 100, align: 'right' },
    { title: words.vat, width: 100, align: 'right' },
  ];
  const rows = receipt.rates.map((rate) => [
    taxTypeText(rate.taxType, locale),
    formatKsh(rate.amount, locale),
    formatKsh(rate.taxable, locale),
    formatKsh(rate.vat, locale),
  ]);
  table(doc, columns, rows, () => false);

  doc.moveDown(0.6);
  const labelWidth = 120;
  const valueWidth = 100;
  const x = MARGIN + WIDTH - labelWidth - valueWidth;
  const totals: [string, number, boolean][] = [
    [words.taxable, receipt.taxable, false],
    [words.vat, receipt.vat, false],
    [words.total, receipt.total, true],
  ];
  for (const [label, amount, bold] of totals) {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(printable(label), x, y, { width: labelWidth, align: 'right' });
    doc.text(formatKsh(amount, locale), x + labelWidth, y, { width: valueWidth, align: 'right' });
  }
  doc.x = MARGIN;
}

/**
 * KRA's QR as vector squares, one rectangle per run of dark modules in a row, inside a quiet zone
 * of QR_QUIET modules: sharp at any print size, and no PNG to encode and decode again (which cost
 * more than the rest of the receipt).
 */
function drawQr(doc: Doc, qr: QRCode.QRCode, x: number, y: number) {
  const size = qr.modules.size;
  const module = QR_SIZE / (size + 2 * QR_QUIET);
  const left = x + QR_QUIET * module;
  const top = y + QR_QUIET * module;
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && qr.modules.get(r, c)) c++;
      doc.rect(left + start * module, top + r * module, (c - start) * module, module);
    }
  }
  doc.fillColor('black').fill();
}

function etimsBlock(doc: Doc, receipt: Receipt) {
  const { etims, locale } = receipt;
  const words = RECEIPT_WORDS[locale];
  const note = etimsNote(etims.status, locale);
  heading(doc, words.etims);
  if (note) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(printable(note), MARGIN, doc.y, { width: WIDTH });
    doc.fillColor('black');
    return;
  }
  const qr = etims.qrData ? QRCode.create(etims.qrData, { errorCorrectionLevel: 'M' }) : null;
  if (doc.y + QR_SIZE > BOTTOM) doc.addPage();
  const top = doc.y;
  const facts = [
    etims.kraReceiptNumber !== null
      ? `${words.kraReceiptNumber}: ${etims.kraReceiptNumber}${etims.kraTotalReceiptNumber !== null ? ` ${words.totalReceiptNumber(etims.kraTotalReceiptNumber)}` : ''}`
      : null,
    etims.internalData ? `${words.internalData}: ${etims.internalData}` : null,
    etims.signature ? `${words.signature}: ${etims.signature}` : null,
    etims.sdcId ? `${words.scuId}: ${etims.sdcId}` : null,
    etims.mrcNo ? `${words.mrcNumber}: ${etims.mrcNo}` : null,
    etims.signedAt
      ? `${words.signed}: ${nairobiDateTimeText(etims.signedAt, locale)} ${words.nairobi}`
      : null,
  ].filter((line): line is string => Boolean(line));
  const textWidth = WIDTH - (qr ? QR_SIZE + 16 : 0);
  doc.font('Helvetica').fontSize(9);
  for (const line of facts) doc.text(printable(line), MARGIN, doc.y, { width: textWidth });
  const textBottom = doc.y;
  if (qr) drawQr(doc, qr, MARGIN + WIDTH - QR_SIZE, top);
  doc.x = MARGIN;
  doc.y = Math.max(textBottom, qr ? top + QR_SIZE : 0);
}

/**
 * The receipt as an A4 PDF: what GET /api/receipts/:receiptId/pdf sends. `compress: false` leaves
 * the drawing readable (its tests read the QR's squares back from it).
 */
export async function renderReceiptPdf(
  receipt: Receipt,
  { compress = true }: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    compress,
    margin: MARGIN,
    // The document's language, for screen readers and search (decision 050).
    lang: receipt.locale,
    displayTitle: true,
    info: {
      Title: printable(receiptTitle(receipt, receipt.locale)),
      Author: printable(receipt.seller.name),
      Creator: 'Soko',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    header(doc, receipt);
    linesTable(doc, receipt);
    vatTable(doc, receipt);
    etimsBlock(doc, receipt);
  } finally {
    doc.end();
  }
  return done;
}
