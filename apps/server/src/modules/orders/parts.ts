// Each shop fulfils its part of an order on its own (DESIGN "Order parts"): its owner, or an
// admin, marks it shipped, delivered or cancelled, and the order's own state follows its parts
// through the one transition table. Every move of a part is kept in the order's history.
import {
  PROBLEM_TEXTS,
  isUuid,
  orderStateOfParts,
  PART_ACTIONS,
  UNPLACED_STATUSES,
  type OrderStatus,
  type PartAction,
  type PartActionBody,
  type PartStatus,
  type ShopOrder,
} from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { orderParts, orderStatusChanges } from '../../platform/schema';
import { queuePackage } from '../delivery';
import { listShopOrders, lockOrderRow, type OrderRow } from './queries';
import { returnStock, orderStockMoves, uncountUnitsSold } from './stock';
import { flagRefund, moveOrder, type Actor } from './transitions';

const orderNotFound = () => notFound(PROBLEM_TEXTS.orderNotFound);
const label = (status: OrderStatus) => status.replaceAll('_', ' ');

/**
 * What the shopper gets back for a cancelled part of a paid order: its lines, less their share
 * of the order's discount (its own delivery fee is added by the caller, decision 035). A shop's
 * own code is all on its part; the marketplace's is shared by the parts' lines.
 */
export function partRefundCents(
  order: Pick<OrderRow, 'subtotalCents' | 'discountCents'>,
  part: { subtotalCents: number; shopDiscountCents: number },
  shopDiscountsCents: number,
): number {
  if (order.subtotalCents <= 0) return 0;
  const shared = Math.max(order.discountCents - shopDiscountsCents, 0);
  const discountShare =
    part.shopDiscountCents + Math.round((shared * part.subtotalCents) / order.subtotalCents);
  return Math.max(part.subtotalCents - discountShare, 0);
}

/**
 * Every move of an order or any of its parts takes the order's row first: two owners acting at
 * once, or an owner and a payment notification, take turns. Shops see placed orders only.
 */
async function lockOrder(tx: Tx, orderId: string, { placed }: { placed: boolean }) {
  if (!isUuid(orderId)) throw orderNotFound();
  const order = await lockOrderRow(tx, orderId);
  if (!order || (placed && (UNPLACED_STATUSES as readonly string[]).includes(order.status))) {
    throw orderNotFound();
  }
  return order;
}

/** POST /api/property/shop/{shopId}/orders/{orderId}/{action}: one shop's part moves. */
export async function movePart(
  db: Db,
  shopId: string,
  orderId: string,
  action: PartAction,
  body: PartActionBody,
  actor: Actor,
): Promise<ShopOrder> {
  const { from, to } = PART_ACTIONS[action];
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, { placed: true });
    const [part] = await tx
      .select()
      .from(orderParts)
      .where(and(eq(orderParts.orderId, orderId), eq(orderParts.shopId, shopId)))
      .for('update');
    if (!part) throw orderNotFound();
    if (part.status !== from) {
      throw conflict(
        'order_state',
        `This shop's part of the order is ${label(part.status)}: it cannot be marked ${label(to)}.`,
        { from: part.status, to },
      );
    }
    let refundCents = 0;
    if (to === 'cancelled') {
      // Its goods never left: back on sale, and no longer counted as sold.
      const lines = await orderStockMoves(tx, orderId, { shopId, without: [] });
      await returnStock(tx, lines);
      await uncountUnitsSold(tx, lines);
      // Its delivery fee too: the shop never sent it, and its ledger gives the fee back.
      if (order.paidAt) {
        const [own] = await tx
          .select({ cents: sql<number>`coalesce(sum(${orderParts.shopDiscountCents}), 0)::int` })
          .from(orderParts)
          .where(eq(orderParts.orderId, orderId));
        refundCents = partRefundCents(order, part, Number(own?.cents ?? 0)) + part.deliveryCents;
      }
    }
    // A part for a carrier's agent point gets its package, once (decision 036): sent after
    // this commits; the parcel may go by hand meanwhile.
    if (to === 'shipped' && part.pickupCounter?.carrier && part.shopId) {
      await queuePackage(tx, {
        partId: part.id,
        orderId,
        shopId: part.shopId,
        carrier: part.pickupCounter.carrier,
      });
    }
    const trackingNote = body.trackingNote?.trim() ? body.trackingNote.trim() : part.trackingNote;
    await tx
      .update(orderParts)
      .set({ status: to, trackingNote, refundCents, updatedAt: new Date() })
      .where(eq(orderParts.id, part.id));
    const noteParts = [
      body.trackingNote?.trim() ? `tracking: ${body.trackingNote.trim()}` : '',
      body.note?.trim() ?? '',
    ].filter(Boolean);
    await tx.insert(orderStatusChanges).values({
      orderId,
      partId: part.id,
      fromStatus: from,
      toStatus: to,
      actor: actor.kind,
      actorUserId: actor.userId ?? null,
      note: noteParts.length > 0 ? noteParts.join('; ') : null,
    });
    await orderFollowsParts(tx, order, actor, to === 'cancelled' && refundCents > 0);
  });
  const { orders: [moved] = [] } = await listShopOrders(db, shopId, {
    page: 1,
    pageSize: 1,
    orderId,
  });
  if (!moved) throw orderNotFound();
  return moved;
}

