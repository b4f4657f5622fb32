// Orders as they are read back: the buyer's, an admin's list, and a shop owner's slice.
import {
  PROBLEM_TEXTS,
  partDiscountsCents,
  fromCents,
  normalizeKenyanPhone,
  PURCHASE_KEPT_ORDER_STATUSES,
  REVIEWABLE_ORDER_STATUSES,
  UNPLACED_STATUSES,
  type Locale,
  type Order,
  type OrderHistoryEntry,
  type OrderPart,
  type PartStatus,
  type OrderFilter,
  type ShopOrder,
} from '@soko/contract';
import { and, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  buildStatement,
  decodeRow,
  rowsOf,
  runStatement,
  type Db,
  type Tx,
} from '../../platform/db';
import { notFound } from '../../platform/errors';
import { packageState } from '../delivery';
import {
  carrierPackages,
  orderLines,
  orderParts,
  orders,
  orderStatusChanges,
  shops,
  users,
} from '../../platform/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

function lineView(line: OrderLineRow): Order['items'][number] {
  return {
    name: line.name,
    price: fromCents(line.unitPriceCents),
    quantity: line.quantity,
    productId: line.productId ?? '',
    selectedVariant: line.variantId,
    variantLabel: line.variantLabel,
    image: line.imageUrl,
  };
}

export type OrderPartRow = typeof orderParts.$inferSelect & { shopName: string | null };

export function partView(part: OrderPartRow): OrderPart {
  return {
    _id: part.id,
    shopId: part.shopId,
    shopName: part.shopName ?? 'A closed shop',
    // The column holds only part states (a CHECK constraint says so).
    status: part.status as PartStatus,
    trackingNote: part.trackingNote,
    subtotal: fromCents(part.subtotalCents),
    refund: fromCents(part.refundCents),
    delivery: fromCents(part.deliveryCents),
    deliveryCounty: part.deliveryCounty,
    pickupCounter: part.pickupCounter,
  };
}

export function orderView(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  parts: readonly OrderPartRow[] = [],
): Order {
  return {
    _id: order.id,
    orderId: order.orderNumber,
    status: order.status,
    payOnOrder: order.payOnOrder,
    shippingOption: order.shippingOption === 'express' ? 'express' : 'standard',
    createdAt: order.createdAt.toISOString(),
    totalPrice: fromCents(order.totalCents),
    subtotal: fromCents(order.subtotalCents),
    discount: fromCents(order.discountCents),
    shipping: fromCents(order.shippingCents),
    items: lines.map(lineView),
    address: order.address ?? '',
    city: order.city ?? '',
    country: order.country ?? '',
    county: order.county ?? '',
    firstName: order.firstName ?? '',
    lastName: order.lastName ?? '',
    email: order.email ?? '',
    phoneNumber: order.phoneNumber ?? '',
    holdUntil: order.holdUntil?.toISOString() ?? null,
    refundReason: order.refundReason,
    parts: parts.map(partView),
  };
}

// An order's own reads are the hottest after the storefront's (every checkout, payment and
// order page makes them), so their statements are built once, not by Drizzle on every call.
const PARTS_WITH_SHOPS = sql`
  select p.*, s.name as shop_name from ${orderParts} p left join ${shops} s on s.id = p.shop_id`;
const PARTS_OF = buildStatement(sql`
  ${PARTS_WITH_SHOPS} where p.order_id = any(${sql.placeholder('orderIds')}::uuid[])
  order by p.order_id, p.created_at, p.id`);
const LINES_OF = buildStatement(sql`
  select * from ${orderLines} where order_id = any(${sql.placeholder('orderIds')}::uuid[])
  order by order_id, position`);
const ORDER_BY_ID = buildStatement(
  sql`select * from ${orders} where id = ${sql.placeholder('id')}`,
);
const ORDER_BY_ID_LOCKED = buildStatement(
  sql`select * from ${orders} where id = ${sql.placeholder('id')} for update`,
);

/** A part with its shop's name, from a row of PARTS_WITH_SHOPS. */
const partRow = (raw: Record<string, unknown>): OrderPartRow => ({
  ...decodeRow(orderParts, raw),
  shopName: typeof raw.shop_name === 'string' ? raw.shop_name : null,
});

/** Each order's parts with their shops' names, in the order the shops first appear. */
export async function partsOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, OrderPartRow[]>> {
  const byOrder = new Map<string, OrderPartRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = rowsOf<Record<string, unknown>>(
    await runStatement(db, PARTS_OF, { orderIds: [...orderIds] }),
  );
  for (const raw of rows) {
    const part = partRow(raw);
    const list = byOrder.get(part.orderId) ?? [];
    list.push(part);
    byOrder.set(part.orderId, list);
  }
  return byOrder;
}

