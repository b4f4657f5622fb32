// One Drizzle handle over either database. PGlite (embedded, one connection) is the default so
// `npm start` needs no server; PostgreSQL takes over when DATABASE_URL is set.
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
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

/**
 * Whether a failed query was PostgreSQL's error `code` (e.g. '23505' unique, '23503' foreign
 * key), looking through the wrappers a driver and Drizzle put around it.
 */
export function hasPgErrorCode(error: unknown, code: string, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === code || hasPgErrorCode(e.cause, code, depth + 1);
}

export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  /** Answers quickly whether the database is reachable (health checks). */
  ping(): Promise<void>;
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
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

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
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
