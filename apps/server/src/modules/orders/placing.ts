// Placing an order: priced first (pricing.ts), then one statement, built once per shape, writes
// the order, its lines and parts, takes its stock and its discount code's use, or refuses the
// whole of it (decisions 023 and 025).
import {
  DEFAULT_LOCALE,
  PROBLEM_TEXTS,
  fromCents,
  NOT_RECOVERABLE_MESSAGE,
  type CreateOrderBody,
  type CreateOrderResponse,
  type Locale,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type Query } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import {
  buildStatement,
  encodeColumn,
  hasPgErrorCode,
  pgErrorOf,
  rowsOf,
  runStatement,
  type Db,
} from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { orderLines, orderParts, orders } from '../../platform/schema';
import { orderNumberPrefix, orderNumberSql } from './order-number';
import {
  codeFieldError,
  codeUseSql,
  CODE_USED_BY_SHOPPER_MESSAGE,
  INVALID_CODE_MESSAGE,
  shopperUseSql,
} from './discount-codes';
import {
  checkTaken,
  lineLabel,
  stockChainSql,
  stockSteps,
  stockValues,
  type StockMove,
  type StockStep,
} from './stock';
import { placedChange } from './transitions';
import type { CachedCarrier } from '../delivery';
import { priceOrder, type PricedLine } from './pricing';
import {
  heldUnits,
  tooManyHeld,
  tooManyOpenOrders,
  tooManyOpenOrdersFromAddress,
  type OrderSettings,
} from './holds';

const MINUTE_MS = 60_000;
/** A pay-on-delivery order holds its stock this long for its final checkout (DESIGN.md). */
export const PAY_ON_DELIVERY_HOLD_MINUTES = 60;

/**
 * Who is ordering: the signed-in caller, the key their open orders are counted under (the
 * account, else the device), and their network address's key (the far higher bounds).
 */
export type Orderer = {
  caller: Caller | null;
  clientKey: string;
  networkKey: string;
  /** The storefront it is placed at (its messages come from that shop); null: the default. */
  tenantId?: string | null;
  /**
   * The language the shopper chose (the `lang` cookie the checkout's call carried; decision 050):
   * its messages and receipts are written in it. Null when the call named none Soko speaks.
   */
  locale?: Locale | null;
};

const stockMoves = (lines: readonly PricedLine[]): StockMove[] =>
  lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    label: lineLabel(line.name, line.variantLabel),
  }));

/** Why the order's statement refused it (soko_refuse_order), with its DETAIL. */
function orderRefusal(error: unknown): { reason: string; detail: string } | null {
  const refused = pgErrorOf(error, 'SK409');
  const reason = /order refused: (\w+)/.exec(refused?.message ?? '')?.[1];
  return reason ? { reason, detail: refused?.detail ?? '' } : null;
}

/** What an order statement's text depends on; every other figure in it is a placeholder. */
type OrderShape = {
  lines: number;
  parts: number;
  /** The kind of each stock row the order takes, in lock order. */
  stock: readonly StockStep['kind'][];
  code: boolean;
  /** The code limits uses per shopper (discount_code_uses). */
  perShopper: boolean;
};

/** Shapes seen, bounded: a cart holds few lines, so a few dozen shapes cover nearly every order. */
const orderStatements = new Map<string, Query>();
const MAX_ORDER_SHAPES = 256;

/**
 * The order's one statement for its shape, built once and then only bound (createOrder fills the
 * placeholders). Building it with Drizzle on every order cost the server more CPU than the rest
 * of the order put together (BENCHMARKS.md, issue 16).
 *
 * The client's lock comes first (client_orders), then the stock rows one after another
 * (stock.ts), so every order statement takes its locks in one order; all of them are held only
 * until this statement commits. Its last step refuses the whole statement, inserts and stock
 * together, when the stock ran short, the code's last use went meanwhile or the client already
 * holds too many open orders (in that order of precedence, as a shopper fixes them).
 */
