// An order's cost is mostly its round trips to the database (BENCHMARKS.md, issues 5 and 16):
// these count the statements one order and one checkout send, so a change that adds one shows
// up here rather than in a slower benchmark months later. PostgreSQL only: there every
// statement goes through a pooled client whose `query` can be counted.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { makeProduct } from '../../../test/order-fixtures';

let t: TestApp;
const { placeOrder } = httpClient(() => t);
type Sent = { text: string; name: string | undefined; values: number };
// The statements of the call being counted only: the server's sweeps run beside it.
const sentBy = new AsyncLocalStorage<Sent[]>();
const clientQuery = pg.Client.prototype.query;

/** Each statement `run` sends, as node-postgres receives it (after the pool names it). */
async function sentDuring(run: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  await sentBy.run(sent, run);
  return sent;
}

/** The first word of each statement `run` sends, through every client it takes from the pool. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  return (await sentDuring(run)).map(
    ({ text }) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '',
  );
}

describe.runIf(testDbKind() === 'postgres')('round trips of one order (PostgreSQL)', () => {
  beforeAll(async () => {
    // Below the pool's statement naming (db.ts), which wraps each client's query as it connects.
    (pg.Client.prototype as unknown as { query: unknown }).query = function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [first, second] = args;
      const config = typeof first === 'string' ? { text: first } : (first as Partial<Sent>);
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] }).values;
      sentBy.getStore()?.push({
        text: config.text ?? '',
        name: config.name,
        values: Array.isArray(values) ? values.length : 0,
      });
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    };
    t = await createTestApp();
  });
  afterAll(async () => {
    pg.Client.prototype.query = clientQuery;
    await t?.close();
  });

  it('sends every statement of an order and its checkout that has parameters as a prepared one', async () => {
    const soap = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined;
    const placing = await sentDuring(async () => {
      placed = await placeOrder('', [soap], 1);
    });
    if (!placed) throw new Error('no order');
    const { checkout } = placed;
    const checkingOut = await sentDuring(async () => {
      const res = await checkout();
      expect(res.statusCode, res.body).toBe(200);
    });
    const withValues = [...placing, ...checkingOut].filter((sent) => sent.values > 0);
    expect(withValues.length).toBeGreaterThanOrEqual(6);
    for (const sent of withValues) expect(sent.name, sent.text).toEqual(expect.any(String));
    // The same order again is the same statements, under the same names.
    const again = await sentDuring(() => placeOrder('', [soap], 1));
    expect(again.map((sent) => sent.name)).toEqual(placing.map((sent) => sent.name));
  });

  it('places an order of two products in two statements, and confirms it in seven', async () => {
    const soap = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const oil = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    let placed: Awaited<ReturnType<typeof placeOrder>> | undefined;
    // The prices (they lock nothing), then one statement with no transaction around it: the
    // client's lock and open orders, the order with its lines, parts, history and stock.
    expect(
      await statementsOf(async () => {
        placed = await placeOrder('', [soap, oil], 1);
      }),
    ).toEqual(['select', 'with']);
    if (!placed) throw new Error('no order');
    const { checkout } = placed;
    // begin, the order locked, its lines, the order with its history and units sold, its parts
    // (a statement of their own: the daily sales triggers read the order's new state, which a
    // step of the order's own statement would not yet show them), commit; then the answer's
    // lines and parts, together.
    expect(
      await statementsOf(async () => {
        const res = await checkout();
        expect(res.statusCode, res.body).toBe(200);
      }),
    ).toEqual(['begin', 'select', 'select', 'with', 'update', 'commit', 'select']);
  });
});