async function linesOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = rowsOf<Record<string, unknown>>(
    await runStatement(db, LINES_OF, { orderIds: [...orderIds] }),
  );
  for (const raw of rows) {
    const row = decodeRow(orderLines, raw);
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

export async function findOrder(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
  const [raw] = rowsOf<Record<string, unknown>>(await runStatement(db, ORDER_BY_ID, { id }));
  return raw && decodeRow(orders, raw);
}

/** The order, locked until `tx` commits (undefined when there is none). */
export async function lockOrderRow(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [raw] = rowsOf<Record<string, unknown>>(await runStatement(tx, ORDER_BY_ID_LOCKED, { id }));
  return raw && decodeRow(orders, raw);
}

// One order's lines and parts in one round trip (each row as JSON under its column names).
const LINES_AND_PARTS = buildStatement(sql`
  select
    coalesce((select json_agg(l order by l.position) from ${orderLines} l
      where l.order_id = ${sql.placeholder('orderId')}), '[]') as lines,
    coalesce((select json_agg(p order by p.created_at, p.id) from (
        ${PARTS_WITH_SHOPS} where p.order_id = ${sql.placeholder('orderId')}) p), '[]') as parts`);

/** One order with its lines and parts, as the API answers it. */
export async function viewOf(db: Db | Tx, order: OrderRow): Promise<Order> {
  return (await viewWithLines(db, order)).view;
}

/** The order's view and the line rows it was made from (the view's items, in their order). */
async function viewWithLines(db: Db | Tx, order: OrderRow) {
  const [row] = rowsOf<{ lines: Record<string, unknown>[]; parts: Record<string, unknown>[] }>(
    await runStatement(db, LINES_AND_PARTS, { orderId: order.id }),
  );
  const lines = (row?.lines ?? []).map((raw) => decodeRow(orderLines, raw));
  const parts = (row?.parts ?? []).map(partRow);
  return { view: orderView(order, lines, parts), lines };
}

export async function readOrder(db: Db | Tx, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  return viewOf(db, order);
}

/** An order in the person's data export (decision 048): as their order page shows it, with its history. */
export type ExportedOrder = Order & {
  history: {
    at: string;
    from: string | null;
    to: string;
    by: string;
    shopName: string | null;
    note: string | null;
  }[];
};

/**
 * The shopper's own orders for their data export, newest first and at most `limit` of them, each
 * with its lines, parts and history: four statements whatever the number of orders.
 */
export async function buyerOrdersForExport(
  db: Db | Tx,
  userId: string,
  limit: number,
): Promise<{ orders: ExportedOrder[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId)),
  ]);
  const ids = rows.map((row) => row.id);
  const [lines, parts, changes] = await Promise.all([
    linesOf(db, ids),
    partsOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ change: orderStatusChanges, shopName: shops.name })
          .from(orderStatusChanges)
          .leftJoin(orderParts, eq(orderParts.id, orderStatusChanges.partId))
          .leftJoin(shops, eq(shops.id, orderParts.shopId))
          .where(inArray(orderStatusChanges.orderId, ids))
          .orderBy(orderStatusChanges.at, orderStatusChanges.id),
  ]);
  const history = new Map<string, ExportedOrder['history']>();
  for (const { change, shopName } of changes) {
    const list = history.get(change.orderId) ?? [];
    list.push({
      at: change.at.toISOString(),
      from: change.fromStatus,
      to: change.toStatus,
      // Who moved it, by role: the names of the shop's or the marketplace's people are theirs.
      by: change.actor,
      shopName: change.partId ? (shopName ?? 'A closed shop') : null,
      note: change.note,
    });
    history.set(change.orderId, list);
  }
  return {
    orders: rows.map((row) => ({
      ...orderView(row, lines.get(row.id) ?? [], parts.get(row.id) ?? []),
      history: history.get(row.id) ?? [],
    })),
    total: counted?.total ?? 0,
  };
}

/** The products of a shopper's placed orders, newest first (their account page). */
export async function buyerOrderLines(db: Db, userId: string) {
  const lines = await db
    .select({
      id: orders.id,
      productName: orderLines.name,
      quantity: orderLines.quantity,
      orderStatus: orders.status,
      partStatus: orderParts.status,
      trackingNote: orderParts.trackingNote,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(
      orderParts,
      and(eq(orderParts.orderId, orderLines.orderId), eq(orderParts.shopId, orderLines.shopId)),
    )
    // An abandoned or failed checkout is not one of the person's orders.
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNPLACED_STATUSES])))
    .orderBy(desc(orders.createdAt), orderLines.position);
  return lines.map(({ orderStatus, partStatus, trackingNote, ...line }) => ({
    ...line,
    // The part says where this line stands once the order is being fulfilled.
    status: partStatus && partStatus !== 'pending_payment' ? partStatus : orderStatus,
    trackingNote: trackingNote ?? null,
  }));
}

