// Statements with parameters run prepared on PostgreSQL (db.ts prepareStatementsOn): checked on
// the connection itself, through PostgreSQL's own list of what it has prepared. PGlite has no
// named statements to check.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness';
import {
  openPostgres,
  PREPARED_PER_CONNECTION,
  prepareStatementsOn,
  rowsOf,
  statementName,
} from './db';

let client: pg.Client;

const preparedNames = async () =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
    (row) => row.name,
  );

describe.runIf(testDbKind() === 'postgres')('prepared statements (PostgreSQL)', () => {
  beforeEach(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    prepareStatementsOn(client);
  });
  afterEach(async () => {
    await client.end();
  });

  it('prepares a statement with parameters once, under its text’s name, and runs it again', async () => {
    const text = 'select $1::int + 1 as next';
    expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await client.query({ text, values: [41] })).rows).toEqual([{ next: 42 }]);
    expect(await preparedNames()).toEqual([statementName(text)]);
  });

  it('leaves statements without parameters, and ones named by the caller, as they are', async () => {
    await client.query('select 1');
    await client.query({ name: 'mine', text: 'select $1::text as t', values: ['a'] });
    expect((await preparedNames()).sort()).toEqual(['mine']);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements prepared on one connection`, async () => {
    for (let i = 0; i <= PREPARED_PER_CONNECTION; i++) {
      await client.query(`select $1::int + ${i} as n`, [i]);
    }
    const names = await preparedNames();
    expect(names).toHaveLength(PREPARED_PER_CONNECTION);
    // The one past the bound still answers, unnamed.
    expect(
      (await client.query(`select $1::int + ${PREPARED_PER_CONNECTION} as n`, [1])).rows,
    ).toEqual([{ n: PREPARED_PER_CONNECTION + 1 }]);
  });
});

describe.runIf(testDbKind() === 'postgres')('the pool (PostgreSQL)', () => {
  it('keeps a connection after a statement the server refused, and replaces one that broke', async () => {
    const database = await openPostgres(process.env.TEST_DATABASE_URL ?? '', 1);
    const backend = async () =>
      rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`))[0]
        ?.pid;
    try {
      const first = await backend();
      expect(first).toEqual(expect.any(Number));
      await expect(database.db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
      expect(await backend()).toBe(first);

      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [first]);
      await admin.end();
      // The statement that finds the connection gone may fail; the next has a new one.
      await backend().catch(() => undefined);
      const second = await backend();
      expect(second).toEqual(expect.any(Number));
      expect(second).not.toBe(first);
    } finally {
      await database.close();
    }
  });
});
