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
} as const;
