// A shop's month of receipts and credit notes as CSV for its accountant (decision 045): one row
// each, in number order, with the taxable amount and the VAT of each KRA rate (A to E), the total
// and where it stands with eTIMS. UTF-8 with a byte order mark (Excel), Windows line ends, as the
// ledger's and the catalogue's exports.
import { Readable } from 'node:stream';
import { centsAsDecimal, TAX_TYPES, toCents } from '@soko/contract';
import { stringify } from 'csv-stringify';
import { receiptView, type ReceiptRow } from './read';

export const RECEIPTS_CSV_HEADERS = [
  'Number',
  'Kind',
  'Credits',
  'Date',
  'Order',
  'Buyer',
  'Buyer KRA PIN',
  ...TAX_TYPES.flatMap((type) => [`Taxable ${type} (Ksh)`, `VAT ${type} (Ksh)`]),
  'Total (Ksh)',
  'eTIMS status',
  'KRA receipt number',
];

/**
 * A text cell that starts with = + - @, a tab or a carriage return (or their full-width forms)
 * gets an apostrophe first, so a spreadsheet shows it rather than running it (OWASP "CSV
 * Injection"), as the catalogue's export does. Only text cells: the money columns are numbers
 * the accountant adds up, and a credit note's are negative.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
}

/** `2026-11-28 14:05`, Nairobi time (UTC+3, no daylight saving). */
const nairobiMinute = (iso: string) =>
  new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const money = (ksh: number) => centsAsDecimal(toCents(ksh));

export function receiptsCsv(rows: readonly ReceiptRow[]): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: RECEIPTS_CSV_HEADERS,
    record_delimiter: 'windows',
  });
  function* records() {
    for (const row of rows) {
      const receipt = receiptView(row);
      const rate = (type: (typeof TAX_TYPES)[number]) =>
        receipt.rates.find((each) => each.taxType === type);
      yield [
        receipt.numberText,
        receipt.kind === 'receipt' ? 'Receipt' : 'Credit note',
        receipt.credits?.numberText ?? '',
        nairobiMinute(receipt.issuedAt),
        neutraliseFormula(receipt.orderNumber),
        neutraliseFormula(receipt.buyer.name),
        receipt.buyer.kraPin ?? '',
        ...TAX_TYPES.flatMap((type) => [
          money(rate(type)?.taxable ?? 0),
          money(rate(type)?.vat ?? 0),
        ]),
        money(receipt.total),
        receipt.etims.status,
        receipt.etims.kraReceiptNumber === null ? '' : String(receipt.etims.kraReceiptNumber),
      ];
    }
  }
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