function orderStatement(db: Db, shape: OrderShape): Query {
  const key = `${shape.lines}/${shape.parts}/${shape.stock.join(',')}/${shape.code}/${shape.perShopper}`;
  const cached = orderStatements.get(key);
  if (cached) return cached;

  const p = sql.placeholder;
  const placeOrder = db.insert(orders).values({
    id: p('orderId'),
    orderNumber: orderNumberSql(p('numberPrefix')),
    userId: p('userId'),
    status: 'pending_payment',
    payOnOrder: p('payOnOrder'),
    subtotalCents: p('subtotalCents'),
    discountCents: p('discountCents'),
    shippingCents: p('shippingCents'),
    totalCents: p('totalCents'),
    shippingOption: p('shippingOption'),
    pricedCounty: p('pricedCounty'),
    pickupOnly: p('pickupOnly'),
    discountCodeId: p('discountCodeId'),
    holdUntil: p('holdUntil'),
    clientKey: p('clientKey'),
    networkKey: p('networkKey'),
    tenantId: p('tenantId'),
    recoveredFrom: p('recoveredFrom'),
    locale: p('locale'),
  });
  const placeLines = db.insert(orderLines).values(
    Array.from({ length: shape.lines }, (_, i) => ({
      orderId: p('orderId'),
      productId: p(`line_${i}_productId`),
      variantId: p(`line_${i}_variantId`),
      shopId: p(`line_${i}_shopId`),
      name: p(`line_${i}_name`),
      variantLabel: p(`line_${i}_variantLabel`),
      imageUrl: p(`line_${i}_imageUrl`),
      unitPriceCents: p(`line_${i}_unitPriceCents`),
      quantity: p(`line_${i}_quantity`),
      position: i,
      taxType: p(`line_${i}_taxType`),
    })),
  );
  const placeParts = db.insert(orderParts).values(
    Array.from({ length: shape.parts }, (_, i) => ({
      orderId: p('orderId'),
      shopId: p(`part_${i}_shopId`),
      subtotalCents: p(`part_${i}_subtotalCents`),
      shopDiscountCents: p(`part_${i}_shopDiscountCents`),
      deliveryCents: p(`part_${i}_deliveryCents`),
      deliveryCounty: p(`part_${i}_deliveryCounty`),
      // Raw: a jsonb column's encoding would write a null as the JSON value null (decision 025).
      pickupCounter: sql`${p(`part_${i}_pickupCounter`)}::jsonb`,
    })),
  );
  const stock = stockChainSql(db, shape.stock, sql`client_orders`);
  const codeUse = shape.code ? codeUseSql(db, p('codeId'), p('now')) : null;
  const shopperUse = shape.perShopper ? shopperUseSql(p('codeId'), p('clientKey')) : null;
  const statement = buildStatement(sql`
    with client_orders as (
        select * from soko_lock_client_orders(${p('clientKey')}, ${p('networkKey')}, ${p('orderId')},
          ${p('now')}, ${p('maxOpenOrders')}, ${p('maxOpenOrdersPerAddress')},
          ${p('heldProducts')}::uuid[], ${p('heldProductUnits')}::integer[], ${p('heldProductMax')}::integer[],
          ${p('heldShops')}::uuid[], ${p('heldShopUnits')}::integer[], ${p('heldShopMax')}::integer[],
          ${p('addressHoldFactor')})),
      placed as (${placeOrder.returning({ orderNumber: orders.orderNumber }).getSQL()}),
      placed_lines as (${placeLines.getSQL()}),
      placed_parts as (${placeParts.getSQL()}),
      history as (${placedChange(db, p('orderId'), p('userId')).getSQL()}),
      ${codeUse ? sql`code_use as (${codeUse.getSQL()}),` : sql``}
      ${shopperUse ? sql`shopper_use as (${shopperUse}),` : sql``}
      ${stock.ctes},
      outcome as (
        select placed.order_number, ${stock.taken} as taken,
          ${codeUse ? sql`(select count(*) from code_use)::int` : sql`1`} as code_taken,
          ${shopperUse ? sql`(select count(*) from shopper_use)::int` : sql`1`} as shopper_taken,
          client_orders.open_count, client_orders.first_lapse,
          client_orders.network_open_count, client_orders.network_first_lapse,
          client_orders.over_kind, client_orders.over_id, client_orders.over_held,
          client_orders.over_max
        from placed, client_orders)
    select order_number,
      case
        when taken < ${shape.stock.length} then soko_refuse_order('out_of_stock', taken::text)
        when code_taken = 0 then soko_refuse_order('code_used_up', '')
        when shopper_taken = 0 then soko_refuse_order('code_used_by_shopper', '')
        when open_count >= ${p('maxOpenOrders')}
          then soko_refuse_order('too_many_open_orders', extract(epoch from first_lapse)::text)
        when network_open_count >= ${p('maxOpenOrdersPerAddress')}
          then soko_refuse_order('too_many_open_orders_address',
            extract(epoch from network_first_lapse)::text)
        when over_kind is not null
          then soko_refuse_order('held_' || over_kind, concat_ws(':', over_id, over_held, over_max,
            floor(extract(epoch from coalesce(
              case when over_kind like 'network_%' then network_first_lapse else first_lapse end,
              now())))::bigint))
      end as refused
    from outcome`);
  if (orderStatements.size < MAX_ORDER_SHAPES) orderStatements.set(key, statement);
  return statement;
}

