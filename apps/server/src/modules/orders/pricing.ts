// Pricing an order: the server prices every line from the database, with the discount code's
// amount and each shop part's delivery (decision 035), and refuses a client total or discount that differs (409 with its own
// figures). The client's figures are claims to check, never amounts to charge.
import {
  problemText,
  PROBLEM_TEXTS,
  codeAmountForLinesCents,
  discountCodeRefusal,
  discountedPriceCents,
  effectiveTaxType,
  partDeliveryCents,
  type PartDelivery,
  type PartDestination,
  formatKsh,
  fromCents,
  grandTotalCents,
  MAX_AMOUNT_KSH,
  toCents,
  toShippingOption,
  type ShippingOption,
  type CreateOrderBody,
  type TaxType,
  type TotalMismatchDetails,
  variantLabel,
} from '@soko/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError, conflict } from '../../platform/errors';
import {
  products,
  productVariants,
  shopDelivery,
  shops,
  type PickupCounterSnapshot,
  type StoredDeliverySettings,
} from '../../platform/schema';
import { quoteAgent, settingsOf, type CachedCarrier } from '../delivery';
import { codeFieldError, findUsableCode, INVALID_CODE_MESSAGE } from './discount-codes';
import { lineLabel } from './stock';

export type PricedLine = {
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
  /** The tax type the line is sold at, frozen on the order line (decision 045). */
  taxType: TaxType;
  /** The shop's delivery settings as stored; null: it set nothing (the spec's Ksh 10 / 20). */
  delivery: StoredDeliverySettings | null;
};

const invalidLine = (index: number, field: string, message: string) =>
  new AppError(400, 'validation_failed', message, {
    fields: { [`items.${index}.${field}`]: message },
  });

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
        taxType: products.taxType,
        vatRegistered: shops.vatRegistered,
        shopName: shops.name,
        delivery: shopDelivery.settings,
        variantId: productVariants.id,
        variantName: productVariants.name,
        variantSize: productVariants.size,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      // The shop's delivery comes with its prices: the same snapshot, and no extra round trip.
      .leftJoin(shopDelivery, eq(shopDelivery.shopId, shops.id))
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
      throw new AppError(404, 'not_found', PROBLEM_TEXTS.noLongerSold, {
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
      taxType: effectiveTaxType(product.taxType, product.vatRegistered),
      delivery: product.delivery,
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
    const message = problemText('quantityLimit', {
      max: line.maxPerOrder,
      name: lineLabel(line.name, line.variantLabel),
    });
    throw new AppError(400, 'quantity_limit', message, {
      fields: {
        [`items.${index}.quantity`]: problemText('atMostInOneOrder', { max: line.maxPerOrder }),
      },
      details: { productId: line.productId, variantId: line.variantId, max: line.maxPerOrder },
    });
  });
}

/** One shop's part: its lines' sum, and its delivery fee and where it goes (decision 035). */
export type PricedPart = {
  shopId: string;
  subtotalCents: number;
  /** The shop's own code's discount on this part (decision 038): the shop bears it. */
  shopDiscountCents: number;
  deliveryCents: number;
  deliveryCounty: string | null;
  pickupCounter: PickupCounterSnapshot | null;
};

/**
 * Each shop's part and its delivery, in the order its first line came. A shop with settings
 * charges its part from the county (its rest-of-Kenya rates without one), the counter chosen, or
 * the carrier's quote to the agent point chosen (decision 036), free from its threshold. Shops
 * that set nothing charge the spec's one fee once for the order, on the first of their parts, so
 * a spec call's total is what it always was.
 */
async function priceParts(
  lines: readonly PricedLine[],
  body: Pick<CreateOrderBody, 'county' | 'pickup'>,
  option: ShippingOption,
  carrier: CachedCarrier | undefined,
): Promise<PricedPart[]> {
  const shopsInOrder = new Map<string, { subtotalCents: number; line: PricedLine }>();
  for (const line of lines) {
    const part = shopsInOrder.get(line.shopId) ?? { subtotalCents: 0, line };
    part.subtotalCents += line.unitPriceCents * line.quantity;
    shopsInOrder.set(line.shopId, part);
  }
  const pickups = new Map<
    string,
    { counterId: string | undefined; agentId: string | undefined; index: number }
  >();
  (body.pickup ?? []).forEach((choice, index) => {
    const message = 'Nothing from this shop is in the order.';
    if (!shopsInOrder.has(choice.shopId)) {
      throw new AppError(400, 'validation_failed', message, {
        fields: { [`pickup.${index}.shopId`]: message },
      });
    }
    pickups.set(choice.shopId, { counterId: choice.counterId, agentId: choice.agentId, index });
  });
  // The carrier's quotes, all at once (each kept for minutes by the carrier's cache).
  const agentQuotes = new Map(
    await Promise.all(
      [...pickups].flatMap(([shopId, pickup]) => {
        const part = shopsInOrder.get(shopId);
        if (!pickup.agentId || !part) return [];
        const agents = settingsOf(part.line.delivery).agents;
        const field = `pickup.${pickup.index}.agentId`;
        return [
          quoteAgent(carrier, agents, pickup.agentId, field, { downAsField: true }).then(
            (quote) => [shopId, quote] as const,
          ),
        ];
      }),
    ),
  );
  const county = body.county ?? null;
  let specFeeCharged = false;
  return [...shopsInOrder].map(([shopId, { subtotalCents, line }]) => {
    const settings = settingsOf(line.delivery);
    const pickup = pickups.get(shopId);
    const agentQuote = agentQuotes.get(shopId);
    let destination: PartDestination = { kind: 'door', county };
    if (agentQuote) {
      destination = { kind: 'agent', agent: agentQuote.agent, fee: agentQuote.fee };
    } else if (pickup) {
      const counter = settings.pickupCounters.find((each) => each.id === pickup.counterId);
      if (!counter) {
        const message = `${line.shopName} has no such pickup counter.`;
        throw new AppError(400, 'validation_failed', message, {
          fields: { [`pickup.${pickup.index}.counterId`]: message },
        });
      }
      destination = { kind: 'pickup', counter };
    }
    let deliveryCents = partDeliveryCents(settings, destination, option, subtotalCents);
    if (line.delivery === null && destination.kind === 'door') {
      if (specFeeCharged) deliveryCents = 0;
      specFeeCharged = true;
    }
    return {
      shopId,
      subtotalCents,
      shopDiscountCents: 0,
      deliveryCents,
      deliveryCounty: county,
      pickupCounter:
        destination.kind === 'pickup'
          ? {
              id: destination.counter.id,
              name: destination.counter.name,
              address: destination.counter.address,
              hours: destination.counter.hours,
            }
          : destination.kind === 'agent'
            ? {
                id: destination.agent.id,
                name: destination.agent.name,
                address: [destination.agent.address, destination.agent.area]
                  .filter(Boolean)
                  .join(', '),
                hours: '',
                carrier: agentQuote?.carrier ?? 'pickup-mtaani',
              }
            : null,
    };
  });
}

