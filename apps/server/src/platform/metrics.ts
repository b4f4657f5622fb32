// Prometheus metrics at GET /metrics (decision 052), readable only with METRICS_TOKEN. Each app
// has its own registry (tests build several apps in one process); without the setting there is
// no registry, no request hook, and the route answers 404, so an unwatched shop pays nothing.
//
// Label values are bounded: a route's pattern (never the raw URL), a status class, an error's
// code (a literal in our code) or a payment state. What is read from the database (the outbox,
// the pool) is read when Prometheus scrapes, not kept up to date on every write.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ResponseCache } from './cache';
import { rowsOf, type Database } from './db';
import { AppError, notFound } from './errors';

/** What features count; every call is a no-op when metrics are off. */
export type Metrics = {
  orderPlaced(): void;
  /** An order refused with a client error: `reason` is the answer's stable error code. */
  orderRefused(reason: string): void;
  /** A payment reaching a final state (completed, failed, reversed). */
  paymentSettled(outcome: string): void;
};

export const NO_METRICS: Metrics = {
  orderPlaced: () => {},
  orderRefused: () => {},
  paymentSettled: () => {},
};

/** An error code or state as a label: our codes are short snake_case literals; anything else is 'other'. */
const boundedLabel = (value: string) => (/^[a-z][a-z0-9_]{0,39}$/.test(value) ? value : 'other');

/** Latency buckets in seconds: a cached read is a few milliseconds, an order tens of them. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  // Digests have one length whatever was sent, so the comparison time says nothing about it.
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

type OutboxRow = { status: string; n: number; due: number; oldest_seconds: number | null };

function createRegistry(database: Database, cache: ResponseCache) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'soko_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: 'soko_orders_placed_total',
    help: 'Orders placed (answered 201)',
    registers: [registry],
  });
  const ordersRefused = new Counter({
    name: 'soko_orders_refused_total',
    help: "Orders refused, by the answer's error code",
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const paymentsSettled = new Counter({
    name: 'soko_payments_total',
    help: 'Payments reaching a verified state, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Counter({
    name: 'soko_response_cache_hits_total',
    help: 'Storefront answers served from the response cache (or joined to a load in flight)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new Counter({
    name: 'soko_response_cache_misses_total',
    help: 'Storefront answers the response cache had to load',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });

  const databaseUp = new Gauge({
    name: 'soko_database_up',
    help: 'Whether the last scrape could read the database (1) or not (0)',
    registers: [registry],
    collect: () => readOnce(),
  });
  const outboxMessages = new Gauge({
    name: 'soko_outbox_messages',
    help: 'Messages not yet settled, by status (held: no channel set; queued; sending)',
    labelNames: ['status'] as const,
    registers: [registry],
    collect: () => readOnce(),
  });
  const outboxDue = new Gauge({
    name: 'soko_outbox_due_messages',
    help: 'Queued messages whose time to be sent has come',
    registers: [registry],
    collect: () => readOnce(),
  });
  const outboxOldest = new Gauge({
    name: 'soko_outbox_oldest_age_seconds',
    help: 'Age of the oldest message queued or being sent (0 when none)',
    registers: [registry],
    collect: () => readOnce(),
  });
  // One statement per scrape, over the outbox's partial index of unsettled rows. The registry
  // collects its metrics side by side, so the four gauges share the one read in flight.
  let reading: Promise<void> | undefined;
  const readOnce = () =>
    (reading ??= readOutbox().finally(() => {
      reading = undefined;
    }));
  const readOutbox = async () => {
    try {
      const rows = rowsOf<OutboxRow>(
        await database.db.execute(sql`
          select status, count(*)::int as n,
                 (count(*) filter (where status = 'queued' and next_attempt_at <= now()))::int as due,
                 extract(epoch from now() - min(created_at))::float8 as oldest_seconds
            from messages
           where status in ('held', 'queued', 'sending')
           group by status`),
      );
      databaseUp.set(1);
      outboxMessages.reset();
      for (const status of ['held', 'queued', 'sending']) outboxMessages.set({ status }, 0);
      let oldest = 0;
      let due = 0;
      for (const row of rows) {
        outboxMessages.set({ status: row.status }, Number(row.n));
        due += Number(row.due);
        if (row.status !== 'held') oldest = Math.max(oldest, Number(row.oldest_seconds ?? 0));
      }
      outboxDue.set(due);
      outboxOldest.set(oldest);
    } catch {
      // A scrape while the database is away still answers: the figures say so.
      databaseUp.set(0);
      outboxMessages.reset();
      outboxDue.reset();
      outboxOldest.reset();
    }
  };

  new Gauge({
    name: 'soko_database_info',
    help: 'The database this process runs on (1 for its kind)',
    labelNames: ['kind'] as const,
    registers: [registry],
  }).set({ kind: database.kind }, 1);
  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'soko_database_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  return { registry, requestSeconds, ordersPlaced, ordersRefused, paymentsSettled };
}

/**
 * Sets up metrics for one app: the registry, the request hook and GET /metrics when `token` is
 * set; the route alone (404) when not. Answers what features count with.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; database: Database; cache: ResponseCache },
): Metrics {
  const { token } = options;
  const parts = token ? createRegistry(options.database, options.cache) : undefined;

  app.get(
    '/metrics',
    // Public to the access hook: the metrics token, not a user's, is checked here.
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (!parts || !token) throw notFound();
      if (!bearerMatches(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, 'unauthorized', 'The metrics token is missing or wrong.');
      }
      const text = await parts.registry.metrics();
      return reply.header('cache-control', 'no-store').type(parts.registry.contentType).send(text);
    },
  );
  if (!parts) return NO_METRICS;

  // One child per (method, route, status class), found by a string key: the labels are hashed
  // once, not on every request.
  const children = new Map<string, ReturnType<typeof parts.requestSeconds.labels>>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${route} ${statusClass}`;
    let child = children.get(key);
    if (!child) {
      child = parts.requestSeconds.labels(request.method, route, statusClass);
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => {
    parts.registry.clear();
  });

  return {
    orderPlaced: () => parts.ordersPlaced.inc(),
    orderRefused: (reason) => parts.ordersRefused.inc({ reason: boundedLabel(reason) }),
    paymentSettled: (outcome) => parts.paymentsSettled.inc({ outcome: boundedLabel(outcome) }),
  };
}
