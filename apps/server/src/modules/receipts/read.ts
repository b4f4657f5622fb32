// Reading receipts (decision 045): one for whoever may see it, an order's for its shopper, a
// shop's month for its owner. Who may see a receipt: the order's shopper (a signed-in shopper's
// order only for them; an anonymous order's for whoever holds the id, as the order itself), the
// owner of the receipt's shop, or an admin.
import {
  DEFAULT_LOCALE,
  isUuid,
  receiptNumberText,
  type Receipt,
  type ReceiptKind,
} from '@soko/contract';
import { sql, type SQL } from 'drizzle-orm';
import { forbidden, type Caller } from '../../platform/access';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { ReceiptBody } from '../../platform/schema';
import { receiptEtimsOfRaw, type EtimsRawColumns } from '../etims';

export type ReceiptRow = EtimsRawColumns & {
  id: string;
  shop_id: string | null;
  order_id: string;
  part_id: string;
  kind: ReceiptKind;
  number: number;
  issued_at: string | Date;
  body: ReceiptBody;
  credits_id: string | null;
  credits_number: number | null;
  credited_by_id: string | null;
  credited_by_number: number | null;
  order_user_id: string | null;
  shop_owner_id: string | null;
};

const iso = (at: string | Date) => new Date(at).toISOString();

/** The receipts matching `where` (on `r`), with what names them and whose they are. */
export async function selectReceipts(db: Db | Tx, where: SQL, order: SQL = sql`r.number`) {
  return rowsOf<ReceiptRow>(
    await db.execute(sql`
      select r.id, r.shop_id, r.order_id, r.part_id, r.kind, r.number, r.issued_at, r.body,
             r.etims_status, r.etims_kra_receipt_number, r.etims_total_receipt_number,
             r.etims_internal_data, r.etims_signature, r.etims_sdc_id, r.etims_mrc_no,
             r.etims_signed_at, r.etims_refusal_code, r.etims_refusal_message,
             r.etims_qr_data, r.etims_last_error,
             c.id as credits_id, c.number as credits_number,
             cn.id as credited_by_id, cn.number as credited_by_number,
             o.user_id as order_user_id, s.owner_id as shop_owner_id
        from receipts r
        join orders o on o.id = r.order_id
        left join shops s on s.id = r.shop_id
        left join receipts c on c.id = r.credits_receipt_id
        left join receipts cn on cn.credits_receipt_id = r.id
       where ${where}
       order by ${order}`),
  );
}

/** A receipt as the API answers it. */
export function receiptView(row: ReceiptRow): Receipt {
  const { body } = row;
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    numberText: receiptNumberText(row.kind, row.number),
    issuedAt: iso(row.issued_at),
    shopId: row.shop_id ?? '',
    orderId: row.order_id,
    orderNumber: body.orderNumber,
    partId: row.part_id,
    credits:
      row.credits_id && row.credits_number !== null
        ? { _id: row.credits_id, numberText: receiptNumberText('receipt', row.credits_number) }
        : null,
    creditedBy:
      row.credited_by_id && row.credited_by_number !== null
        ? {
            _id: row.credited_by_id,
            numberText: receiptNumberText('credit_note', row.credited_by_number),
          }
        : null,
    seller: body.seller,
    buyer: body.buyer,
    payment: body.payment,
    locale: body.locale ?? DEFAULT_LOCALE,
    lines: body.lines,
    delivery: body.delivery,
    rates: body.rates,
    total: body.total,
    taxable: body.taxable,
    vat: body.vat,
    // The eTIMS adapter's reading of its columns (decision 046).
    etims: receiptEtimsOfRaw(row),
  };
}

/** Whether `caller` is the order's shopper as GET /api/orders/{id} decides it. */
const isShopper = (row: Pick<ReceiptRow, 'order_user_id'>, caller: Caller | null) =>
  row.order_user_id === null || (caller !== null && caller.id === row.order_user_id);

/**
 * GET /api/receipts/{id}, and the receipt's PDF: the order's shopper, the shop's owner or an
 * admin. Anyone else is told what an unknown id is told (404), as for an order.
 */
export async function readReceipt(
  db: Db | Tx,
  receiptId: string,
  caller: Caller | null,
): Promise<Receipt> {
  if (!isUuid(receiptId)) throw notFound('Receipt not found.');
  const [row] = await selectReceipts(db, sql`r.id = ${receiptId}`);
  if (!row) throw notFound('Receipt not found.');
  const mayRead =
    caller?.role === 'admin' ||
    isShopper(row, caller) ||
    (caller !== null && caller.id === row.shop_owner_id);
  if (!mayRead) throw notFound('Receipt not found.');
  return receiptView(row);
}

/**
 * GET /api/orders/{orderId}/receipts: its receipts and credit notes for its shopper (or an
 * admin). A shop's owner who is not the shopper is refused (403): owners read theirs through the
 * shop's routes. Anyone else is told the order is not found (404), as the order's own read does.
 */
export async function readOrderReceipts(
  db: Db,
  orderId: string,
  caller: Caller | null,
): Promise<Receipt[]> {
  if (!isUuid(orderId)) throw notFound('Order not found.');
  const [order] = rowsOf<{ user_id: string | null; owns_a_part: boolean }>(
    await db.execute(sql`
      select o.user_id,
             exists (select 1 from order_parts p join shops s on s.id = p.shop_id
                      where p.order_id = o.id and s.owner_id = ${caller?.id ?? null}) as owns_a_part
        from orders o where o.id = ${orderId}`),
  );
  if (!order) throw notFound('Order not found.');
  if (caller?.role !== 'admin' && !isShopper({ order_user_id: order.user_id }, caller)) {
    if (order.owns_a_part) throw forbidden();
    throw notFound('Order not found.');
  }
  return (await selectReceipts(db, sql`r.order_id = ${orderId}`, sql`r.issued_at, r.number`)).map(
    receiptView,
  );
}

/** The first instant of a month and of the next, in Nairobi time (UTC+3, no daylight saving). */
export function nairobiMonth(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return {
    from: new Date(`${month}-01T00:00:00+03:00`),
    to: new Date(`${next}-01T00:00:00+03:00`),
  };
}

/** A shop's receipts and credit notes issued in a Nairobi month, in number order. */
export async function shopMonthReceipts(
  db: Db,
  shopId: string,
  month: string,
): Promise<ReceiptRow[]> {
  const { from, to } = nairobiMonth(month);
  return selectReceipts(
    db,
    sql`r.shop_id = ${shopId} and r.issued_at >= ${from.toISOString()} and r.issued_at < ${to.toISOString()}`,
  );
}