/**
 * The order a recovery link names (decision 043), when it is an online order that lapsed or
 * failed unpaid, with its language; anything else is refused at the field: the client says where
 * the cart came from, the server decides whether that counts. It changes no price.
 */
async function recoverable(
  db: Db,
  orderId: string | undefined,
): Promise<{ id: string; locale: Locale } | null> {
  if (orderId === undefined) return null;
  const [lapsed] = await db
    .select({ id: orders.id, locale: orders.locale })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.payOnOrder, true),
        inArray(orders.status, ['payment_failed', 'expired']),
      ),
    )
    .limit(1);
  if (!lapsed)
    throw badRequest(NOT_RECOVERABLE_MESSAGE, { recoveredFrom: NOT_RECOVERABLE_MESSAGE });
  return lapsed;
}

/**
 * POST /api/order/create. Reads come first and take no locks; then one statement, with no
 * transaction around it, places the whole order or nothing (two round trips in all).
 */
export async function createOrder(
  db: Db,
  body: CreateOrderBody,
  { caller, clientKey, networkKey, tenantId, locale }: Orderer,
  settings: OrderSettings,
  now = new Date(),
  carrier?: CachedCarrier,
): Promise<CreateOrderResponse> {
  // Priced before the statement: the reads take no locks, and a refused order (a changed
  // price, a limit) never writes.
  const { lines, parts, code, subtotalCents, discountCents, shippingOption, shipping, totalCents } =
    await priceOrder(db, body, now, carrier);
  const recovered = await recoverable(db, body.recoveredFrom);
  const payOnOrder = lines.some((line) => line.payOnOrder);
  const holdMinutes = payOnOrder ? settings.orderHoldMinutes : PAY_ON_DELIVERY_HOLD_MINUTES;
  const holdUntil = new Date(now.getTime() + holdMinutes * MINUTE_MS);
  const orderId = randomUUID();
  const steps = stockSteps(stockMoves(lines));
  const statement = orderStatement(db, {
    lines: lines.length,
    parts: parts.length,
    stock: steps.map((step) => step.kind),
    code: code !== null,
    perShopper: code?.perShopperLimit != null,
  });
  // The nulls here (no shopper, code, variant, label or picture) go to uuid and text columns,
  // whose Drizzle encoders pass a null through (decision 025).
  const values: Record<string, unknown> = {
    orderId,
    numberPrefix: orderNumberPrefix(now),
    userId: caller?.id ?? null,
    payOnOrder,
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    totalCents,
    shippingOption,
    pricedCounty: body.county ?? null,
    pickupOnly: parts.every((part) => part.pickupCounter !== null),
    discountCodeId: code?.id ?? null,
    holdUntil,
    clientKey,
    networkKey,
    tenantId: tenantId ?? null,
    recoveredFrom: recovered?.id ?? null,
    // The language the call names; else, rebuilt from a lapsed order, that order's (its
    // reminder was written in it); else English.
    locale: locale ?? recovered?.locale ?? DEFAULT_LOCALE,
    now: now.toISOString(),
    maxOpenOrders: settings.maxOpenOrders,
    maxOpenOrdersPerAddress: settings.maxOpenOrdersPerAddress,
    ...heldUnits(lines, settings),
    addressHoldFactor: settings.addressHoldFactor,
    ...(code ? { codeId: code.id } : {}),
    ...stockValues(steps),
  };
  lines.forEach((line, i) => {
    values[`line_${i}_productId`] = line.productId;
    values[`line_${i}_variantId`] = line.variantId;
    values[`line_${i}_shopId`] = line.shopId;
    values[`line_${i}_name`] = line.name;
    values[`line_${i}_variantLabel`] = line.variantLabel;
    values[`line_${i}_imageUrl`] = line.imageUrl;
    values[`line_${i}_unitPriceCents`] = line.unitPriceCents;
    values[`line_${i}_quantity`] = line.quantity;
    values[`line_${i}_taxType`] = line.taxType;
  });
  parts.forEach((part, i) => {
    values[`part_${i}_shopId`] = part.shopId;
    values[`part_${i}_subtotalCents`] = part.subtotalCents;
    values[`part_${i}_shopDiscountCents`] = part.shopDiscountCents;
    values[`part_${i}_deliveryCents`] = part.deliveryCents;
    values[`part_${i}_deliveryCounty`] = part.deliveryCounty;
    values[`part_${i}_pickupCounter`] = encodeColumn(
      orderParts,
      'pickupCounter',
      part.pickupCounter,
    );
  });
  try {
    const [placed] = rowsOf<{ order_number: string }>(await runStatement(db, statement, values));
    if (!placed) throw new Error('order insert returned nothing');
    return {
      _id: orderId,
      orderId: placed.order_number,
      status: 'pending_payment' as const,
      totalPrice: fromCents(totalCents),
      payOnOrder,
      holdUntil: holdUntil.toISOString(),
    };
  } catch (error: unknown) {
    const refusal = orderRefusal(error);
    if (refusal?.reason === 'out_of_stock') {
      // Nothing was taken: the statement rolled back. Which row ran short, and what it has now.
      await checkTaken(db, steps, Number(refusal.detail));
    }
    if (refusal?.reason === 'code_used_up') throw codeFieldError(INVALID_CODE_MESSAGE);
    if (refusal?.reason === 'code_used_by_shopper') {
      throw codeFieldError(CODE_USED_BY_SHOPPER_MESSAGE);
    }
    if (refusal?.reason === 'too_many_open_orders') {
      throw tooManyOpenOrders(settings, new Date(Number(refusal.detail) * 1000), now);
    }
    if (refusal?.reason === 'too_many_open_orders_address') {
      throw tooManyOpenOrdersFromAddress(settings, new Date(Number(refusal.detail) * 1000), now);
    }
    if (refusal?.reason.startsWith('held_')) {
      throw tooManyHeld(refusal.reason.slice('held_'.length), refusal.detail, lines, now);
    }
    // A product deleted between pricing and the insert: its line can no longer point at it.
    if (hasPgErrorCode(error, '23503')) {
      throw new AppError(404, 'not_found', PROBLEM_TEXTS.noLongerSold);
    }
    throw error;
  }
}
