// The database decides "sold" where it cannot import the contract: the daily sales' and the
// ledger's triggers (migrations 0009, 0010). Each list of states there is read back from the
// running database and held to the contract's SOLD_STATUSES.
import { SOLD_STATUSES } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../platform/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const functionText = async (name: string) => {
  const [row] = rowsOf<{ text: string }>(
    await t.database.db.execute(
      sql`select pg_get_functiondef(p.oid) as text from pg_proc p where p.proname = ${name}`,
    ),
  );
  if (!row) throw new Error(`no function ${name}`);
  return row.text;
};

/** Every list of states written `in ('a', 'b', ...)` in a piece of SQL. */
const stateLists = (text: string) =>
  [...text.matchAll(/\bin\s*\(((?:\s*'[a-z_]+'(?:::[a-z_]+)?\s*,?)+)\)/gi)].map((match) =>
    [...(match[1] ?? '').matchAll(/'([a-z_]+)'/g)].map((state) => state[1]).sort(),
  );

const sold = [...SOLD_STATUSES].sort();

describe('the database’s lists of sold states', () => {
  it('are the contract’s in the daily sales’ and the ledger’s triggers', async () => {
    for (const name of ['soko_sale_day', 'soko_ledger_earns']) {
      const lists = stateLists(await functionText(name));
      expect(lists.length, name).toBeGreaterThan(0);
      for (const list of lists) expect(list, name).toEqual(sold);
    }
  });
});
