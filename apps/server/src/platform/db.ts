// One Drizzle handle over either database. PGlite (embedded, one connection) is the default so
// `npm start` needs no server; PostgreSQL takes over when DATABASE_URL is set.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableColumns, type Query, type SQL } from 'drizzle-orm';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTable,
} from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives: the database itself or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Rows of a raw `execute()`: both drivers answer with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// Both drivers write SQL through the same dialect; the handles use its defaults (no casing).
const dialect = new PgDialect();

/**
 * A statement's text and parameters, its per-run values left as named placeholders
 * (`sql.placeholder`). Drizzle builds a statement's text from its parts on every `execute()`,
 * which for an order's WITH statement cost more of the server's CPU than the rest of the order
 * (issue 16); a statement built once per shape only has its placeholders filled per run.
 */
export function buildStatement(statement: SQL): Query {
  return dialect.sqlToQuery(statement);
}

/**
 * Runs a built statement with a value for each of its placeholders, as `execute()` runs a raw
 * statement (its rows in `rowsOf`). Values go to the driver as given where the placeholder stands
 * in raw SQL, and through the column's encoding where it stands for a column's value (an insert's
 * values): a Date for a timestamp column, an ISO string in raw SQL. Drizzle runs a column's encoding
 * on a null too, so a column that may be null takes a raw placeholder and `encodeColumn`'s value.
 */
export function runStatement(
  db: Db | Tx,
  query: Query,
  values: Record<string, unknown>,
): Promise<unknown> {
  return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
}

/**
 * A row of `table` out of a raw row holding its columns under their SQL names (`select t.*`),
 * each value decoded as Drizzle's own selects decode it (both drivers hand timestamps to Drizzle
 * as text, which the column turns into a Date). For the hot reads that run a built statement.
 */
export function decodeRow<TTable extends PgTable>(
  table: TTable,
  raw: Record<string, unknown>,
): TTable['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TTable['$inferSelect'];
}

/** A value for `table`'s column (by its key) as the driver takes it: what Drizzle would send. */
export function encodeColumn(table: PgTable, key: string, value: unknown): unknown {
  const column = getTableColumns(table)[key];
  if (!column) throw new Error(`${key} is not a column`);
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

/**
 * Whether a failed query was PostgreSQL's error `code` (e.g. '23505' unique, '23503' foreign
 * key), looking through the wrappers a driver and Drizzle put around it.
 */
export function hasPgErrorCode(error: unknown, code: string): boolean {
  return pgErrorOf(error, code) !== null;
}

/** PostgreSQL's error `code` found through the same wrappers, with its message and DETAIL. */
export function pgErrorOf(
  error: unknown,
  code: string,
  depth = 0,
): { message: string; detail?: string } | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; cause?: unknown };
  if (e.code !== code) return pgErrorOf(e.cause, code, depth + 1);
  return {
    message: typeof e.message === 'string' ? e.message : '',
    ...(typeof e.detail === 'string' ? { detail: e.detail } : {}),
  };
}

export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process sharing the database runs its own: processes started
   * together (two behind a proxy) migrate and seed one after the other, so neither applies a
   * migration the other is applying or seeds the demo twice. The embedded database has one
   * process by its lock file.
   */
  whileAlone<T>(work: () => Promise<T>): Promise<T>;
  /** Answers quickly whether the database is reachable (health checks). */
  ping(): Promise<void>;
  /** PostgreSQL's pool now: connections open, idle, and requests waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** The embedded database's whole data folder as a tarball (test templates). */
  dump?: () => Promise<Blob>;
};

// The committed SQL migrations: apps/server/drizzle, found from the source (src/platform) or
// from the bundle (dist).
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // Search's extensions (migration 0005); a server has them in its contrib package.
    extensions: { pg_trgm, unaccent },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    whileAlone: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Distinct statements one connection keeps prepared. Past it a new statement runs unnamed, as
 * before: the cache is bounded like pgx's (512) rather than grown by every admin filter.
 */
export const PREPARED_PER_CONNECTION = 256;
/** Names of the statement texts seen so far (a text names its statement by its hash). */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 4_096;

/** The name a statement text is prepared under: the same text, the same name, on every connection. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) return undefined;
    name = `soko_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Every statement with parameters becomes a named (prepared) statement on this connection,
 * named by its text: PostgreSQL parses and plans it once per connection, then only binds and runs
 * it (and after five runs may keep a generic plan, which `plan_cache_mode = auto` takes only when
 * it costs no more than the custom ones). Drizzle builds the same text for the same query shape,
 * with the values apart, so an order's statements repeat exactly. node-postgres prepares a named
 * statement the first time a connection sends it (https://node-postgres.com/features/queries).
 */
export function prepareStatementsOn(client: pg.ClientBase): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const [first, values] = args;
    const config: QueryConfigLike | null =
      typeof first === 'string'
        ? { text: first }
        : first && typeof first === 'object'
          ? first
          : null;
    if (!config) return query(...args);
    const { text, name, submit } = config;
    const params = Array.isArray(values) ? values : config.values;
    if (typeof text !== 'string' || name !== undefined || submit !== undefined) {
      return query(...args);
    }
    if (!Array.isArray(params) || params.length === 0) return query(...args);
    const named = statementName(text);
    if (named === undefined) return query(...args);
    if (!prepared.has(named)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return query(...args);
      prepared.add(named);
    }
    return query({ ...config, name: named }, ...args.slice(1));
  };
}

/**
 * pg-pool's own `query` closes its connection after any failed statement, even one the server
 * refused on a healthy connection (a unique key taken, an order refused by its own statement,
 * orders/placing.ts). Under load such refusals are ordinary, and each new connection costs the
 * server a process and every prepared statement again; so here only a failure that is not the
 * server's answer (a broken socket, a timeout) closes the connection.
 */
function keepConnectionsOnRefusals(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const keeping = (...args: unknown[]): unknown => {
    const [first] = args;
    const callback = typeof args[args.length - 1] === 'function';
    const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (callback || submittable) return query(...args);
    return (async () => {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error: unknown) {
        if (!(error instanceof pg.DatabaseError)) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        throw error;
      } finally {
        client.release(failure);
      }
    })();
  };
  pool.query = keeping as typeof pool.query;
}

/**
 * A node-postgres client emits 'error' whenever its connection breaks (reset, closed, or ended by
 * the server with 57P01 when PostgreSQL restarts or a backend is terminated), and it does so even
 * while it fails the query in flight with the same error. pg-pool listens only while a client is
 * idle in the pool; a client checked out for a request or a transaction had no listener, and an
 * 'error' event with no listener ends the process (issue 28). The request learns of the failure
 * from its query (or from the next one, which a broken client refuses as "not queryable") and
 * answers 503; pg-pool then discards the client when it is released, as it is no longer
 * queryable, so nothing more is needed here than the listener.
 */
function keepAliveOnLostConnection(client: pg.ClientBase): void {
  client.on('error', () => {});
}

// Any fixed number: the advisory lock Soko's processes take while they start (whileAlone).
const START_LOCK_KEY = 0x50_4b_4f;

export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A database that does not answer should fail a request fast (503), not hang it.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    prepareStatementsOn(client);
    keepAliveOnLostConnection(client);
  });
  keepConnectionsOnRefusals(pool);
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
    whileAlone: async (work) => {
      // A session lock, held on one connection for the whole of `work` (which uses others).
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}
