// Orders as they are read back: the buyer's, an admin's list, and a shop owner's slice.
import {
  fromCents,
  REVIEWABLE_ORDER_STATUSES,
  UNPLACED_STATUSES,
  type Order,
  type ShopOrder,
} from '@soko/contract';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { orderLines, orders } from '../../platform/schema';

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

export function orderView(order: OrderRow, lines: readonly OrderLineRow[]): Order {
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
  };
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
  return orderView(order, (await linesOf(db, [order.id])).get(order.id) ?? []);
}

export async function readOrder(db: Db | Tx, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order not found.');
  return viewOf(db, order);
}

/** The products of a shopper's placed orders, newest first (their account page). */
export async function buyerOrderLines(db: Db, userId: string) {
  const lines = await db
    .select({ id: orders.id, productName: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    // An abandoned or failed checkout is not one of the person's orders.
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNPLACED_STATUSES])))
    .orderBy(desc(orders.createdAt), orderLines.position);
  return lines;
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
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.productId, productId),
        inArray(orders.status, [...REVIEWABLE_ORDER_STATUSES]),
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
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => orderView(row, lines.get(row.id) ?? []));
}

/** How many orders `listOrders` pages through. */
export async function countOrders(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return Number(row?.n ?? 0);
}

/** The placed orders holding a shop's products, with only that shop's lines (its owner's view). */
export async function listShopOrders(db: Db, shopId: string, limit: number): Promise<ShopOrder[]> {
  const rows = await db
    .selectDistinct({ order: orders })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.shopId, shopId), notInArray(orders.status, [...UNPLACED_STATUSES])))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  const lines = await linesOf(
    db,
    rows.map((row) => row.order.id),
  );
  return rows.map(({ order }) => {
    const shopLines = (lines.get(order.id) ?? []).filter((line) => line.shopId === shopId);
    const { subtotal: _s, discount: _d, shipping: _sh, ...view } = orderView(order, shopLines);
    const totalCents = shopLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    return { ...view, totalPrice: fromCents(totalCents) };
  });
}