/** The parts' delivery as a changed total's 409 carries it (Ksh). */
export const deliveryDetails = (
  parts: readonly Pick<
    PricedPart,
    'shopId' | 'deliveryCents' | 'deliveryCounty' | 'pickupCounter'
  >[],
): PartDelivery[] =>
  parts.map((part) => ({
    shopId: part.shopId,
    fee: fromCents(part.deliveryCents),
    county: part.pickupCounter ? null : part.deliveryCounty,
    pickupCounterId:
      part.pickupCounter && !part.pickupCounter.carrier ? part.pickupCounter.id : null,
    pickupAgentId: part.pickupCounter?.carrier ? part.pickupCounter.id : null,
  }));

type Figures = {
  totalCents: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
};

/** 409 total_mismatch with the server's figures, so the checkout can show what changed. */
export function totalMismatch(
  message: string,
  figures: Figures,
  items: TotalMismatchDetails['items'],
  delivery?: TotalMismatchDetails['delivery'],
): AppError {
  const details: TotalMismatchDetails = {
    expected: fromCents(figures.totalCents),
    subtotal: fromCents(figures.subtotalCents),
    discount: fromCents(figures.discountCents),
    shipping: fromCents(figures.shippingCents),
    items,
    ...(delivery ? { delivery } : {}),
  };
  return conflict('total_mismatch', message, details);
}

/**
 * The order's figures from the database: each line's price, the code's amount, shipping and the
 * total. A client total or discount that differs is refused with the server's figures (409).
 */
export async function priceOrder(
  db: Db,
  body: CreateOrderBody,
  now: Date,
  carrier?: CachedCarrier,
) {
  const lines = await priceLines(db, body.items);
  checkQuantityLimits(lines);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  const codeText = body.discountCode?.trim() ?? '';
  const code = codeText ? await findUsableCode(db, codeText, now) : null;
  if (codeText && !code) throw codeFieldError(INVALID_CODE_MESSAGE);
  // A shop's code takes off that shop's lines only, and only from its minimum order.
  const discountCents = code
    ? codeAmountForLinesCents(
        code,
        lines.map((line) => ({ shopId: line.shopId, cents: line.unitPriceCents * line.quantity })),
      )
    : 0;
  const refusal = code ? discountCodeRefusal(code, discountCents) : null;
  if (refusal) throw codeFieldError(refusal);
  const shippingOption = toShippingOption(body.shipping);
  const parts = await priceParts(lines, body, shippingOption, carrier);
  const ownPart = code?.shopId ? parts.find((part) => part.shopId === code.shopId) : undefined;
  if (ownPart) ownPart.shopDiscountCents = discountCents;
  const shipping = parts.reduce((sum, part) => sum + part.deliveryCents, 0);
  const totalCents = grandTotalCents({ subtotalCents, discountCents, shippingCents: shipping });
  if (totalCents > toCents(MAX_AMOUNT_KSH)) {
    throw new AppError(
      400,
      'order_too_large',
      `One order may total at most ${formatKsh(MAX_AMOUNT_KSH)}. Please split it into smaller orders.`,
    );
  }

  if (
    toCents(body.totalPrice) !== totalCents ||
    toCents(body.discount) !== discountCents ||
    (body.deliveryFee !== undefined && toCents(body.deliveryFee) !== shipping)
  ) {
    throw totalMismatch(
      `Prices have changed: the total is now ${formatKsh(fromCents(totalCents))}.`,
      { totalCents, subtotalCents, discountCents, shippingCents: shipping },
      lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        price: fromCents(line.unitPriceCents),
      })),
      deliveryDetails(parts),
    );
  }

  return { lines, parts, code, subtotalCents, discountCents, shippingOption, shipping, totalCents };
}
