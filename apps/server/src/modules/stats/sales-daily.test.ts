// The dashboard's daily sales (sales_daily) as the triggers keep them through real order flows:
// after every move the rows equal what soko_sales_rebuild() counts from the orders themselves,
// and the figures move as a shop owner expects. On PostgreSQL, checkouts and cancellations at
// once from many connections leave them exact too, without a deadlock.
import { statsOverviewSchema, type AuthResponse, type StatsOverview } from '@soko/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, placeOrder: placeWith } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Paid on delivery: the checkout confirms the order, which is when it becomes a sale.
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
});

type Totals = Record<string, { cents: number; units: number; orders: number }>;

/** sales_daily with its slots added up, rows that come to nothing left out. */
async function salesRows(): Promise<Totals> {
  const rows = rowsOf<{ key: string; cents: number; units: number; orders: number }>(
    await t.database.db.execute(sql`
      select concat_ws('/', level, shop_id, day, product_key) as key,
             sum(cents)::float8 as cents, sum(units)::int as units, sum(orders)::int as orders
      from sales_daily group by level, shop_id, day, product_key
      having sum(cents) <> 0 or sum(units) <> 0 or sum(orders) <> 0`),
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.key,
      { cents: Number(row.cents), units: Number(row.units), orders: Number(row.orders) },
    ]),
  );
}

/** What the triggers kept, against everything counted again from the orders. */
async function expectKeptExactly() {
  const kept = await salesRows();
  await t.database.db.execute(sql`select soko_sales_rebuild()`);
  expect(kept).toEqual(await salesRows());
  expect(Object.keys(kept).length).toBeGreaterThan(0);
}

const placeOrder = (items: FixtureProduct[], quantity = 2) =>
  placeWith(shopper.token, items, quantity);

async function confirmedOrder(items: FixtureProduct[], quantity = 2) {
  const order = await placeOrder(items, quantity);
  const res = await order.checkout();
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.body}`);
  return order;
}

const act = (token: string, shopId: string, orderId: string, action: string) =>
  call('POST', `/api/property/shop/${shopId}/orders/${orderId}/${action}`, token, {});

async function stats(url: string, token: string): Promise<StatsOverview> {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return statsOverviewSchema.parse(res.json());
}
const shopStats = (shopId: string, token: string) =>
  stats(`/api/property/shop/${shopId}/stats`, token);
const marketStats = () => stats('/api/stats/overview', admin.token);

const product = (shopId: string, priceKsh: number) =>
  makeProduct(t.database.db, { payOnOrder: false, shopId, stock: 50, priceKsh });

describe('the daily sales the dashboard reads', () => {
  it('count an order when it is confirmed, not when it is placed', async () => {
    const a = await product(shopA, 300);
    const before = await shopStats(shopA, owner.token);
    const order = await placeOrder([a], 2);
    expect((await shopStats(shopA, owner.token)).sales).toBe(before.sales);
    expect((await order.checkout()).statusCode).toBe(200);
    const after = await shopStats(shopA, owner.token);
    expect(after.sales - before.sales).toBe(600);
    expect(after.orders - before.orders).toBe(1);
    expect(after.topProducts.find((top) => top.productId === a.id)).toMatchObject({
      units: 2,
      sales: 600,
    });
    await expectKeptExactly();
  });

  it('follow a two-shop order through shipping, delivery and one shop cancelling', async () => {
    const a = await product(shopA, 250);
    const b = await product(shopB, 400);
    const [marketBefore, aBefore, bBefore] = await Promise.all([
      marketStats(),
      shopStats(shopA, owner.token),
      shopStats(shopB, owner2.token),
    ]);
    const order = await confirmedOrder([a, b], 1);
    const marketAfter = await marketStats();
    expect(marketAfter.sales - marketBefore.sales).toBe(order.totalPrice);
    expect(marketAfter.orders - marketBefore.orders).toBe(1);

    expect((await act(owner.token, shopA, order._id, 'ship')).statusCode).toBe(200);
    expect((await act(owner.token, shopA, order._id, 'deliver')).statusCode).toBe(200);
    // Sent and handed over, it is the same sale.
    expect((await shopStats(shopA, owner.token)).sales - aBefore.sales).toBe(250);
    await expectKeptExactly();

    expect((await act(owner2.token, shopB, order._id, 'cancel')).statusCode).toBe(200);
    const bAfter = await shopStats(shopB, owner2.token);
    expect(bAfter.sales).toBe(bBefore.sales);
    expect(bAfter.orders).toBe(bBefore.orders);
    expect(bAfter.topProducts.some((top) => top.productId === b.id)).toBe(false);
    expect((await shopStats(shopA, owner.token)).sales - aBefore.sales).toBe(250);
    // The marketplace keeps the order, less the cancelled part.
    const marketCancelled = await marketStats();
    expect(marketCancelled.sales - marketBefore.sales).toBe(order.totalPrice - 400);
    expect(marketCancelled.orders - marketBefore.orders).toBe(1);
    await expectKeptExactly();
  });

  it('drop an order an admin cancels before anything is sent', async () => {
    const a = await product(shopA, 120);
    const b = await product(shopB, 80);
    const before = await marketStats();
    const order = await confirmedOrder([a, b], 3);
    expect((await marketStats()).orders - before.orders).toBe(1);
    const cancelled = await call('POST', `/api/order/${order._id}/cancel`, admin.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await marketStats();
    expect(after.sales).toBe(before.sales);
    expect(after.orders).toBe(before.orders);
    await expectKeptExactly();
  });
});

describe.runIf(testDbKind() === 'postgres')('the daily sales under concurrent writers', () => {
  it('stay exact with checkouts and cancellations at once from many connections', async () => {
    const a = await product(shopA, 90);
    const b = await product(shopB, 60);
    const before = await marketStats();
    const placed = [];
    for (let i = 0; i < 12; i += 1) placed.push(await placeOrder(i % 2 ? [a, b] : [b, a], 1));
    const confirmed = await Promise.all(placed.map((order) => order.checkout()));
    expect(confirmed.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    // Half the orders lose shop B's part while the other half are sent by shop A, at once.
    const moves = await Promise.all(
      placed.map((order, i) =>
        i % 2
          ? act(owner2.token, shopB, order._id, 'cancel')
          : act(owner.token, shopA, order._id, 'ship'),
      ),
    );
    expect(moves.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    const after = await marketStats();
    expect(after.orders - before.orders).toBe(12);
    const total = placed.reduce((sum, order) => sum + order.totalPrice, 0);
    expect(Math.round((after.sales - before.sales) * 100)).toBe(Math.round((total - 6 * 60) * 100));
    await expectKeptExactly();
  });
});
