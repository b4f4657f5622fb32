// The database side of a backup (decision 051): the same SQL on the embedded database and on
// PostgreSQL, so a backup of one restores into the other. Rows travel as `to_jsonb(row)` and come
// back through `jsonb_populate_recordset`: PostgreSQL's own conversions both ways, exact for
// every type Soko uses (numbers, timestamps, enums, arrays, jsonb, tsvector is generated).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { migrationsFolder } from '../platform/db';
import { BackupError } from './archive';

/** One connection, either driver: rows as plain objects. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `work` in one transaction, committed when it returns and rolled back when it throws.
   * On PGlite through its own `transaction()`, which holds its one connection for the whole:
   * a server's background work on the same instance cannot slip a statement in between.
   */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
}

export function pgliteClient(client: PGlite): SqlClient {
  return {
    query: async (text, params) => (await client.query(text, params)).rows as never,
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params)).rows as never,
          transaction: () => Promise.reject(new Error('already in a transaction')),
        }),
      ),
  };
}

export function postgresClient(client: pg.ClientBase): SqlClient {
  const self: SqlClient = {
    query: async (text, params) => (await client.query(text, params)).rows as never,
    transaction: async (work) => {
      await client.query('begin');
      try {
        const result = await work(self);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    },
  };
  return self;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type Migration = { tag: string; createdAt: number; hash: string; sql: string[] };

/** The migrations this code knows, oldest first, with their journal tags. */
export function knownMigrations(): Migration[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((file, index) => ({
    tag: journal.entries[index]?.tag ?? String(file.folderMillis),
    createdAt: file.folderMillis,
    hash: file.hash,
    sql: file.sql,
  }));
}

/** The last migration applied to a database (drizzle's own bookkeeping), or null for none. */
export async function migrationLevel(client: SqlClient): Promise<Migration | null> {
  const [exists] = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return null;
  const [last] = await client.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const known = knownMigrations().find((migration) => migration.createdAt === createdAt);
  return known ?? { tag: `unknown (${createdAt})`, createdAt, hash: last.hash, sql: [] };
}

/**
 * Runs the known migrations up to and including `level`, writing drizzle's bookkeeping as its
 * migrator does (so the server's own `migrate()` at start goes on from there). On the caller's
 * connection, inside the caller's transaction: drizzle's migrator would open its own.
 */
export async function migrateTo(client: SqlClient, level: number): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    `create table if not exists drizzle.__drizzle_migrations (
       id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of knownMigrations()) {
    if (migration.createdAt > level) break;
    for (const statement of migration.sql) {
      if (statement.trim()) await client.query(statement);
    }
    await client.query(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      [migration.hash, migration.createdAt],
    );
  }
}

export type TableInfo = {
  name: string;
  /** Columns a row is written with: every one but generated columns. */
  columns: string[];
  /** A column referencing the table itself, whose rows must come before the rows naming them. */
  selfReference: string | null;
  hasCreatedAt: boolean;
};

/**
 * Soko's tables (schema public), each after every table its foreign keys point to, so rows load
 * with the keys checked as they go.
 */
export async function tablesInOrder(client: SqlClient): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await client.query<{ table: string; column: string; generated: string }>(
    `select c.relname as table, a.attname as column, a.attgenerated::text as generated
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
  );
  const references = await client.query<{ table: string; referenced: string; column: string }>(
    `select c.relname as table, r.relname as referenced, a.attname as column
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = k.confrelid
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const dependsOn = new Map<string, Set<string>>();
  const selfReference = new Map<string, string>();
  for (const { table, referenced, column } of references) {
    if (table === referenced) selfReference.set(table, column);
    else dependsOn.set(table, (dependsOn.get(table) ?? new Set()).add(referenced));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`Foreign keys go round in a circle through ${name}`);
    visiting.add(name);
    for (const other of dependsOn.get(name) ?? []) place(other);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of tables) place(name);
  return ordered.map((name) => {
    const own = columns.filter((column) => column.table === name);
    return {
      name,
      columns: own.filter((column) => column.generated === '').map((column) => column.column),
      selfReference: selfReference.get(name) ?? null,
      hasCreatedAt: own.some((column) => column.column === 'created_at'),
    };
  });
}

/** The order a table's rows are written in: a row its own table references comes first. */
export function rowOrder(table: TableInfo): string {
  if (!table.selfReference) return '';
  return ` order by ${quote(table.selfReference)} is not null${table.hasCreatedAt ? ', created_at' : ''}`;
}

export type SequenceValue = { name: string; value: string | null };

export async function readSequences(client: SqlClient): Promise<SequenceValue[]> {
  const rows = await client.query<{ name: string; value: string | number | null }>(
    `select sequencename as name, last_value as value from pg_sequences
     where schemaname = 'public' order by sequencename`,
  );
  return rows.map((row) => ({
    name: row.name,
    value: row.value === null ? null : String(row.value),
  }));
}

export async function writeSequences(client: SqlClient, values: SequenceValue[]): Promise<void> {
  for (const { name, value } of values) {
    if (value === null) continue;
    await client.query('select setval($1, $2::bigint, true)', [`public.${quote(name)}`, value]);
  }
}

/** Tables found in a database that should be empty; none means it may be restored into. */
export async function existingTables(client: SqlClient): Promise<string[]> {
  const rows = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The backup's migration, checked against the ones this code knows. */
export function checkLevel(level: { tag: string; createdAt: number }): void {
  const known = knownMigrations();
  const latest = known[known.length - 1];
  if (latest && level.createdAt > latest.createdAt) {
    throw new BackupError(
      `This backup was made by a newer Soko (its database is at migration ${level.tag}; this ` +
        `code knows migrations up to ${latest.tag}). Update Soko, then restore. Nothing was restored.`,
    );
  }
  if (!known.some((migration) => migration.createdAt === level.createdAt)) {
    throw new BackupError(
      `This backup's database is at migration ${level.tag}, which this code does not know. ` +
        'Nothing was restored.',
    );
  }
}
