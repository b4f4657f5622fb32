// Orders: the server prices every order from the database, takes its stock and its discount
// code's use in the same transaction, and confirms it once. The client's figures are claims to
// check, never amounts to charge.
import {
  discountCodeAmountCents,
  discountedPriceCents,
  formatKsh,
  fromCents,
  grandTotalCents,
  MAX_AMOUNT_KSH,
  normalizeKenyanPhone,
  shippingCents,
  SOLD_STATUSES,
  toCents,
  toShippingOption,
  findOrderMove,
  type CheckoutForm,
  type CreateOrderBody,
  type ShippingInput,
  type CreateOrderResponse,
  type FinalCheckoutBody,
  type Order,
  type TotalMismatchDetails,
  variantLabel,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql, type Query } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import {
  buildStatement,
  hasPgErrorCode,
  pgErrorOf,
  rowsOf,
  runStatement,
  type Db,
  type Tx,
} from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import {
  orderLines,
  orderParts,
  orders,
  products,
  productVariants,
  shops,
} from '../../platform/schema';
import { orderNumberPrefix, orderNumberSql } from './order-number';
import { codeUseSql, findUsableCode, INVALID_CODE_MESSAGE } from './discount-codes';
import { findOrder, lockOrderRow, viewOf, type OrderRow } from './queries';
import {
  checkTaken,
  lineLabel,
  stockChainSql,
  stockSteps,
  stockValues,
  type StockMove,
  type StockStep,
} from './stock';
import { completeRequestedRefund } from './refunds';
import { clearRefund, flagRefund, moveOrder, placedChange, type Actor } from './transitions';

const MINUTE_MS = 60_000;
/** A pay-on-delivery order holds its stock this long for its final checkout (DESIGN.md). */
export const PAY_ON_DELIVERY_HOLD_MINUTES = 60;

export type OrderSettings = {
  orderHoldMinutes: number;
  /** Unpaid orders one client may hold open at once (MAX_OPEN_ORDERS_PER_CLIENT). */
  maxOpenOrders: number;
  /** Unpaid orders one network address may hold open at once (MAX_OPEN_ORDERS_PER_ADDRESS). */
  maxOpenOrdersPerAddress: number;
  /** Units of one shop one client may hold in unpaid orders at once (MAX_HELD_UNITS_PER_SHOP). */
  maxHeldUnitsPerShop: number;
  /** Of one product: this many times the shop's per-order maximum (HELD_ORDERS_WORTH_PER_PRODUCT). */
  heldOrdersWorthPerProduct: number;
  /**
   * How many times a client's bounds on held units one network address may hold
   * (ADDRESS_HOLD_FACTOR, 5): a carrier's address is many shoppers, but an unpaid hold lasts
   * minutes, and five clients' worth of one shop at once (150 units by default) is more than
   * real shoppers behind one address hold together, while one address can no longer take most
   * of a shop (decision 029).
   */
  addressHoldFactor: number;
};

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
};

type PricedLine = {
  productId: string;
  variantId: string | null;
  shopId: string;
  name: string;
  variantLabel: string | null;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  payOnOrder: boolean;
  maxPerOrder: number;
  shopName: string;
};

const invalidLine = (index: number, field: string, message: string) =>
  new AppError(400, 'validation_failed', message, {
    fields: { [`items.${index}.${field}`]: message },
  });

/** One part per shop of the order's lines, each with its lines' sum (DESIGN "Order parts"). */
function partsOf(orderId: string, lines: readonly PricedLine[]) {
  const subtotals = new Map<string, number>();
  for (const line of lines) {
    subtotals.set(
      line.shopId,
      (subtotals.get(line.shopId) ?? 0) + line.unitPriceCents * line.quantity,
    );
  }
  return [...subtotals].map(([shopId, subtotalCents]) => ({ orderId, shopId, subtotalCents }));
}

/**
 * Every line's product with its shop's rules and its live variants, for the ids given. Its SQL
 * is the same for every order (the ids are one array parameter), so it is built once per
 * database and runs as a prepared statement on PostgreSQL; PGlite ignores the name.
 */