/**
 * The carrier says a part's package was handed to the shopper: the part moves to delivered by
 * the same move an owner makes (its history, event and messages follow). A part already moved
 * (delivered by hand, say) stays as it is.
 */
export async function deliverPartForCarrier(
  db: Db,
  shopId: string,
  orderId: string,
): Promise<void> {
  try {
    await movePart(
      db,
      shopId,
      orderId,
      'deliver',
      { note: 'delivered at the agent point (carrier)' },
      {
        kind: 'system',
      },
    );
  } catch (error) {
    // Moved meanwhile, or no longer there (a deleted shop's part): nothing left to deliver, and
    // an error would only have the carrier send the same webhook again and again.
    if (error instanceof AppError && (error.code === 'order_state' || error.code === 'not_found')) {
      return;
    }
    throw error;
  }
}

/** The order takes the state its parts add up to; a part cancelled after payment is owed back. */
async function orderFollowsParts(tx: Tx, order: OrderRow, actor: Actor, partRefundOwed: boolean) {
  const parts = await tx
    .select({ status: orderParts.status })
    .from(orderParts)
    .where(eq(orderParts.orderId, order.id));
  // The column holds only part states (a CHECK constraint says so).
  const target = orderStateOfParts(parts.map((part) => part.status as PartStatus));
  const followed =
    target === order.status
      ? order
      : await moveOrder(tx, order, target, actor, { note: 'follows its parts' });
  // Every part cancelled: the order is, and a paid one is owed back whole (the table flags it).
  // Otherwise the cancelled part alone is owed back.
  if (partRefundOwed && target !== 'cancelled') {
    await flagRefund(tx, followed, 'part_cancelled', actor);
  }
}

/**
 * POST /api/order/{orderId}/cancel (admin): the whole order. Before it is confirmed (unpaid, or
 * paid and not yet confirmed) it is simply cancelled; once confirmed, every part not yet sent is, and nothing may be cancelled once any
 * of it has left a shop.
 */
export async function cancelOrder(
  db: Db,
  orderId: string,
  note: string | undefined,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    // An admin may also close an order still waiting for its payment.
    const order = await lockOrder(tx, orderId, { placed: false });
    if (order.status === 'confirmed') {
      const [sent] = await tx
        .select({ id: orderParts.id })
        .from(orderParts)
        .where(and(eq(orderParts.orderId, orderId), eq(orderParts.status, 'shipped')))
        .limit(1);
      if (sent) {
        throw conflict(
          'order_state',
          'Part of this order has been sent: cancel the parts still to send one by one.',
        );
      }
    }
    await moveOrder(tx, order, 'cancelled', actor, note ? { note } : {});
  });
}
