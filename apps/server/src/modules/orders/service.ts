// Orders: the server prices every order from the database, takes its stock and its discount
// code's use in the same transaction, and confirms it once. The client's figures are claims to
// check, never amounts to charge.
import {
  discountCodeAmountCents,
  discountedPriceCents,
  formatKsh,
  fromCents,
  grandTotalCents,
  normalizeKenyanPhone,
  shippingCents,
  toCents,
  toShippingOption,
  type CheckoutForm,
  type CreateOrderBody,
  type CreateOrderResponse,
  type FinalCheckoutBody,
  type Order,
  type TotalMismatchDetails,
  variantLabel,
} from '@soko/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { orderLines, orders, products, productVariants, shops } from '../../platform/schema';
import { orderNumberSql } from './order-number';
import {
  findUsableCode,
  giveBackCodeUse,
  INVALID_CODE_MESSAGE,
  takeCodeUse,
} from './discount-codes';
import { findOrder, readOrder, viewOf, type OrderRow } from './queries';
import {
  countUnitsSold,
  lineLabel,
  orderStockMoves,
  returnStock,
  takeStock,
  type StockMove,
} from './stock';

const MINUTE_MS = 60_000;
/** A pay-on-delivery order holds its stock this long for its final checkout (DESIGN.md). */
export const PAY_ON_DELIVERY_HOLD_MINUTES = 60;

export type OrderSettings = { orderHoldMinutes: number };

type PricedLine = {
  productId: string;
  variantId: string | null;
  shopId: string;
  name: string;
  variantLabel: string | null;
  unitPriceCents: number;
  quantity: number;
  payOnOrder: boolean;
};

const invalidLine = (index: number, field: string, message: string) =>
  new AppError(400, 'validation_failed', message, {
    fields: { [`items.${index}.${field}`]: message },
  });

/** Reads each line's product and variant (one query) and prices it from the database. */
async function priceLines(tx: Tx, items: CreateOrderBody['items']): Promise<PricedLine[]> {
  const productIds = [...new Set(items.map((item) => item.productId))];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      discounts: products.discounts,
      shopId: products.shopId,
      payOnOrder: shops.payOnOrder,
      variantId: productVariants.id,
      variantName: productVariants.name,
      variantSize: productVariants.size,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(inArray(products.id, productIds));
  const productRows = rows.filter((row, i) => rows.findIndex((other) => other.id === row.id) === i);
  const variantRows = rows.flatMap((row) =>
    row.variantId === null
      ? []
      : [
          {
            id: row.variantId,
            productId: row.id,
            name: row.variantName ?? '',
            size: row.variantSize ?? '',
          },
        ],
  );

  return items.map((item, index) => {
    const product = productRows.find((row) => row.id === item.productId);
    if (!product) {
      throw new AppError(404, 'not_found', 'An item in your cart is no longer sold.', {
        details: { productId: item.productId, variantId: item.selectedVariant },
      });
    }
    const variants = variantRows.filter((row) => row.productId === product.id);
    let label: string | null = null;
    if (variants.length > 0) {
      const variant = variants.find((row) => row.id === item.selectedVariant);
      if (!variant)
        throw invalidLine(index, 'selectedVariant', `Choose an option of ${product.name}.`);
      label = variantLabel(variant) || null;
    } else if (item.selectedVariant !== null) {
      throw invalidLine(index, 'selectedVariant', `${product.name} has no options to choose.`);
    }
    return {
      productId: product.id,
      variantId: variants.length > 0 ? item.selectedVariant : null,
      shopId: product.shopId,
      name: product.name,
      variantLabel: label,
      unitPriceCents: discountedPriceCents(product.priceCents, product.discounts),
      quantity: item.quantity,
      payOnOrder: product.payOnOrder,
    };
  });
}

const stockMoves = (lines: readonly PricedLine[]): StockMove[] =>
  lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    label: lineLabel(line.name, line.variantLabel),
  }));

type Figures = {
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
};

