// A shop's delivery settings: the one module that writes `shop_delivery`, and the conversions
// between the API's Ksh and the stored integer cents (decision 035).
import {
  AGENTS_OFF,
  DEFAULT_DELIVERY_SETTINGS,
  fromCents,
  toCents,
  type County,
  type DeliveryRate,
  type DeliverySettings,
  type DeliverySettingsInput,
  type ShopDeliveryResponse,
  deliverySettingsInputSchema,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/access';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import {
  products,
  shopDelivery,
  shops,
  type StoredDeliveryRate,
  type StoredDeliverySettings,
} from '../../platform/schema';
import { ownedShops } from '../shops';

const storedRate = (rate: DeliveryRate): StoredDeliveryRate => ({
  feeCents: toCents(rate.fee),
  days: rate.days,
});
const rateOf = (rate: StoredDeliveryRate): DeliveryRate => ({
  fee: fromCents(rate.feeCents),
  days: rate.days,
});

export function toStored(settings: DeliverySettings): StoredDeliverySettings {
  return {
    zones: settings.zones.map((zone) => ({
      name: zone.name,
      counties: [...zone.counties],
      standard: storedRate(zone.standard),
      express: storedRate(zone.express),
    })),
    restOfKenya: {
      standard: storedRate(settings.restOfKenya.standard),
      express: storedRate(settings.restOfKenya.express),
    },
    freeFromCents: settings.freeFrom === null ? null : toCents(settings.freeFrom),
    pickupCounters: settings.pickupCounters.map(({ fee, ...counter }) => ({
      ...counter,
      feeCents: toCents(fee),
    })),
    agents: { ...settings.agents },
  };
}

/** The settings a shop charges by: its stored row, or the spec's defaults when it has none. */
export function settingsOf(stored: StoredDeliverySettings | null): DeliverySettings {
  if (!stored) return DEFAULT_DELIVERY_SETTINGS;
  return {
    zones: stored.zones.map((zone) => ({
      name: zone.name,
      // Written only after the contract's schema checked each one.
      counties: zone.counties as County[],
      standard: rateOf(zone.standard),
      express: rateOf(zone.express),
    })),
    restOfKenya: {
      standard: rateOf(stored.restOfKenya.standard),
      express: rateOf(stored.restOfKenya.express),
    },
    freeFrom: stored.freeFromCents === null ? null : fromCents(stored.freeFromCents),
    pickupCounters: stored.pickupCounters.map(({ feeCents, ...counter }) => ({
      ...counter,
      fee: fromCents(feeCents),
    })),
    agents: stored.agents ? { ...stored.agents } : AGENTS_OFF,
  };
}

const answer = (shopId: string, stored: StoredDeliverySettings | null): ShopDeliveryResponse => ({
  shopId,
  isDefault: stored === null,
  ...settingsOf(stored),
});

/** GET /api/property/shop/{shopId}/delivery: the caller's shop (or any, for an admin). */
export async function readShopDelivery(
  db: Db,
  shopId: string,
  caller: Caller,
): Promise<ShopDeliveryResponse> {
  const [row] = await db
    .select({ settings: shopDelivery.settings })
    .from(shops)
    .leftJoin(shopDelivery, eq(shopDelivery.shopId, shops.id))
    .where(and(eq(shops.id, shopId), ownedShops(caller)))
    .limit(1);
  if (!row) throw notFound('Shop not found.');
  return answer(shopId, row.settings);
}

/**
 * PUT /api/property/shop/{shopId}/delivery: the whole of it replaced in one statement. A counter
 * keeps the id it was sent with (orders name it); a new one, or a repeated id, gets a new one.
 */
export async function replaceShopDelivery(
  db: Db,
  shopId: string,
  input: DeliverySettingsInput,
  caller: Caller,
): Promise<ShopDeliveryResponse> {
  const parsed = deliverySettingsInputSchema.parse(input);
  const seen = new Set<string>();
  const settings: DeliverySettings = {
    ...parsed,
    pickupCounters: parsed.pickupCounters.map((counter) => {
      const id = counter.id && !seen.has(counter.id) ? counter.id : randomUUID();
      seen.add(id);
      return { ...counter, id };
    }),
  };
  const stored = toStored(settings);
  // Ownership in the statement itself: a shop that is not the caller's is not written.
  const rows = await db
    .insert(shopDelivery)
    .select(
      db
        .select({
          shopId: shops.id,
          settings: sql`${JSON.stringify(stored)}::jsonb`.as('settings'),
          updatedAt: sql`now()`.as('updated_at'),
        })
        .from(shops)
        .where(and(eq(shops.id, shopId), ownedShops(caller))),
    )
    .onConflictDoUpdate({
      target: shopDelivery.shopId,
      set: { settings: sql`excluded.settings`, updatedAt: sql`now()` },
    })
    .returning({ shopId: shopDelivery.shopId });
  if (rows.length === 0) throw notFound('Shop not found.');
  return answer(shopId, stored);
}

/** The quote's read: a product's (or a shop's) shop and its stored settings; null: unknown. */
export async function deliveryOf(
  db: Db,
  target: { productId?: string | undefined; shopId?: string | undefined },
): Promise<{
  shop: { shopId: string; shopName: string; isDefault: boolean };
  settings: DeliverySettings;
} | null> {
  const [row] = target.productId
    ? await db
        .select({ shopId: products.shopId, shopName: shops.name, settings: shopDelivery.settings })
        .from(products)
        .innerJoin(shops, eq(shops.id, products.shopId))
        .leftJoin(shopDelivery, eq(shopDelivery.shopId, products.shopId))
        .where(and(eq(products.id, target.productId), isNull(products.deletedAt)))
        .limit(1)
    : await db
        .select({ shopId: shops.id, shopName: shops.name, settings: shopDelivery.settings })
        .from(shops)
        .leftJoin(shopDelivery, eq(shopDelivery.shopId, shops.id))
        .where(eq(shops.id, target.shopId ?? ''))
        .limit(1);
  if (!row) return null;
  const shop = { shopId: row.shopId, shopName: row.shopName, isDefault: row.settings === null };
  return { shop, settings: settingsOf(row.settings) };
}
