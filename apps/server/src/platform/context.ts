// What every feature's routes receive: the settings and the shared services, built once.
import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResponseCache } from './cache';
import type { Config } from './config';
import type { Metrics } from './metrics';
import type { AttemptCounter } from './rate-limit';
import type { Database, Db } from './db';
import type { TenantDirectory } from './tenant';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  cache: ResponseCache;
  tenants: TenantDirectory;
  /** Counters for limits the route plugin cannot key (sign-in per email and address). */
  attempts: AttemptCounter;
  /** What features count for GET /metrics (no-ops when METRICS_TOKEN is unset). */
  metrics: Metrics;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Cache tags: a write drops the tags it touches. */
export const CACHE_TAGS = {
  catalog: 'catalog',
  shops: 'shops',
  blog: 'blog',
  /** Tenant rows: each process's tenant directory reloads when this tag drops. */
  tenants: 'tenants',
  product: (id: string) => `product:${id}`,
  /** A shop's delivery settings (its quotes); dropped at once when the owner saves them. */
  delivery: (shopId: string) => `delivery:${shopId}`,
} as const;

/** The tags of the products whose stock or units sold an order moved. */
export const productTags = (productIds: Iterable<string | null>): string[] => [
  ...new Set([...productIds].flatMap((id) => (id ? [CACHE_TAGS.product(id)] : []))),
];

const isProductLike = (value: object): value is { _id: string; variants: unknown[] } =>
  typeof (value as { _id?: unknown })._id === 'string' &&
  Array.isArray((value as { variants?: unknown }).variants);

/**
 * The tags of every product inside a cached answer (a listing, a page's first data): of the
 * contract's shapes only a product has both an `_id` and `variants`. An order moving one of
 * them drops the answer; nothing else an order does touches it.
 */
export function productTagsIn(value: unknown): string[] {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
    } else if (node !== null && typeof node === 'object') {
      if (isProductLike(node)) ids.add(node._id);
      for (const child of Object.values(node)) walk(child);
    }
  };
  walk(value);
  return productTags(ids);
}

/**
 * How late a stock figure (or a units-sold ranking) may show after an order moved it: orders
 * drop the answers of the products they touched at most this long after, all together
 * (ResponseCache.invalidateSoon). Prices and anything charged are dropped at once.
 */
export const STOCK_LAG_MS = 1_000;