/** 409 total_mismatch with the server's figures, so the checkout can show what changed. */
function totalMismatch(
  message: string,
  figures: Figures,
  items: TotalMismatchDetails['items'],
): AppError {
  const details: TotalMismatchDetails = {
    expected: fromCents(figures.totalCents),
    subtotal: fromCents(figures.subtotalCents),
    discount: fromCents(figures.discountCents),
    shipping: fromCents(figures.shippingCents),
    items,
  };
  return conflict('total_mismatch', message, details);
}

/** The checkout form as the order's delivery and contact columns (the phone as +254…). */
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
  };
}

/**
 * The order's figures from the database: each line's price, the code's amount, shipping and the
 * total. A client total or discount that differs is refused with the server's figures (409).
 */
async function priceOrder(tx: Tx, body: CreateOrderBody, now: Date) {
  const lines = await priceLines(tx, body.items);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  const codeText = body.discountCode?.trim() ?? '';
  const code = codeText ? await findUsableCode(tx, codeText, now) : null;
  if (codeText && !code) {
    throw new AppError(400, 'validation_failed', INVALID_CODE_MESSAGE, {
      fields: { discountCode: INVALID_CODE_MESSAGE },
    });
  }
  const discountCents = code ? discountCodeAmountCents(code, subtotalCents) : 0;
  const shippingOption = toShippingOption(body.shipping);
  const shipping = shippingCents(shippingOption);
  const totalCents = grandTotalCents({ subtotalCents, discountCents, shippingCents: shipping });

  if (toCents(body.totalPrice) !== totalCents || toCents(body.discount) !== discountCents) {
    throw totalMismatch(
      `Prices have changed: the total is now ${formatKsh(fromCents(totalCents))}.`,
      { totalCents, subtotalCents, discountCents, shippingCents: shipping },
      lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        price: fromCents(line.unitPriceCents),
      })),
    );
  }

  return { lines, code, subtotalCents, discountCents, shippingOption, shipping, totalCents };
}

/**
 * POST /api/order/create. Reads come first and take no locks; the stock rows are locked last, so
 * a hot product stays locked only until the commit just after.
 */
export async function createOrder(
  db: Db,
  body: CreateOrderBody,
  caller: Caller | null,
  settings: OrderSettings,
  now = new Date(),
): Promise<CreateOrderResponse> {
  return db
    .transaction(async (tx) => {
      const { lines, code, subtotalCents, discountCents, shippingOption, shipping, totalCents } =
        await priceOrder(tx, body, now);
      const payOnOrder = lines.some((line) => line.payOnOrder);
      const holdMinutes = payOnOrder ? settings.orderHoldMinutes : PAY_ON_DELIVERY_HOLD_MINUTES;
      const holdUntil = new Date(now.getTime() + holdMinutes * MINUTE_MS);
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: orderNumberSql(now),
          userId: caller?.id ?? null,
          status: 'pending_payment',
          payOnOrder,
          subtotalCents,
          discountCents,
          shippingCents: shipping,
          totalCents,
          shippingOption,
          discountCodeId: code?.id ?? null,
          holdUntil,
        })
        .returning();
      if (!order) throw new Error('order insert returned nothing');
      await tx.insert(orderLines).values(
        lines.map((line, position) => ({
          orderId: order.id,
          productId: line.productId,
          variantId: line.variantId,
          shopId: line.shopId,
          name: line.name,
          variantLabel: line.variantLabel,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          position,
        })),
      );
      // Last: the locks these take are held only until the commit.
      await takeStock(tx, stockMoves(lines));
      if (code) await takeCodeUse(tx, code, now);
      return {
        _id: order.id,
        orderId: order.orderNumber,
        status: order.status,
        totalPrice: fromCents(totalCents),
        payOnOrder,
        holdUntil: holdUntil.toISOString(),
      };
    })
    .catch((error: unknown) => {
      // A product deleted between pricing and the insert: its line can no longer point at it.
      if (isForeignKeyViolation(error)) {
        throw new AppError(404, 'not_found', 'An item in your cart is no longer sold.');
      }
      throw error;
    });
}

function isForeignKeyViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === '23503' || isForeignKeyViolation(e.cause, depth + 1);
}

/**
 * Whose order it is: a signed-in shopper's order only for them (or an admin); an anonymous order
 * for whoever holds its random id.
 */
export function assertMayUse(order: OrderRow, caller: Caller | null): void {
  if (!order.userId || caller?.role === 'admin' || caller?.id === order.userId) return;
  if (!caller) throw new AppError(401, 'unauthorized', 'Please sign in to see this order.');
  throw new AppError(403, 'forbidden', 'This order belongs to another account.');
}

/** Gives an open order's stock and code use back and marks it expired (inside `tx`). */
async function expireLocked(tx: Tx, order: OrderRow): Promise<void> {
  await returnStock(tx, await orderStockMoves(tx, order.id));
  if (order.discountCodeId) await giveBackCodeUse(tx, order.discountCodeId);
  await tx
    .update(orders)
    .set({ status: 'expired', holdUntil: null, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
}

const CONFIRMED_STATES = new Set(['confirmed', 'shipped', 'delivered']);

/** POST /api/order/checkout: confirms the order with the delivery form; sent twice, same order. */
export async function checkoutOrder(
  db: Db,
  body: FinalCheckoutBody,
  caller: Caller | null,
  now = new Date(),
): Promise<{ order: Order; confirmedNow: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, body.orderId)).for('update');
    if (!order) throw notFound('Order not found.');
    assertMayUse(order, caller);

    // Already confirmed: the repeat of a call whose answer was lost. Nothing changes.
    if (CONFIRMED_STATES.has(order.status)) return { confirmedNow: false };

    if (order.status === 'pending_payment' && order.holdUntil && order.holdUntil <= now) {
      await expireLocked(tx, order);
      return { expired: true };
    }
    if (order.status === 'pending_payment' && order.payOnOrder) {
      throw conflict('payment_required', 'This order must be paid online before it is confirmed.');
    }
    if (order.status === 'paid' && order.needsRefund) {
      throw conflict(
        'order_closed',
        'Your payment arrived after the items sold out: the shop will refund it.',
      );
    }
    if (order.status !== 'pending_payment' && order.status !== 'paid') {
      throw conflict('order_closed', 'This order can no longer be completed. Please order again.');
    }

    const claimed = {
      totalCents: toCents(body.totalPrice),
      discountCents: toCents(body.discount),
      shipping: toShippingOption(body.shipping),
    };
    if (
      claimed.totalCents !== order.totalCents ||
      claimed.discountCents !== order.discountCents ||
      claimed.shipping !== order.shippingOption
    ) {
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

    await tx
      .update(orders)
      .set({
        status: 'confirmed',
        confirmedAt: now,
        holdUntil: null,
        ...deliveryColumns(body),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await countUnitsSold(tx, await orderStockMoves(tx, order.id));
    return { confirmedNow: true };
  });
  // The expiry is committed before the shopper hears of it, so the stock is really back.
  if ('expired' in result) {
    throw conflict('order_closed', 'This order has expired. Please place your order again.');
  }
  return { order: await readOrder(db, body.orderId), confirmedNow: result.confirmedNow };
}

/**
 * Expires open orders whose hold has passed, giving their stock and code uses back. Rows another
 * process is already handling are skipped, so several servers may sweep at once.
 */
export async function expireOverdueOrders(db: Db, now = new Date(), batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment'), lt(orders.holdUntil, now)))
      .orderBy(orders.holdUntil)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const order of overdue) await expireLocked(tx, order);
    return overdue.length;
  });
}

/** GET /api/orders/{id}: the buyer's view of one order. */
export async function readOwnOrder(db: Db, id: string, caller: Caller | null): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order not found.');
  assertMayUse(order, caller);
  return viewOf(db, order);
}