/**
 * The buyer's own order that proves they received a product (the reviews rule): the shop's part
 * delivered and the order still sold (not reversed, refunded or cancelled), oldest first so
 * a review points at the first purchase; null when there is none. An anonymous order, or anyone
 * else's, never matches: the buyer's id is in the WHERE.
 */
export async function proofOfPurchase(
  db: Db,
  userId: string,
  productId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    // The line's shop's part: delivered is what "received" means.
    .innerJoin(
      orderParts,
      and(eq(orderParts.orderId, orderLines.orderId), eq(orderParts.shopId, orderLines.shopId)),
    )
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.productId, productId),
        inArray(orderParts.status, [...REVIEWABLE_ORDER_STATUSES]),
        inArray(orders.status, [...PURCHASE_KEPT_ORDER_STATUSES]),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(1);
  return row?.id ?? null;
}

// Kenya has kept East Africa Time (UTC+3, no daylight saving) since 1942, so a Nairobi day is a
// fixed 24-hour span and needs no time-zone database (PGlite carries none to rely on).
const NAIROBI_OFFSET = '+03:00';
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Midnight in Nairobi at the start of a YYYY-MM-DD day. */
export const nairobiDayStart = (day: string) => new Date(`${day}T00:00:00${NAIROBI_OFFSET}`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD HH:mm' on a Nairobi clock. */
export const nairobiMinute = (at: Date) =>
  new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

/** LIKE's own characters, taken literally (backslash is PostgreSQL's default escape). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search that reads as an order number: digits, maybe after SK, with dashes or spaces. */
const ORDER_NUMBER_LIKE = /^(?:sk)?[\d\s-]+$/i;
/** A search that reads as a phone number, whole or in part. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;

/**
 * What `q` matches: the order number (any case, or its digits alone), the email (any case,
 * whole or part) or the phone number. Phones are stored as +2547XXXXXXXX (normalizeKenyanPhone),
 * so a whole number in any accepted form is normalised first; a part is compared digit by digit,
 * its leading 0 (the local trunk prefix) dropped so '0712 345' finds +254712345... Digits are
 * compared only when the search reads as a number: those of 'john26@x.com' are its email's.
 */
function searchCondition(q: string): SQL | undefined {
  const text = `%${likeLiteral(q)}%`;
  const digits = q.replace(/\D/g, '');
  const whole = normalizeKenyanPhone(q);
  const phoneDigits = whole ? whole.slice(1) : digits.replace(/^0/, '');
  const matches: SQL[] = [
    sql`${orders.orderNumber} ilike ${text}`,
    sql`${orders.email} ilike ${text}`,
  ];
  if (digits.length > 0 && ORDER_NUMBER_LIKE.test(q)) {
    matches.push(
      sql`regexp_replace(${orders.orderNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
    );
  }
  // A few digits would match most phones: a part of a number starts counting at four.
  if (phoneDigits.length >= 4 && PHONE_LIKE.test(q)) {
    matches.push(
      sql`regexp_replace(${orders.phoneNumber}, '[^0-9]', '', 'g') like ${`%${phoneDigits}%`}`,
    );
  }
  return or(...matches);
}

// The correlated subqueries below name their tables in plain SQL: in a one-table select Drizzle
// writes columns without their table, and "id" inside the subquery would be the line's own.

/** The WHERE of the admin's list and export; undefined when nothing narrows it. */
function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const { q, status, shopId, from, to } = filter;
  return and(
    q ? searchCondition(q) : undefined,
    status ? eq(orders.status, status) : undefined,
    shopId
      ? sql`exists (select 1 from order_lines l where l.order_id = orders.id and l.shop_id = ${shopId})`
      : undefined,
    from ? gte(orders.createdAt, nairobiDayStart(from)) : undefined,
    to ? lt(orders.createdAt, new Date(nairobiDayStart(to).getTime() + DAY_MS)) : undefined,
  );
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;

/** One page of the orders a filter keeps, newest first (admins); paged by the database. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  limit: number,
  offset = 0,
): Promise<Order[]> {
  // The page's ids first, from orders_created_idx alone (an index-only scan): OFFSET still
  // walks every skipped entry, but reading whole rows for them cost the last of 10,000 pages
  // 150 ms instead of 20 (bench/admin-orders.mjs). Then only the page's rows are read.
  // A filter is applied while walking that index, so the page still stops at its last row.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilterWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(...newestFirst);
  const ids = rows.map((row) => row.id);
  const [lines, parts] = await Promise.all([linesOf(db, ids), partsOf(db, ids)]);
  return rows.map((row) => orderView(row, lines.get(row.id) ?? [], parts.get(row.id) ?? []));
}

/** How many orders `listOrders` pages through with this filter. */
export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(orderFilterWhere(filter));
  return Number(row?.n ?? 0);
}

/** An order as the CSV export writes it. */
export type OrderExportRow = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'createdAt'
  | 'status'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'county'
  | 'city'
  | 'address'
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'payOnOrder'
  | 'refundReason'
> & { units: number };

/**
 * Every order a filter keeps, newest first, `batchSize` at a time: each batch starts after the
 * last one's final row (keyset paging on orders_created_idx), so the export never holds more
 * than one batch and never re-walks skipped rows the way OFFSET does. The cursor is the last
 * row's id, compared in SQL: a JavaScript Date would drop created_at's microseconds.
 */
export async function* exportOrders(
  db: Db,
  filter: OrderFilter,
  batchSize: number,
): AsyncGenerator<OrderExportRow[]> {
  let afterId: string | undefined;
  for (;;) {
    const after = afterId
      ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${afterId})`
      : undefined;
    const rows = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        firstName: orders.firstName,
        lastName: orders.lastName,
        email: orders.email,
        phoneNumber: orders.phoneNumber,
        county: orders.county,
        city: orders.city,
        address: orders.address,
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
        payOnOrder: orders.payOnOrder,
        refundReason: orders.refundReason,
        units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = orders.id)`,
      })
      .from(orders)
      .where(and(orderFilterWhere(filter), after))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    afterId = rows.at(-1)?.id;
  }
}

/**
 * A shop's part of each placed order (its owner's orders screen), with only that shop's lines
 * and `totalPrice` their sum: newest first, so a card stays where it is when its part moves
 * (the status filter finds those still to send); paged.
 */
export async function listShopOrders(
  db: Db,
  shopId: string,
  {
    page,
    pageSize,
    status,
    orderId,
  }: { page: number; pageSize: number; status?: PartStatus | undefined; orderId?: string },
): Promise<{ orders: ShopOrder[]; total: number }> {
  const where = and(
    eq(orderParts.shopId, shopId),
    notInArray(orders.status, [...UNPLACED_STATUSES]),
    status ? eq(orderParts.status, status) : undefined,
    orderId ? eq(orderParts.orderId, orderId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ order: orders, part: orderParts, shopName: shops.name, pkg: carrierPackages })
      .from(orderParts)
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .leftJoin(shops, eq(shops.id, orderParts.shopId))
      // The package of a part for an agent point, so the owner sees whether the carrier has it.
      .leftJoin(carrierPackages, eq(carrierPackages.partId, orderParts.id))
      .where(where)
      .orderBy(desc(orderParts.createdAt), desc(orderParts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderParts)
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .where(where),
  ]);
  const [lines, discountShares] = await Promise.all([
    linesOf(
      db,
      rows.map((row) => row.order.id),
    ),
    discountSharesOf(
      db,
      rows.flatMap(({ order }) => (!order.payOnOrder && order.discountCents > 0 ? [order] : [])),
    ),
  ]);
  const list = rows.map(({ order, part, shopName, pkg }) => {
    const shopLines = (lines.get(order.id) ?? []).filter((line) => line.shopId === shopId);
    const {
      subtotal: _s,
      discount: _d,
      shipping: _sh,
      parts: _p,
      ...view
    } = orderView(order, shopLines);
    return {
      ...view,
      totalPrice: fromCents(part.subtotalCents),
      part: partView({ ...part, shopName }),
      collect:
        order.payOnOrder || part.status === 'cancelled'
          ? null
          : fromCents(part.subtotalCents - (discountShares.get(part.id) ?? 0) + part.deliveryCents),
      carrierPackage: pkg ? packageState(pkg) : null,
    };
  });
  return { orders: list, total: Number(count?.n ?? 0) };
}

/**
 * Each part's share of its order's discount code in cents (by part id), for orders paid on
 * delivery whose shops collect the total between them at the door: a shop's own code is all on
 * its part, the marketplace's is shared by the parts' lines.
 */
async function discountSharesOf(
  db: Db,
  discounted: readonly { id: string; discountCents: number }[],
): Promise<Map<string, number>> {
  const shares = new Map<string, number>();
  if (discounted.length === 0) return shares;
  const parts = await db
    .select({
      id: orderParts.id,
      orderId: orderParts.orderId,
      subtotalCents: orderParts.subtotalCents,
      shopDiscountCents: orderParts.shopDiscountCents,
    })
    .from(orderParts)
    .where(
      inArray(
        orderParts.orderId,
        discounted.map((order) => order.id),
      ),
    )
    .orderBy(orderParts.createdAt, orderParts.id);
  for (const order of discounted) {
    const own = parts.filter((part) => part.orderId === order.id);
    const cents = partDiscountsCents(order.discountCents, own);
    own.forEach((part, index) => shares.set(part.id, cents[index] ?? 0));
  }
  return shares;
}

/** Every move of an order and of its parts, oldest first, with who made it (admins). */
export async function orderHistory(db: Db, orderId: string): Promise<OrderHistoryEntry[]> {
  if (!(await findOrder(db, orderId))) throw notFound(PROBLEM_TEXTS.orderNotFound);
  const rows = await db
    .select({
      change: orderStatusChanges,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      shopName: shops.name,
    })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.actorUserId))
    .leftJoin(orderParts, eq(orderParts.id, orderStatusChanges.partId))
    .leftJoin(shops, eq(shops.id, orderParts.shopId))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(orderStatusChanges.at, orderStatusChanges.id);
  return rows.map(({ change, firstName, lastName, email, shopName }) => {
    const name = [firstName, lastName].filter((part) => part?.trim()).join(' ');
    return {
      at: change.at.toISOString(),
      from: change.fromStatus,
      to: change.toStatus,
      actor: change.actor,
      actorName: name || email || null,
      shopName: change.partId ? (shopName ?? 'A closed shop') : null,
      note: change.note,
    };
  });
}

/**
 * What an order's messages say: the order as its page shows it, each item's shop (in the order
 * of `order.items`), who placed it and where, and who runs each of its shops.
 */
export type OrderForMessages = {
  order: Order;
  /** The shopper's language at checkout (decision 050): their messages are written in it. */
  locale: Locale;
  itemShops: readonly (string | null)[];
  userId: string | null;
  tenantId: string | null;
  owners: ReadonlyMap<string, ShopOwner>;
};

/** Who runs a shop: their account's email, and its phone once verified (else null). */
export type ShopOwner = { email: string; userId: string; verifiedPhone: string | null };

// The event follower reads every order of its round at once: statements a round, not an order
// (one per order fell behind 50 shoppers ordering; BENCHMARKS.md, "Issue 30").
const ORDERS_BY_IDS = buildStatement(
  sql`select * from ${orders} where id = any(${sql.placeholder('ids')}::uuid[])`,
);

/** What each of the orders' messages say (an id that names no order is left out). */
export async function ordersForMessages(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, OrderForMessages>> {
  const found = new Map<string, OrderForMessages>();
  if (orderIds.length === 0) return found;
  const ids = [...new Set(orderIds)];
  const rows = rowsOf<Record<string, unknown>>(await runStatement(db, ORDERS_BY_IDS, { ids })).map(
    (raw) => decodeRow(orders, raw),
  );
  const [linesByOrder, partsByOrder] = [await linesOf(db, ids), await partsOf(db, ids)];
  const shopIds = [
    ...new Set(
      [...partsByOrder.values()].flat().flatMap((part) => (part.shopId ? [part.shopId] : [])),
    ),
  ];
  const owners = new Map<string, ShopOwner>();
  if (shopIds.length > 0) {
    const shopRows = await db
      .select({
        id: shops.id,
        email: shops.ownerEmail,
        userId: shops.ownerId,
        phone: users.phone,
        verifiedAt: users.phoneVerifiedAt,
      })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(inArray(shops.id, shopIds));
    for (const shop of shopRows) {
      const verifiedPhone = shop.verifiedAt ? shop.phone : null;
      owners.set(shop.id, { email: shop.email, userId: shop.userId, verifiedPhone });
    }
  }
  for (const row of rows) {
    const lines = linesByOrder.get(row.id) ?? [];
    const parts = partsByOrder.get(row.id) ?? [];
    const ownersOfOrder = new Map<string, ShopOwner>();
    for (const part of parts) {
      const owner = part.shopId ? owners.get(part.shopId) : undefined;
      if (part.shopId && owner) ownersOfOrder.set(part.shopId, owner);
    }
    found.set(row.id, {
      order: orderView(row, lines, parts),
      locale: row.locale,
      itemShops: lines.map((line) => line.shopId),
      userId: row.userId,
      tenantId: row.tenantId,
      owners: ownersOfOrder,
    });
  }
  return found;
}
