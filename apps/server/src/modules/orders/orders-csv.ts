// The admin's order export as CSV: written while it is read, one keyset batch of orders at a
// time, so 100,000 orders never sit in memory at once.
import { Readable } from 'node:stream';
import { centsAsDecimal, type OrderFilter } from '@soko/contract';
import { stringify } from 'csv-stringify';
import type { Db } from '../../platform/db';
import { exportOrders, nairobiMinute, type OrderExportRow } from './queries';

/** Orders read from the database per query while exporting. */
const EXPORT_BATCH = 1000;

const COLUMNS: ReadonlyArray<[header: string, cell: (order: OrderExportRow) => string | number]> = [
  ['Order number', (o) => o.orderNumber],
  ['Date', (o) => nairobiMinute(o.createdAt)],
  ['Status', (o) => o.status],
  ['Customer', (o) => [o.firstName, o.lastName].filter(Boolean).join(' ')],
  ['Email', (o) => o.email ?? ''],
  ['Phone', (o) => o.phoneNumber ?? ''],
  ['County', (o) => o.county ?? ''],
  ['City', (o) => o.city ?? ''],
  ['Address', (o) => o.address ?? ''],
  ['Items (units)', (o) => o.units],
  ['Subtotal (Ksh)', (o) => centsAsDecimal(o.subtotalCents)],
  ['Discount (Ksh)', (o) => centsAsDecimal(o.discountCents)],
  ['Shipping (Ksh)', (o) => centsAsDecimal(o.shippingCents)],
  ['Total (Ksh)', (o) => centsAsDecimal(o.totalCents)],
  ['Payment', (o) => (o.payOnOrder ? 'Online' : 'On delivery')],
  ['Refund owed', (o) => o.refundReason ?? ''],
];

async function* records(db: Db, filter: OrderFilter) {
  for await (const batch of exportOrders(db, filter, EXPORT_BATCH)) {
    for (const order of batch) yield COLUMNS.map(([, cell]) => cell(order));
  }
}

/**
 * The CSV as a stream: a UTF-8 byte order mark (Excel otherwise reads Swahili and accented names
 * as Latin-1), a header row, then one row per order. A text cell that starts with = + - @, a tab
 * or a carriage return gets a leading apostrophe so a spreadsheet shows it instead of running it
 * (https://owasp.org/www-community/attacks/CSV_Injection). Money is written as digits, which
 * never start with one of those (amounts are non-negative by a check constraint), so it stays a
 * number.
 */
export function ordersCsv(db: Db, filter: OrderFilter): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS.map(([header]) => header),
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(records(db, filter));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
