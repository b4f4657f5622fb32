// Receipts follow order events (DESIGN.md "One move, one event", decision 045), in the event
// follower's transaction and before the messages of the same events, so that a message can link
// the receipt it follows. A shop's part is confirmed, and gets its one receipt, when its order is
// confirmed after an online payment (order.confirmed of an order paid online), or, paid on
// delivery, when the part is delivered (part.delivered). A part cancelled after its receipt
// (part.cancelled, or the whole order cancelled) and a payment reversed (order.reversed) each give
// one credit note per receipt, naming it. The database keeps that true whatever runs twice: one
// receipt per part and one credit note per receipt (partial unique indexes).
import {
  RECEIPT_WORDS,
  receiptNumberText,
  type EtimsStatus,
  type Locale,
  type ReceiptKind,
  type TaxType,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db';
import type { ReceiptBody } from '../../platform/schema';
import type { OrderEvent } from '../orders';
import {
  creditNoteContent,
  receiptContent,
  type ReceiptContent,
  type ReceiptOrder,
  type ReceiptOrderLine,
  type ReceiptPart,
  type ReceiptSeller,
} from './content';

/** A receipt a message links to. */
export type ReceiptLink = { id: string; shopId: string; numberText: string };

const FOLLOWED: ReadonlySet<OrderEvent['kind']> = new Set([
  'order.confirmed',
  'order.cancelled',
  'order.reversed',
  'part.delivered',
  'part.cancelled',
]);

type OrderRow = {
  id: string;
  order_number: string;
  pay_on_order: boolean;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  buyer_kra_pin: string | null;
  discount_cents: number;
  provider: string | null;
  payment_method: string | null;
  locale: Locale;
};
type PartRow = {
  id: string;
  order_id: string;
  shop_id: string | null;
  status: string;
  subtotal_cents: number;
  shop_discount_cents: number;
  delivery_cents: number;
};
type LineRow = {
  order_id: string;
  shop_id: string | null;
  name: string;
  variant_label: string | null;
  item_code: string;
  unit_price_cents: number;
  quantity: number;
  tax_type: TaxType | null;
};
type ShopRow = {
  id: string;
  name: string;
  kra_pin: string | null;
  address: string;
  county: string | null;
  contact_phone: string;
  contact_email: string;
  vat_registered: boolean;
  etims_enabled: boolean;
};
type IssuedRow = {
  id: string;
  order_id: string;
  part_id: string;
  shop_id: string;
  kind: ReceiptKind;
  number: number;
  credits_receipt_id: string | null;
  body: ReceiptBody;
  total_cents: number;
  vat_cents: number;
  etims_status: EtimsStatus;
};

/**
 * How an order was paid, as its receipts keep it: in English whatever the receipt's language (the
 * accountant's CSV and eTIMS read it); the print puts it in the language (receiptPaymentText).
 */
export function paymentText(
  payOnOrder: boolean,
  provider: string | null,
  method: string | null,
): string {
  const words = RECEIPT_WORDS.en.payments;
  if (!payOnOrder) return words.cash;
  switch (provider) {
    case 'mpesa':
      return 'M-Pesa';
    case 'pesapal':
      return method ? `Pesapal (${method})` : 'Pesapal';
    case 'sandbox':
      return words.sandbox;
    default:
      return words.online;
  }
}

const nonEmpty = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

type Facts = {
  orders: OrderRow[] | null;
  parts: PartRow[] | null;
  lines: LineRow[] | null;
  issued: IssuedRow[] | null;
  shops: ShopRow[] | null;
};

/**
 * What the events' orders hold that their receipts need, in one statement: each table's rows as
 * a JSON array. A follower round pays one round trip for them (on the embedded database, one turn
 * of its lock) rather than one a table; the checkout's cost with receipts on is measured in
 * BENCHMARKS.md (issue 33).
 */
async function readOrders(tx: Tx, orderIds: readonly string[]) {
  const ids = sql`${`{${orderIds.join(',')}}`}::uuid[]`;
  const [facts] = rowsOf<Facts>(
    await tx.execute(sql`
      select
        (select json_agg(t) from (
           select o.id, o.order_number, o.pay_on_order, o.first_name, o.middle_name, o.last_name,
                  o.buyer_kra_pin, o.discount_cents, p.provider, p.payment_method, o.locale
             from orders o left join payments p on p.id = o.paid_by
            where o.id = any(${ids})) t) as orders,
        (select json_agg(t order by t.shop_id) from (
           select id, order_id, shop_id, status, subtotal_cents, shop_discount_cents,
                  delivery_cents
             from order_parts where order_id = any(${ids})) t) as parts,
        (select json_agg(t order by t.order_id, t.position, t.id) from (
           select l.order_id, l.shop_id, l.name, l.variant_label, l.unit_price_cents, l.quantity,
                  l.tax_type, l.position, l.id,
                  coalesce(v.sku, p.sku, l.product_id::text, '') as item_code
             from order_lines l
             left join products p on p.id = l.product_id
             left join product_variants v on v.id = l.variant_id
            where l.order_id = any(${ids})) t) as lines,
        (select json_agg(t order by t.number) from (
           select id, order_id, part_id, shop_id, kind, number, credits_receipt_id, body,
                  total_cents, vat_cents, etims_status
             from receipts where order_id = any(${ids})) t) as issued,
        (select json_agg(t) from (
           select id, name, kra_pin, address, county, contact_phone, contact_email,
                  vat_registered, etims_enabled
             from shops
            where id in (select shop_id from order_parts where order_id = any(${ids}))) t) as shops`),
  );
  return {
    orders: new Map((facts?.orders ?? []).map((row) => [row.id, row])),
    parts: facts?.parts ?? [],
    lines: facts?.lines ?? [],
    shops: new Map((facts?.shops ?? []).map((row) => [row.id, row])),
    issued: facts?.issued ?? [],
  };
}

const sellerOf = (shop: ShopRow): ReceiptSeller => ({
  name: shop.name,
  kraPin: shop.kra_pin,
  address: [nonEmpty(shop.address), nonEmpty(shop.county)].filter(Boolean).join(', ') || null,
  phone: nonEmpty(shop.contact_phone),
  email: nonEmpty(shop.contact_email),
  vatRegistered: shop.vat_registered,
});

/**
 * Writes one receipt or credit note, its number taken from the shop's counter in the same
 * statement: the counter's row stays locked until this transaction ends, so numbers follow one
 * another with no repeat, and a transaction that fails gives its number back (no gap).
 */
async function writeReceipt(
  tx: Tx,
  row: {
    shopId: string;
    orderId: string;
    partId: string;
    kind: ReceiptKind;
    creditsReceiptId: string | null;
    content: ReceiptContent;
    etimsStatus: EtimsStatus;
  },
): Promise<IssuedRow> {
  const [written] = rowsOf<{ id: string; number: number }>(
    await tx.execute(sql`
      with taken as (
        insert into receipt_counters (shop_id, last_number) values (${row.shopId}, 1)
        on conflict (shop_id) do update set last_number = receipt_counters.last_number + 1
        returning last_number)
      insert into receipts (shop_id, order_id, part_id, kind, number, credits_receipt_id, body,
                            total_cents, vat_cents, etims_status, etims_next_attempt_at)
      select ${row.shopId}, ${row.orderId}, ${row.partId}, ${row.kind}, taken.last_number,
             ${row.creditsReceiptId}, ${JSON.stringify(row.content.body)}::jsonb,
             ${row.content.totalCents}, ${row.content.vatCents}, ${row.etimsStatus},
             case when ${row.etimsStatus} = 'pending' then now() end
        from taken
      returning id, number`),
  );
  if (!written) throw new Error('the receipt was not written');
  return {
    id: written.id,
    order_id: row.orderId,
    part_id: row.partId,
    shop_id: row.shopId,
    kind: row.kind,
    number: written.number,
    credits_receipt_id: row.creditsReceiptId,
    body: row.content.body,
    total_cents: row.content.totalCents,
    vat_cents: row.content.vatCents,
    etims_status: row.etimsStatus,
  };
}

/**
 * Issues what `events` call for (receipts, credit notes), in the follower's transaction, in the
 * events' order. Answers, by event id, the receipts of the parts the event confirmed (issued now,
 * or before when the event is a replay), for its messages to link.
 */
export async function issueReceipts(
  tx: Tx,
  events: readonly OrderEvent[],
): Promise<Map<string, ReceiptLink[]>> {
  const links = new Map<string, ReceiptLink[]>();
  const followed = events.filter((event) => FOLLOWED.has(event.kind));
  if (followed.length === 0) return links;
  const facts = await readOrders(tx, [...new Set(followed.map((event) => event.orderId))]);
  const { issued } = facts;
  const receiptOf = (partId: string) =>
    issued.find((row) => row.kind === 'receipt' && row.part_id === partId);
  const creditNoteOf = (receiptId: string) =>
    issued.find((row) => row.credits_receipt_id === receiptId);
  const linkOf = (row: IssuedRow): ReceiptLink => ({
    id: row.id,
    shopId: row.shop_id,
    numberText: receiptNumberText(row.kind, row.number),
  });

  const issueReceipt = async (order: OrderRow, part: PartRow): Promise<IssuedRow | null> => {
    const existing = receiptOf(part.id);
    if (existing) return existing;
    const shop = part.shop_id ? facts.shops.get(part.shop_id) : undefined;
    if (!shop) return null;
    const orderParts = facts.parts.filter((p) => p.order_id === order.id);
    const toPart = (p: PartRow): ReceiptPart => ({
      shopId: p.shop_id ?? '',
      subtotalCents: p.subtotal_cents,
      shopDiscountCents: p.shop_discount_cents,
      deliveryCents: p.delivery_cents,
    });
    const lines: ReceiptOrderLine[] = facts.lines
      .filter((line) => line.order_id === order.id)
      .map((line) => ({
        shopId: line.shop_id,
        name: line.name,
        variantLabel: line.variant_label,
        itemCode: line.item_code,
        unitPriceCents: line.unit_price_cents,
        quantity: line.quantity,
        taxType: line.tax_type,
      }));
    const receiptOrder: ReceiptOrder = {
      orderNumber: order.order_number,
      payOnOrder: order.pay_on_order,
      buyerName: [order.first_name, order.middle_name, order.last_name]
        .map(nonEmpty)
        .filter(Boolean)
        .join(' '),
      buyerKraPin: order.buyer_kra_pin,
      discountCents: order.discount_cents,
      payment: paymentText(order.pay_on_order, order.provider, order.payment_method),
      locale: order.locale,
    };
    const row = await writeReceipt(tx, {
      shopId: shop.id,
      orderId: order.id,
      partId: part.id,
      kind: 'receipt',
      creditsReceiptId: null,
      content: receiptContent(
        receiptOrder,
        lines,
        orderParts.map(toPart),
        toPart(part),
        sellerOf(shop),
      ),
      etimsStatus: shop.etims_enabled ? 'pending' : 'off',
    });
    issued.push(row);
    return row;
  };

  const creditReceipt = async (receipt: IssuedRow | undefined) => {
    if (!receipt || creditNoteOf(receipt.id)) return;
    const content = creditNoteContent({
      body: receipt.body,
      totalCents: receipt.total_cents,
      vatCents: receipt.vat_cents,
    });
    issued.push(
      await writeReceipt(tx, {
        shopId: receipt.shop_id,
        orderId: receipt.order_id,
        partId: receipt.part_id,
        kind: 'credit_note',
        creditsReceiptId: receipt.id,
        content,
        etimsStatus: receipt.etims_status === 'off' ? 'off' : 'pending',
      }),
    );
  };

  for (const event of followed) {
    const order = facts.orders.get(event.orderId);
    if (!order) continue;
    const parts = facts.parts.filter((part) => part.order_id === order.id);
    const part = parts.find((p) => p.id === event.partId);
    switch (event.kind) {
      case 'order.confirmed': {
        if (!order.pay_on_order) break;
        const confirmed: ReceiptLink[] = [];
        // In the shops' order (parts are read by shop id): two followers issuing for the same
        // shops take their counters' locks in one order.
        for (const each of parts) {
          const row = await issueReceipt(order, each);
          if (row) confirmed.push(linkOf(row));
        }
        links.set(event.id, confirmed);
        break;
      }
      case 'part.delivered': {
        if (order.pay_on_order || !part) break;
        const row = await issueReceipt(order, part);
        if (row) links.set(event.id, [linkOf(row)]);
        break;
      }
      case 'part.cancelled':
        if (part) await creditReceipt(receiptOf(part.id));
        break;
      case 'order.cancelled':
        // Its parts not yet sent were cancelled with it (without events of their own).
        for (const each of parts) {
          if (each.status === 'cancelled') await creditReceipt(receiptOf(each.id));
        }
        break;
      case 'order.reversed':
        // The money went back to the payer: none of its receipts stands.
        for (const each of parts) await creditReceipt(receiptOf(each.id));
        break;
      default:
        break;
    }
  }
  return links;
}