function buildPriceRead(db: Db) {
  return (
    db
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        discounts: products.discounts,
        imageUrls: products.imageUrls,
        shopId: products.shopId,
        payOnOrder: shops.payOnOrder,
        maxPerOrder: shops.maxPerOrder,
        shopName: shops.name,
        variantId: productVariants.id,
        variantName: productVariants.name,
        variantSize: productVariants.size,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .leftJoin(
        productVariants,
        and(eq(productVariants.productId, products.id), isNull(productVariants.deletedAt)),
      )
      // A deleted product is hidden, not removed: it is no longer sold.
      .where(
        and(
          sql`${products.id} = any(${sql.placeholder('productIds')}::uuid[])`,
          isNull(products.deletedAt),
        ),
      )
      .prepare('order_price_read')
  );
}
const priceReads = new WeakMap<Db, ReturnType<typeof buildPriceRead>>();

/**
 * Reads each line's product and variant (one query) and prices it from the database. It takes no
 * lock, so it runs before the order's transaction: the stock chain and the conditional code use
 * check again what must still hold when the order is written.
 */
async function priceLines(db: Db, items: CreateOrderBody['items']): Promise<PricedLine[]> {
  const productIds = [...new Set(items.map((item) => item.productId))];
  let priceRead = priceReads.get(db);
  if (!priceRead) {
    priceRead = buildPriceRead(db);
    priceReads.set(db, priceRead);
  }
  const rows = await priceRead.execute({ productIds });
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
      imageUrl: product.imageUrls[0] ?? null,
      unitPriceCents: discountedPriceCents(product.priceCents, product.discounts),
      quantity: item.quantity,
      payOnOrder: product.payOnOrder,
      maxPerOrder: product.maxPerOrder,
      shopName: product.shopName,
    };
  });
}

/**
 * An order holds its stock until it is paid, so one order may take at most the shop's
 * `maxPerOrder` of one item (lines of the same item counted together).
 */
