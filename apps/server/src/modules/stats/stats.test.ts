// The dashboard's figures through HTTP: exact sums, averages, Nairobi day buckets and best
// sellers on orders made here, what does not count as a sale, a shop seeing only its own lines,
// and who may ask.
import {
  authResponseSchema,
  shopSchema,
  statsOverviewSchema,
  type AuthResponse,
  type OrderStatus,
  type StatsOverview,
} from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { categories, orderLines, orderParts, orders, products } from '../../../src/platform/schema';

let t: TestApp;
let admin: AuthResponse;
let demoOwner: AuthResponse;
let customer: AuthResponse;

const call = (url: string, token?: string, method: 'GET' | 'POST' = 'GET', body?: object) =>
  t.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const signIn = async (email: string): Promise<AuthResponse> => {
  const res = await call('/api/user/signin', undefined, 'POST', {
    email,
    password: 'soko-demo-pass',
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

let accounts = 0;
/** A new account that opens a shop of its own: a shop no other test's orders touch. */
async function newShop(): Promise<{ owner: AuthResponse; shopId: string; categoryId: string }> {
  accounts += 1;
  const signup = await call('/api/user/signup', undefined, 'POST', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: `wanjiru-${accounts}-${Date.now()}@example.com`,
    password: 'a-long-enough-password',
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const owner = authResponseSchema.parse(signup.json());
  const created = await call('/api/property/shop/create', owner.token, 'POST', {
    name: `Wanjiru Botanicals ${accounts}`,
    owner: 'Wanjiru Kamau',
    owneremail: 'wanjiru@example.com',
    contact: { email: 'hello@wanjiru.example', phoneno: '0712 345 678' },
    location: { address: 'Moi Avenue, Nairobi', mapurl: [] },
  });
  if (created.statusCode !== 201) throw new Error(`shop create failed: ${created.body}`);
  const shopId = shopSchema.parse(created.json())._id;
  const [category] = await t.database.db
    .insert(categories)
    .values({ shopId, name: 'Oils' })
    .returning({ id: categories.id });
  if (!category) throw new Error('category insert returned nothing');
  return { owner, shopId, categoryId: category.id };
}

async function newProduct(shop: { shopId: string; categoryId: string }, name: string) {
  const [product] = await t.database.db
    .insert(products)
    .values({ shopId: shop.shopId, categoryId: shop.categoryId, name, priceCents: 100, stock: 5 })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned nothing');
  return { id: product.id, shopId: shop.shopId, name };
}
type Product = Awaited<ReturnType<typeof newProduct>>;

let orderCount = 0;
/**
 * An order as the orders module leaves it, written straight to the table so that its state and
 * its confirmation time are exactly what the test needs. Lines are [product, unit Ksh, quantity].
 */
async function placeOrder(
  status: OrderStatus,
  confirmedAt: Date | null,
  lines: Array<[Product, number, number]>,
  shippingKsh = 10,
  cancelledShops: string[] = [],
): Promise<number> {
  orderCount += 1;
  const subtotalCents = lines.reduce((sum, [, ksh, quantity]) => sum + ksh * 100 * quantity, 0);
  const totalCents = subtotalCents + shippingKsh * 100;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderNumber: `SK-STATS-${Date.now()}-${orderCount}`,
      status,
      payOnOrder: true,
      subtotalCents,
      shippingCents: shippingKsh * 100,
      totalCents,
      shippingOption: 'standard',
      confirmedAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  await t.database.db.insert(orderLines).values(
    lines.map(([product, ksh, quantity], position) => ({
      orderId: order.id,
      productId: product.id,
      shopId: product.shopId,
      name: product.name,
      unitPriceCents: ksh * 100,
      quantity,
      position,
    })),
  );
  // One part per shop, in the state the order's fulfilment stands at (as the orders module and
  // its migration leave them); `cancelledShops` are parts the shop cancelled.
  const partTotals = new Map<string, number>();
  for (const [product, ksh, quantity] of lines) {
    partTotals.set(product.shopId, (partTotals.get(product.shopId) ?? 0) + ksh * 100 * quantity);
  }
  await t.database.db.insert(orderParts).values(
    [...partTotals].map(([shopId, partCents]) => ({
      orderId: order.id,
      shopId,
      subtotalCents: partCents,
      status: cancelledShops.includes(shopId)
        ? ('cancelled' as const)
        : status === 'confirmed' || status === 'shipped' || status === 'delivered'
          ? status
          : status === 'cancelled' || status === 'reversed'
            ? ('cancelled' as const)
            : ('pending_payment' as const),
    })),
  );
  return totalCents / 100;
}

const HOUR = 3_600_000;
/** Today's date in Nairobi (UTC+3 all year) and the instant its day began. */
function nairobiToday() {
  const date = new Date(Date.now() + 3 * HOUR).toISOString().slice(0, 10);
  return { date, midnight: new Date(`${date}T00:00:00+03:00`) };
}
/** An instant `daysAgo` Nairobi days back, `hour` hours after that day's midnight. */
const nairobi = (daysAgo: number, hour: number) =>
  new Date(nairobiToday().midnight.getTime() - daysAgo * 24 * HOUR + hour * HOUR);
const dateOf = (daysAgo: number) =>
  new Date(nairobiToday().midnight.getTime() - daysAgo * 24 * HOUR + 3 * HOUR)
    .toISOString()
    .slice(0, 10);

async function overview(url: string, token: string): Promise<StatsOverview> {
  const res = await call(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return statsOverviewSchema.parse(res.json());
}
const dayOf = (stats: StatsOverview, date: string) => stats.daily.find((d) => d.date === date);

beforeAll(async () => {
  t = await createTestApp();
  [admin, demoOwner, customer] = await Promise.all([
    signIn('admin@soko.test'),
    signIn('owner@soko.test'),
    signIn('shopper@soko.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('a shop’s figures', () => {
  it('sums its sold lines of the last 30 Nairobi days, per day, with its best sellers', async () => {
    const shop = await newShop();
    const other = await newShop();
    const [oil, soap, balm, butter] = await Promise.all([
      newProduct(shop, 'Baobab oil'),
      newProduct(shop, 'Honey soap'),
      newProduct(shop, 'Shea balm'),
      newProduct(shop, 'Cocoa butter'),
    ]);
    const elsewhere = await newProduct(other, 'Someone else’s oil');

    // Today, early in Nairobi's day (still yesterday in UTC): 2 x 1,500 oil + 1 x 250.50 soap.
    await placeOrder('confirmed', nairobi(0, 0.5), [
      [oil, 1500, 2],
      [soap, 250.5, 1],
    ]);
    // Yesterday, late in Nairobi's day (already today in UTC), shipped: 4,500 balm and a line
    // of another shop, which is not this shop's sale.
    await placeOrder('shipped', nairobi(1, 23.5), [
      [balm, 4500, 1],
      [elsewhere, 999, 3],
    ]);
    // The period's first day, delivered: 3 x 1,000 butter (ties the oil on sales, more units).
    await placeOrder('delivered', nairobi(29, 0.25), [[butter, 1000, 3]]);
    // Not sales: the day before the period, cancelled, unpaid, failed, reversed.
    await placeOrder('delivered', nairobi(30, 23.75), [[oil, 7000, 1]]);
    await placeOrder('cancelled', nairobi(0, 1), [[oil, 7000, 1]]);
    await placeOrder('pending_payment', null, [[oil, 7000, 1]]);
    await placeOrder('payment_failed', null, [[soap, 7000, 1]]);
    await placeOrder('reversed', nairobi(2, 5), [[balm, 7000, 1]]);

    const stats = await overview(`/api/property/shop/${shop.shopId}/stats`, shop.owner.token);
    expect(stats.from).toBe(dateOf(29));
    expect(stats.to).toBe(nairobiToday().date);
    expect(stats.sales).toBe(3000 + 250.5 + 4500 + 3000);
    expect(stats.orders).toBe(3);
    expect(stats.averageOrderValue).toBe(3583.5);
    // Only today's order is confirmed and not sent; the shipped one has left.
    expect(stats.waitingToShip).toBe(1);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.map((d) => d.date)).toEqual([...stats.daily.map((d) => d.date)].sort());
    expect(dayOf(stats, dateOf(0))).toEqual({ date: dateOf(0), sales: 3250.5, orders: 1 });
    expect(dayOf(stats, dateOf(1))).toEqual({ date: dateOf(1), sales: 4500, orders: 1 });
    expect(stats.daily[0]).toEqual({ date: dateOf(29), sales: 3000, orders: 1 });
    expect(stats.daily.filter((d) => d.orders === 0)).toHaveLength(27);
    expect(stats.daily.filter((d) => d.orders === 0).every((d) => d.sales === 0)).toBe(true);
    expect(stats.topProducts).toEqual([
      { productId: balm.id, name: 'Shea balm', units: 1, sales: 4500 },
      { productId: butter.id, name: 'Cocoa butter', units: 3, sales: 3000 },
      { productId: oil.id, name: 'Baobab oil', units: 2, sales: 3000 },
      { productId: soap.id, name: 'Honey soap', units: 1, sales: 250.5 },
    ]);

    // The other shop sees its own line of the shared order only.
    const theirs = await overview(`/api/property/shop/${other.shopId}/stats`, other.owner.token);
    expect(theirs).toMatchObject({ sales: 2997, orders: 1, averageOrderValue: 2997 });
    expect(theirs.waitingToShip).toBe(0);
    expect(theirs.topProducts).toEqual([
      { productId: elsewhere.id, name: 'Someone else’s oil', units: 3, sales: 2997 },
    ]);

    // Seven days reach back to the shipped order but not to the period's first one.
    const week = await overview(`/api/property/shop/${shop.shopId}/stats?days=7`, shop.owner.token);
    expect(week).toMatchObject({ from: dateOf(6), sales: 7750.5, orders: 2 });
    expect(week.daily).toHaveLength(7);
    // ...and the year reaches the one before the 30 days.
    const year = await overview(`/api/property/shop/${shop.shopId}/stats?days=365`, admin.token);
    expect(year).toMatchObject({ from: dateOf(364), sales: 17750.5, orders: 4 });
    expect(year.daily).toHaveLength(365);
  });

  it('answers zeros for a shop that has sold nothing', async () => {
    const shop = await newShop();
    const stats = await overview(`/api/property/shop/${shop.shopId}/stats`, shop.owner.token);
    expect(stats).toMatchObject({
      sales: 0,
      orders: 0,
      averageOrderValue: 0,
      waitingToShip: 0,
      topProducts: [],
    });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.every((d) => d.sales === 0 && d.orders === 0)).toBe(true);
  });
});

describe('every shop’s figures, for an admin', () => {
  it('adds the totals of the period’s sold orders, shipping included', async () => {
    const before = await overview('/api/stats/overview', admin.token);
    const shop = await newShop();
    const other = await newShop();
    const oil = await newProduct(shop, 'Marula oil');
    const soap = await newProduct(other, 'Charcoal soap');

    const today = await placeOrder(
      'confirmed',
      nairobi(0, 0.5),
      [
        [oil, 800, 2],
        [soap, 300, 1],
      ],
      20,
    );
    const earlier = await placeOrder('delivered', nairobi(3, 12), [[soap, 450, 1]]);
    await placeOrder('cancelled', nairobi(0, 2), [[oil, 9000, 1]]);
    await placeOrder('pending_payment', null, [[oil, 9000, 1]]);
    await placeOrder('delivered', nairobi(31, 12), [[oil, 9000, 1]]);

    const after = await overview('/api/stats/overview', admin.token);
    expect(today).toBe(1920);
    expect(earlier).toBe(460);
    expect(after.sales - before.sales).toBe(1920 + 460);
    expect(after.orders - before.orders).toBe(2);
    expect(after.waitingToShip - before.waitingToShip).toBe(1);
    expect(after.averageOrderValue).toBe(Math.round((after.sales / after.orders) * 100) / 100);
    const delta = (stats: StatsOverview, daysAgo: number) =>
      dayOf(stats, dateOf(daysAgo)) ?? { sales: NaN, orders: NaN };
    expect(delta(after, 0).sales - delta(before, 0).sales).toBe(1920);
    expect(delta(after, 0).orders - delta(before, 0).orders).toBe(1);
    expect(delta(after, 3).sales - delta(before, 3).sales).toBe(460);
    expect(after.daily.reduce((sum, d) => sum + d.orders, 0)).toBe(after.orders);
    expect(after.topProducts.length).toBeLessThanOrEqual(5);
    const sales = after.topProducts.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });
});

describe('a shop’s part cancelled after the order was confirmed', () => {
  it('is no sale of that shop, nor of the marketplace, and nothing to ship', async () => {
    const before = await overview('/api/stats/overview', admin.token);
    const shop = await newShop();
    const other = await newShop();
    const oil = await newProduct(shop, 'Marula oil');
    const soap = await newProduct(other, 'Charcoal soap');
    await placeOrder(
      'confirmed',
      nairobi(0, 1),
      [
        [oil, 800, 1],
        [soap, 300, 1],
      ],
      10,
      [shop.shopId],
    );
    const cancelledShop = await overview(
      `/api/property/shop/${shop.shopId}/stats`,
      shop.owner.token,
    );
    expect(cancelledShop).toMatchObject({ sales: 0, orders: 0, waitingToShip: 0 });
    const otherShop = await overview(`/api/property/shop/${other.shopId}/stats`, other.owner.token);
    expect(otherShop).toMatchObject({ sales: 300, orders: 1, waitingToShip: 1 });
    const after = await overview('/api/stats/overview', admin.token);
    // The order's total less the cancelled part: the other shop's line and the shipping.
    expect(after.sales - before.sales).toBe(310);
  });
});

describe('who may ask', () => {
  it('serves the admin every shop and each owner their own shop only', async () => {
    const shop = await newShop();
    const shopUrl = `/api/property/shop/${shop.shopId}/stats`;
    expect((await call(shopUrl)).statusCode).toBe(401);
    expect((await call(shopUrl, customer.token)).statusCode).toBe(403);
    expect((await call(shopUrl, demoOwner.token)).statusCode).toBe(403);
    expect((await call(shopUrl, shop.owner.token)).statusCode).toBe(200);
    expect((await call(shopUrl, admin.token)).statusCode).toBe(200);

    const adminUrl = '/api/stats/overview';
    expect((await call(adminUrl)).statusCode).toBe(401);
    expect((await call(adminUrl, customer.token)).statusCode).toBe(403);
    expect((await call(adminUrl, shop.owner.token)).statusCode).toBe(403);
    expect((await call(adminUrl, admin.token)).statusCode).toBe(200);
  });

  it('refuses a period outside 7 to 365 whole days, and unknown fields (400)', async () => {
    const shop = await newShop();
    for (const query of ['days=6', 'days=366', 'days=abc', 'days=7.5', 'days=30&shop=x']) {
      for (const [url, token] of [
        [`/api/stats/overview?${query}`, admin.token],
        [`/api/property/shop/${shop.shopId}/stats?${query}`, shop.owner.token],
      ] as const) {
        const res = await call(url, token);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
    }
  });
});
