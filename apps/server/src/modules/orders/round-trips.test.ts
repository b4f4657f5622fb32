// An order's cost is mostly its round trips to the database (BENCHMARKS.md, issues 5 and 16):
// these count the statements one order and one checkout send, so a change that adds one shows
// up here rather than in a slower benchmark months later. PostgreSQL only: there every
// statement goes through a pooled client whose `query` can be counted.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { makeProduct } from '../../../test/order-fixtures';

let t: TestApp;
const { placeOrder } = httpClient(() => t);
const counted = new WeakSet<pg.PoolClient>();
// The statements of the call being counted only: the server's sweeps run beside it.
const sentBy = new AsyncLocalStorage<string[]>();

/** The first word of each statement `run` sends, through every client it takes from the pool. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  await sentBy.run(statements, run);
  return statements.map((text) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '');
}

describe.runIf(testDbKind() === 'postgres')('round trips of one order (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    pool.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        const [first] = args;
        sentBy
          .getStore()
          ?.push(typeof first === 'string' ? first : (first as { text: string }).text);
        return query(...args);
      };
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('places an order of two products in five statements, and confirms it in eight', async () => {
    const soap = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const oil = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined;
    // begin, the prices, the order with its lines, parts, history and stock, the client's open
    // orders, commit.
    expect(
      await statementsOf(async () => {
        placed = await placeOrder('', [soap, oil], 1);
      }),
    ).toEqual(['begin', 'select', 'with', 'select', 'commit']);
    if (!placed) throw new Error('no order');
    const { checkout } = placed;
    // begin, the order locked, its lines, the order with its history and units sold, its parts,
    // commit; then the answer's lines and parts.
    expect(
      await statementsOf(async () => {
        const res = await checkout();
        expect(res.statusCode, res.body).toBe(200);
      }),
    ).toEqual(['begin', 'select', 'select', 'with', 'update', 'commit', 'select', 'select']);
  });
});