function checkQuantityLimits(lines: readonly PricedLine[]): void {
  const totals = new Map<string, number>();
  lines.forEach((line, index) => {
    const key = `${line.productId}:${line.variantId ?? ''}`;
    const quantity = (totals.get(key) ?? 0) + line.quantity;
    totals.set(key, quantity);
    if (quantity <= line.maxPerOrder) return;
    const message = `You can order at most ${line.maxPerOrder} of ${lineLabel(line.name, line.variantLabel)} at a time. Lower the quantity in your cart, then place the order.`;
    throw new AppError(400, 'quantity_limit', message, {
      fields: { [`items.${index}.quantity`]: `At most ${line.maxPerOrder} in one order.` },
      details: { productId: line.productId, variantId: line.variantId, max: line.maxPerOrder },
    });
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
function deliveryColumns(form: CheckoutForm) {
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

const shopper = (caller: Caller | null): Actor => ({ kind: 'shopper', userId: caller?.id ?? null });

/**
 * One client may hold only so many unpaid orders open at once: each holds stock, and without a
 * bound one script could take a whole shop's stock off sale. The order's statement counts them
 * under the client's lock (soko_lock_client_orders, migration 0011), after every order committed
 * by whoever held it before, so two orders at once cannot both pass, and shoppers sharing an
 * address wait on each other only for the length of that statement.
 */
function tooManyOpenOrders(settings: OrderSettings, firstLapse: Date, now: Date): AppError {
  const waitSeconds = Math.max(1, Math.ceil((firstLapse.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    429,
    'too_many_open_orders',
    `You already have ${settings.maxOpenOrders} orders waiting for payment. Pay for one of them, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}, when the oldest unpaid one lapses.`,
    { details: { retryAfterSeconds: waitSeconds } },
  );
}

/** Minutes until `lapse`, at least one, and the seconds for Retry-After. */
function waitUntil(lapse: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lapse.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return { seconds, minutes: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

/**
 * The address's bound on open orders (MAX_OPEN_ORDERS_PER_ADDRESS): a last resort against one
 * machine posing as many devices, said as what it is, not as the shopper's own five.
 */
function tooManyOpenOrdersFromAddress(settings: OrderSettings, lapse: Date, now: Date) {
  const wait = waitUntil(lapse, now);
  return new AppError(
    429,
    'too_many_open_orders_address',
    `Too many orders from your network are waiting for payment right now (${settings.maxOpenOrdersPerAddress} at most from one internet address, which mobile networks share among many shoppers). Please try again in ${wait.minutes}.`,
    { details: { retryAfterSeconds: wait.seconds } },
  );
}

/**
 * A bound on units held in unpaid orders (decision 029), passed by this order: of one product or
 * one shop, by this client or by everyone at this address. DETAIL is 'id:held:max:lapse'.
 */
function tooManyHeld(
  kind: string,
  detail: string,
  lines: readonly PricedLine[],
  now: Date,
): AppError {
  const [id = '', heldText = '0', maxText = '0', lapseText = '0'] = detail.split(':');
  const held = Number(heldText);
  const max = Number(maxText);
  const wait = waitUntil(new Date(Number(lapseText) * 1000), now);
  const line = lines.find((l) => (kind.endsWith('shop') ? l.shopId : l.productId) === id);
  const what = kind.endsWith('shop')
    ? `items from ${line?.shopName ?? 'this shop'}`
    : `of ${line ? lineLabel(line.name, null) : 'this item'}`;
  const more = max > held ? `at most ${max - held} more` : 'no more';
  const message = kind.startsWith('network_')
    ? `Orders from your network already hold ${held} ${what} waiting for payment, the most one internet address may hold at once (${max}). You can order ${more} now; please try again in ${wait.minutes}.`
    : `You already hold ${held} ${what} in orders waiting for payment, and one shopper may hold at most ${max} at a time, so you can order ${more} now. Pay for your waiting orders, or try again in ${wait.minutes}.`;
  return new AppError(429, 'too_many_held', message, {
    details: {
      retryAfterSeconds: wait.seconds,
      [kind.endsWith('shop') ? 'shopId' : 'productId']: id,
      held,
      max,
    },
  });
}

/** Why the order's statement refused it (soko_refuse_order), with its DETAIL. */
function orderRefusal(error: unknown): { reason: string; detail: string } | null {
  const refused = pgErrorOf(error, 'SK409');
  const reason = /order refused: (\w+)/.exec(refused?.message ?? '')?.[1];
  return reason ? { reason, detail: refused?.detail ?? '' } : null;
}

/**
 * The order's figures from the database: each line's price, the code's amount, shipping and the
 * total. A client total or discount that differs is refused with the server's figures (409).
 */
async function priceOrder(db: Db, body: CreateOrderBody, now: Date) {
  const lines = await priceLines(db, body.items);
  checkQuantityLimits(lines);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  const codeText = body.discountCode?.trim() ?? '';
  const code = codeText ? await findUsableCode(db, codeText, now) : null;
  if (codeText && !code) {
    throw new AppError(400, 'validation_failed', INVALID_CODE_MESSAGE, {
      fields: { discountCode: INVALID_CODE_MESSAGE },
    });
  }
  const discountCents = code ? discountCodeAmountCents(code, subtotalCents) : 0;
  const shippingOption = toShippingOption(body.shipping);
  const shipping = shippingCents(shippingOption);
  const totalCents = grandTotalCents({ subtotalCents, discountCents, shippingCents: shipping });
  if (totalCents > toCents(MAX_AMOUNT_KSH)) {
    throw new AppError(
      400,
      'order_too_large',
      `One order may total at most ${formatKsh(MAX_AMOUNT_KSH)}. Please split it into smaller orders.`,
    );
  }

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
 * The order's units per product and per shop, each with a client's bound on what it may hold in
 * unpaid orders at once: of one product, the shop's own per-order maximum (one order's worth,
 * times HELD_ORDERS_WORTH_PER_PRODUCT);
 * of one shop, MAX_HELD_UNITS_PER_SHOP, or that maximum when the shop allows more in one order.
 */
function heldUnits(lines: readonly PricedLine[], settings: OrderSettings) {
  // The statement multiplies each bound by the address factor in a PostgreSQL integer: a bound
  // set beyond that is no bound at all, and is held at the largest that fits.
  const largest = Math.floor(INT4_MAX / settings.addressHoldFactor);
  const bound = (max: number) => Math.min(max, largest);
  const productUnits = new Map<string, { units: number; max: number }>();
  const shopUnits = new Map<string, { units: number; max: number }>();
  for (const line of lines) {
    const product = productUnits.get(line.productId) ?? {
      units: 0,
      max: bound(line.maxPerOrder * settings.heldOrdersWorthPerProduct),
    };
    product.units += line.quantity;
    productUnits.set(line.productId, product);
    const shopMax = bound(Math.max(settings.maxHeldUnitsPerShop, line.maxPerOrder));
    const shop = shopUnits.get(line.shopId) ?? { units: 0, max: shopMax };
    shop.units += line.quantity;
    shopUnits.set(line.shopId, shop);
  }
  return {
    heldProducts: [...productUnits.keys()],
    heldProductUnits: [...productUnits.values()].map((v) => v.units),
    heldProductMax: [...productUnits.values()].map((v) => v.max),
    heldShops: [...shopUnits.keys()],
    heldShopUnits: [...shopUnits.values()].map((v) => v.units),
    heldShopMax: [...shopUnits.values()].map((v) => v.max),
  };
}

/** PostgreSQL's integer (int4) holds no more. */
const INT4_MAX = 2_147_483_647;

/** What an order statement's text depends on; every other figure in it is a placeholder. */
type OrderShape = {
  lines: number;
  parts: number;
  /** The kind of each stock row the order takes, in lock order. */
  stock: readonly StockStep['kind'][];
  code: boolean;
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
  const key = `${shape.lines}/${shape.parts}/${shape.stock.join(',')}/${shape.code}`;
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
    discountCodeId: p('discountCodeId'),
    holdUntil: p('holdUntil'),
    clientKey: p('clientKey'),
    networkKey: p('networkKey'),
    tenantId: p('tenantId'),
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
    })),
  );
  const placeParts = db.insert(orderParts).values(
    Array.from({ length: shape.parts }, (_, i) => ({
      orderId: p('orderId'),
      shopId: p(`part_${i}_shopId`),
      subtotalCents: p(`part_${i}_subtotalCents`),
    })),
  );
  const stock = stockChainSql(db, shape.stock, sql`client_orders`);
  const codeUse = shape.code ? codeUseSql(db, p('codeId'), p('now')) : null;
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
      ${stock.ctes},
      outcome as (
        select placed.order_number, ${stock.taken} as taken,
          ${codeUse ? sql`(select count(*) from code_use)::int` : sql`1`} as code_taken,
          client_orders.open_count, client_orders.first_lapse,
          client_orders.network_open_count, client_orders.network_first_lapse,
          client_orders.over_kind, client_orders.over_id, client_orders.over_held,
          client_orders.over_max
        from placed, client_orders)
    select order_number,
      case
        when taken < ${shape.stock.length} then soko_refuse_order('out_of_stock', taken::text)
        when code_taken = 0 then soko_refuse_order('code_used_up', '')
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
 * POST /api/order/create. Reads come first and take no locks; then one statement, with no
 * transaction around it, places the whole order or nothing (two round trips in all).
 */
export async function createOrder(
  db: Db,
  body: CreateOrderBody,
  { caller, clientKey, networkKey, tenantId }: Orderer,
  settings: OrderSettings,
  now = new Date(),
): Promise<CreateOrderResponse> {
  // Priced before the statement: the reads take no locks, and a refused order (a changed
  // price, a limit) never writes.
  const { lines, code, subtotalCents, discountCents, shippingOption, shipping, totalCents } =
    await priceOrder(db, body, now);
  const payOnOrder = lines.some((line) => line.payOnOrder);
  const holdMinutes = payOnOrder ? settings.orderHoldMinutes : PAY_ON_DELIVERY_HOLD_MINUTES;
  const holdUntil = new Date(now.getTime() + holdMinutes * MINUTE_MS);
  const orderId = randomUUID();
  const parts = partsOf(orderId, lines);
  const steps = stockSteps(stockMoves(lines));
  const statement = orderStatement(db, {
    lines: lines.length,
    parts: parts.length,
    stock: steps.map((step) => step.kind),
    code: code !== null,
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
    discountCodeId: code?.id ?? null,
    holdUntil,
    clientKey,
    networkKey,
    tenantId: tenantId ?? null,
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
  });
  parts.forEach((part, i) => {
    values[`part_${i}_shopId`] = part.shopId;
    values[`part_${i}_subtotalCents`] = part.subtotalCents;
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
    if (refusal?.reason === 'code_used_up') {
      throw new AppError(400, 'validation_failed', INVALID_CODE_MESSAGE, {
        fields: { discountCode: INVALID_CODE_MESSAGE },
      });
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
      throw new AppError(404, 'not_found', 'An item in your cart is no longer sold.');
    }
    throw error;
  }
}

/**
 * Whose order it is: a signed-in shopper's order only for them (or an admin); an anonymous order
 * for whoever holds its random id. Anyone else is told what an unknown id is told (404), so an
 * id reveals nothing about orders that are not the caller's.
 */
function assertMayUse(order: OrderRow, caller: Caller | null): void {
  if (!order.userId || caller?.role === 'admin' || caller?.id === order.userId) return;
  throw notFound('Order not found.');
}

/** An order read in `tx` and locked until its commit, or 404 when it is not the caller's. */
async function lockOrder(tx: Tx, orderId: string, caller: Caller | null): Promise<OrderRow> {
  const order = await lockOrderRow(tx, orderId);
  if (!order) throw notFound('Order not found.');
  assertMayUse(order, caller);
  return order;
}

/** The figures a client says it is paying, checked against the order's own (409 when they differ). */
type ClaimedFigures = {
  totalPrice?: number | undefined;
  discount?: number | undefined;
  shipping?: ShippingInput | undefined;
};

async function checkClaims(tx: Tx, order: OrderRow, claimed: ClaimedFigures): Promise<void> {
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
      throw conflict('payment_required', 'This order must be paid online before it is confirmed.');
    }
    if (order.refundReason === 'sold_out_after_payment') {
      throw conflict(
        'order_closed',
        'Your payment arrived after the items sold out: the shop will refund it.',
      );
    }
    if (order.status !== 'pending_payment' && order.status !== 'paid') {
      throw conflict('order_closed', 'This order can no longer be completed. Please order again.');
    }
    await checkClaims(tx, order, body);
    const confirmed = await moveOrder(tx, order, 'confirmed', shopper(caller), {
      set: deliveryColumns(body),
      now,
    });
    return { confirmedNow: true, order: confirmed };
  });
  // The expiry is committed before the shopper hears of it, so the stock is really back.
  if ('expired' in result) {
    throw conflict('order_closed', 'This order has expired. Please place your order again.');
  }
  // The order as this transaction left it (its row locked until the commit), so only its lines
  // and parts are read again.
  return { order: await viewOf(db, result.order), confirmedNow: result.confirmedNow };
}

/**
 * Expires open orders whose hold has passed, giving their stock and code uses back. Rows another
 * process is already handling are skipped, so several servers may sweep at once.
 */
export async function expireOverdueOrders(
  db: Db,
  now = new Date(),
  batch = 100,
): Promise<{ expired: number; productIds: string[] }> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending_payment'), lt(orders.holdUntil, now)))
      .orderBy(orders.holdUntil)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const order of overdue) await moveOrder(tx, order, 'expired', { kind: 'system' }, { now });
    return { expired: overdue.length, productIds: await productIdsOf(tx, overdue) };
  });
}

