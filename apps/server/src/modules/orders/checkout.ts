// Checkout: whose order it is, the figures a client claims against the order's own, the
// delivery form as the order's columns, and the final checkout that confirms the order.
import {
  problemText,
  PROBLEM_TEXTS,
  formatKsh,
  fromCents,
  normalizeKenyanPhone,
  normalizeKraPin,
  SOLD_STATUSES,
  toCents,
  toShippingOption,
  type CheckoutForm,
  type ShippingInput,
  type FinalCheckoutBody,
  type Order,
} from '@soko/contract';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { findOrder, lockOrderRow, viewOf, type OrderRow } from './queries';
import { moveOrder, type Actor } from './transitions';
import { totalMismatch } from './pricing';

/**
 * The checkout form as the order's delivery and contact columns (the phone as +254…, the buyer's
 * KRA PIN upper case).
 */
export function deliveryColumns(form: CheckoutForm) {
  return {
    email: form.email,
    firstName: form.firstName,
    middleName: form.middleName,
    lastName: form.lastName,
    country: form.country,
    county: form.county,
    city: form.city,
    address: form.address,
    postalCode: form.postalcode,
    phoneNumber: normalizeKenyanPhone(form.phoneNumber) ?? form.phoneNumber,
    // For the receipts (decision 045): upper case, '' as none.
    buyerKraPin: normalizeKraPin(form.buyerKraPin),
  };
}

const shopper = (caller: Caller | null): Actor => ({ kind: 'shopper', userId: caller?.id ?? null });

/**
 * Whose order it is: a signed-in shopper's order only for them (or an admin); an anonymous order
 * for whoever holds its random id. Anyone else is told what an unknown id is told (404), so an
 * id reveals nothing about orders that are not the caller's.
 */
function assertMayUse(order: OrderRow, caller: Caller | null): void {
  if (!order.userId || caller?.role === 'admin' || caller?.id === order.userId) return;
  throw notFound(PROBLEM_TEXTS.orderNotFound);
}

/** The order as its buyer may see it, or 404 when it is not the caller's. */
export async function findOwnOrder(
  db: Db | Tx,
  orderId: string,
  caller: Caller | null,
): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  assertMayUse(order, caller);
  return order;
}

/** An order read in `tx` and locked until its commit, or 404 when it is not the caller's. */
export async function lockOrder(tx: Tx, orderId: string, caller: Caller | null): Promise<OrderRow> {
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  assertMayUse(order, caller);
  return order;
}

/** The figures a client says it is paying, checked against the order's own (409 when they differ). */
export type ClaimedFigures = {
  totalPrice?: number | undefined;
  discount?: number | undefined;
  shipping?: ShippingInput | undefined;
};

export async function checkClaims(tx: Tx, order: OrderRow, claimed: ClaimedFigures): Promise<void> {
  const differs =
    (claimed.totalPrice !== undefined && toCents(claimed.totalPrice) !== order.totalCents) ||
    (claimed.discount !== undefined && toCents(claimed.discount) !== order.discountCents) ||
    (claimed.shipping !== undefined && toShippingOption(claimed.shipping) !== order.shippingOption);
  if (!differs) return;
  const { items } = await viewOf(tx, order);
  throw totalMismatch(
    `The order's total is ${formatKsh(fromCents(order.totalCents))}.`,
    order,
    items.map((line) => ({
      productId: line.productId,
      variantId: line.selectedVariant,
      price: line.price,
    })),
  );
}

/**
 * The delivery form against where the order was priced to go (decision 035), from the order's
 * own row (no round trip more): a part going to a door needs the street address, and an order
 * priced for a county is delivered there (its fees were that county's). An order collected
 * only at counters needs no address.
 */
export function checkDestination(
  order: OrderRow,
  form: Pick<FinalCheckoutBody, 'address' | 'city' | 'county'>,
): void {
  if (order.pickupOnly) return;
  const missing: Record<string, string> = {};
  if (!form.address) missing.address = PROBLEM_TEXTS.required;
  if (!form.city) missing.city = PROBLEM_TEXTS.required;
  if (Object.keys(missing).length > 0) {
    throw new AppError(400, 'validation_failed', PROBLEM_TEXTS.deliverWhere, {
      fields: missing,
    });
  }
  if (order.pricedCounty !== null && order.pricedCounty !== form.county) {
    const priced = order.pricedCounty;
    const message = problemText('deliveryCountyChanged', { priced, county: form.county });
    throw new AppError(409, 'delivery_county_changed', message, {
      fields: { county: message },
      details: { county: priced },
    });
  }
}

/** POST /api/order/checkout: confirms the order with the delivery form; sent twice, same order. */
export async function checkoutOrder(
  db: Db,
  body: FinalCheckoutBody,
  caller: Caller | null,
  now = new Date(),
): Promise<{ order: Order; confirmedNow: boolean }> {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId, caller);

    // Already confirmed: the repeat of a call whose answer was lost. Nothing changes.
    if (SOLD_STATUSES.has(order.status)) return { confirmedNow: false, order };

    if (order.status === 'pending_payment' && order.holdUntil && order.holdUntil <= now) {
      await moveOrder(tx, order, 'expired', { kind: 'system' }, { now });
      return { expired: true };
    }
    if (order.status === 'pending_payment' && order.payOnOrder) {
      throw conflict('payment_required', PROBLEM_TEXTS.mustPayOnline);
    }
    if (order.refundReason === 'sold_out_after_payment') {
      throw conflict(
        'order_closed',
        'Your payment arrived after the items sold out: the shop will refund it.',
      );
    }
    if (order.status !== 'pending_payment' && order.status !== 'paid') {
      throw conflict('order_closed', PROBLEM_TEXTS.orderNoLongerCompleted);
    }
    await checkClaims(tx, order, body);
    checkDestination(order, body);
    const confirmed = await moveOrder(tx, order, 'confirmed', shopper(caller), {
      set: deliveryColumns(body),
      now,
    });
    return { confirmedNow: true, order: confirmed };
  });
  // The expiry is committed before the shopper hears of it, so the stock is really back.
  if ('expired' in result) {
    throw conflict('order_closed', PROBLEM_TEXTS.orderExpired);
  }
  // The order as this transaction left it (its row locked until the commit), so only its lines
  // and parts are read again.
  return { order: await viewOf(db, result.order), confirmedNow: result.confirmedNow };
}

/** GET /api/orders/{id}: the buyer's view of one order. */
export async function readOwnOrder(db: Db, id: string, caller: Caller | null): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound(PROBLEM_TEXTS.orderNotFound);
  assertMayUse(order, caller);
  return viewOf(db, order);
}
