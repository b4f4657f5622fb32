// Orders as they are read back: the buyer's, an admin's list, and a shop owner's slice.
import {
  fromCents,
  REVIEWABLE_ORDER_STATUSES,
  UNPLACED_STATUSES,
  type Order,
  type OrderHistoryEntry,
  type OrderPart,
  type PartStatus,
  type ShopOrder,
} from '@soko/contract';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import {
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

/** Each order's parts with their shops' names, in the order the shops first appear. */
export async function partsOf(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<Map<string, OrderPartRow[]>> {
  const byOrder = new Map<string, OrderPartRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ part: orderParts, shopName: shops.name })
    .from(orderParts)
    .leftJoin(shops, eq(shops.id, orderParts.shopId))
    .where(inArray(orderParts.orderId, [...orderIds]))
    .orderBy(orderParts.orderId, orderParts.createdAt, orderParts.id);
  for (const { part, shopName } of rows) {
    const list = byOrder.get(part.orderId) ?? [];
    list.push({ ...part, shopName });
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
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(orderLines.orderId, orderLines.position);
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

export async function findOrder(db: Db | Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** One order with its lines, as the API answers it. */
export async function viewOf(db: Db | Tx, order: OrderRow): Promise<Order> {
  const [lines, parts] = await Promise.all([linesOf(db, [order.id]), partsOf(db, [order.id])]);
  return orderView(order, lines.get(order.id) ?? [], parts.get(order.id) ?? []);
}

export async function readOrder(db: Db | Tx, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order not found.');
  return viewOf(db, order);
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
 * The buyer's own order that proves they received a product (the reviews rule), oldest first so
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
      ),
    )
    .orderBy(orders.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/** One page of every order, newest first (admins); paged by the database. */
export async function listOrders(db: Db, limit: number, offset = 0): Promise<Order[]> {
  const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
  // The page's ids first, from orders_created_idx alone (an index-only scan): OFFSET still
  // walks every skipped entry, but reading whole rows for them cost the last of 10,000 pages
  // 150 ms instead of 20 (bench/admin-orders.mjs). Then only the page's rows are read.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
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

/** How many orders `listOrders` pages through. */
export async function countOrders(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return Number(row?.n ?? 0);
}

/**
 * A shop's part of each placed order (its owner's orders screen), with only that shop's lines
 * and `totalPrice` their sum: parts still to send first, then newest first; paged.
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
      .select({ order: orders, part: orderParts, shopName: shops.name })
      .from(orderParts)
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .leftJoin(shops, eq(shops.id, orderParts.shopId))
      .where(where)
      .orderBy(
        sql`${orderParts.status} <> 'confirmed'`,
        desc(orderParts.createdAt),
        desc(orderParts.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderParts)
      .innerJoin(orders, eq(orders.id, orderParts.orderId))
      .where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.order.id),
  );
  const list = rows.map(({ order, part, shopName }) => {
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
    };
  });
  return { orders: list, total: Number(count?.n ?? 0) };
}

/** Every move of an order and of its parts, oldest first, with who made it (admins). */
export async function orderHistory(db: Db, orderId: string): Promise<OrderHistoryEntry[]> {
  if (!(await findOrder(db, orderId))) throw notFound('Order not found.');
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