/** The products of some orders' lines (whose stock or units sold moved with them). */
export async function productIdsOf(db: Db | Tx, of: ReadonlyArray<{ id: string }>) {
  if (of.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        of.map((order) => order.id),
      ),
    );
  return rows.flatMap((row) => (row.productId ? [row.productId] : []));
}

/** GET /api/orders/{id}: the buyer's view of one order. */
export async function readOwnOrder(db: Db, id: string, caller: Caller | null): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw notFound('Order not found.');
  assertMayUse(order, caller);
  return viewOf(db, order);
}

// ---------------------------------------------------------------------------------------------
// What the payments module asks of orders

/** What an order being paid online needs to tell the provider. */
export type PayableOrder = { id: string; orderNumber: string; totalCents: number };

/**
 * Readies an open order for its online payment, inside the payments module's transaction: the
 * order is locked, must be the caller's, unpaid and still held; the figures the client sent
 * must agree with it; and the delivery form is saved with it, so a verified payment can confirm
 * the order by itself even if the shopper's tab is closed before the final checkout.
 */
export async function prepareOrderForPayment(
  tx: Tx,
  orderId: string,
  caller: Caller | null,
  form: CheckoutForm & ClaimedFigures,
  now = new Date(),
): Promise<PayableOrder> {
  const order = await lockOrder(tx, orderId, caller);
  if (!order.payOnOrder) {
    throw conflict('conflict', 'This order is paid on delivery: no online payment is needed.');
  }
  if (order.paidAt) throw conflict('already_paid', 'This order is already paid.');
  if (order.status !== 'pending_payment' || !order.holdUntil || order.holdUntil <= now) {
    throw conflict('order_closed', 'This order can no longer be paid. Please order again.');
  }
  await checkClaims(tx, order, form);
  await tx
    .update(orders)
    .set({ ...deliveryColumns(form), updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return { id: order.id, orderNumber: order.orderNumber, totalCents: order.totalCents };
}

/** What the provider verified about one payment of an order. */
export type PaymentOutcome = 'completed' | 'failed' | 'reversed' | 'amount_mismatch';

const byPayment: Actor = { kind: 'payment' };

/**
 * Moves an order as a verified payment outcome says, inside the payments module's transaction.
 * The order remembers which payment paid it: any other payment completing for it is money to
 * give back (paid twice), never a second confirmation.
 */
export async function applyPaymentOutcome(
  tx: Tx,
  orderId: string,
  paymentId: string,
  outcome: PaymentOutcome,
  now = new Date(),
): Promise<void> {
  const order = await lockOrderRow(tx, orderId);
  if (!order) return;
  const paidByThis = order.paidBy === paymentId;
  const paidByAnother = order.paidBy !== null && !paidByThis;

  switch (outcome) {
    case 'amount_mismatch':
      // Money that does not match the order is not its payment: a person gives it back.
      await flagRefund(tx, order, 'amount_mismatch', byPayment);
      return;
    case 'failed':
      if (order.paidBy === null && order.status === 'pending_payment') {
        await moveOrder(tx, order, 'payment_failed', byPayment, { now });
      }
      return;
    case 'reversed':
      // The refund an admin asked for, approved: the order is refunded, not reversed.
      if (await completeRequestedRefund(tx, paymentId)) return;
      if (paidByThis) {
        if (findOrderMove(order.status, 'reversed')) {
          await moveOrder(tx, order, 'reversed', byPayment, { now });
        }
      } else if (paidByAnother) {
        // The second payment of an order paid twice went back: nothing is owed any more.
        if (order.refundReason === 'paid_twice') {
          await clearRefund(tx, order, byPayment, 'the second payment was reversed');
        }
      } else if (order.status === 'pending_payment') {
        await moveOrder(tx, order, 'reversed', byPayment, { now });
      }
      return;
    case 'completed':
      if (paidByThis) return;
      if (paidByAnother) {
        await flagRefund(tx, order, 'paid_twice', byPayment);
        return;
      }
      await recordPaid(tx, order, paymentId, now);
      return;
  }
}

/** The first payment of an order completed: paid, then confirmed (its form came with it). */
async function recordPaid(tx: Tx, order: OrderRow, paymentId: string, now: Date) {
  const paidSet = { paidAt: now, paidBy: paymentId };
  if (order.status === 'pending_payment') {
    const paid = await moveOrder(tx, order, 'paid', byPayment, { set: paidSet, now });
    await moveOrder(tx, paid, 'confirmed', byPayment, { now });
    return;
  }
  if (order.status === 'expired' || order.status === 'payment_failed') {
    // Paid after its hold ran out: the stock went back, so take it again if it is still there;
    // otherwise the order is cancelled and the shop owes the shopper their money.
    const paid = await tx
      .transaction((savepoint) =>
        moveOrder(savepoint, order, 'paid', byPayment, { set: paidSet, now }),
      )
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'out_of_stock') return null;
        throw error;
      });
    if (paid) {
      await moveOrder(tx, paid, 'confirmed', byPayment, { now });
    } else {
      await moveOrder(tx, order, 'cancelled', byPayment, {
        set: paidSet,
        refundReason: 'sold_out_after_payment',
        note: 'paid after the hold ran out; the items had sold meanwhile',
        now,
      });
    }
    return;
  }
  // Cancelled, reversed or otherwise closed: the money has nowhere to go but back.
  await tx.update(orders).set({ paidAt: now, paidBy: paymentId }).where(eq(orders.id, order.id));
  await flagRefund(tx, order, 'paid_after_close', byPayment);
}

// ---------------------------------------------------------------------------------------------
// What the accounts module asks of orders

/**
 * A shopper leaving: their orders stay for the shops that must fulfil and account for them, with
 * the personal fields cleared (Kenya's Data Protection Act, 2019).
 */
export async function forgetBuyer(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      userId: null,
      clientKey: null,
      networkKey: null,
      email: null,
      firstName: null,
      middleName: null,
      lastName: null,
      address: null,
      postalCode: null,
      phoneNumber: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId));
}
