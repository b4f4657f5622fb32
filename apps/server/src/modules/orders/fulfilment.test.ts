// Each shop ships its part through HTTP: who may move which part, every part move the table
// allows and refuses, the order following its parts on single- and multi-shop orders, stock
// and refunds on cancellation, and the order's history.
import {
  orderHistorySchema,
  orderSchema,
  shopOrderSchema,
  type AuthResponse,
  type Order,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { products } from '../../platform/schema';
import { partRefundCents } from './parts';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, placeOrder } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Paid on delivery: the final checkout confirms at once (online payment has its own tests).
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
});

const stockOf = async (product: FixtureProduct) => {
  const [row] = await t.database.db
    .select({ stock: products.stock, count: products.count })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
};

/** A confirmed order of `quantity` of each product, through the API as the checkout makes it. */
async function placeConfirmed(items: FixtureProduct[], quantity = 2): Promise<Order> {
  const confirmed = await (await placeOrder(shopper.token, items, quantity)).checkout();
  if (confirmed.statusCode !== 200) throw new Error(`checkout failed: ${confirmed.body}`);
  return orderSchema.parse(confirmed.json());
}

const act = (token: string, shopId: string, orderId: string, action: string, body = {}) =>
  call('POST', `/api/property/shop/${shopId}/orders/${orderId}/${action}`, token, body);

const readOrder = async (orderId: string) =>
  orderSchema.parse((await call('GET', `/api/orders/${orderId}`, shopper.token)).json());

const twoShopOrder = async () => {
  const a = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA, stock: 10 });
  const b = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB, stock: 10 });
  return { a, b, order: await placeConfirmed([a, b]) };
};

describe('an order’s parts', () => {
  it('are made one per shop when the order is placed and confirmed with it', async () => {
    const { order } = await twoShopOrder();
    expect(order.status).toBe('confirmed');
    expect(order.parts.map((part) => [part.shopId, part.status]).sort()).toEqual(
      [
        [shopA, 'confirmed'],
        [shopB, 'confirmed'],
      ].sort(),
    );
    expect(order.parts.reduce((sum, part) => sum + part.subtotal, 0)).toBe(order.subtotal);
  });
});

describe('who may move a part', () => {
  it('lets the shop’s owner and an admin, and no one else, with a 404 for unknown ones', async () => {
    const { order } = await twoShopOrder();
    const url = (shopId: string) => `/api/property/shop/${shopId}/orders/${order._id}/ship`;
    expect((await call('POST', url(shopA), undefined, {})).statusCode).toBe(401);
    expect((await call('POST', url(shopA), shopper.token, {})).statusCode).toBe(403);
    expect((await call('POST', url(shopA), owner2.token, {})).statusCode).toBe(403);
    expect((await call('POST', url(shopA), owner.token, {})).statusCode).toBe(200);
    expect((await call('POST', url(shopB), admin.token, {})).statusCode).toBe(200);
    // Unknown orders, malformed ids and unknown actions.
    for (const orderId of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await act(owner.token, shopA, orderId, 'ship')).statusCode).toBe(404);
    }
    expect((await act(owner.token, shopA, order._id, 'refund')).statusCode).toBe(400);
    expect((await act(owner.token, shopA, order._id, 'ship', { paid: true })).statusCode).toBe(400);
    // A shop with no part in the order finds no such order.
    const single = await placeConfirmed([
      await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB }),
    ]);
    expect((await act(owner.token, shopA, single._id, 'ship')).statusCode).toBe(404);
  });

  it('shows each owner only their own part, with its lines, newest first', async () => {
    const earlier = await placeConfirmed([
      await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA }),
    ]);
    const { a, order } = await twoShopOrder();
    // A part that moves keeps its place: the owner's card does not jump away after a click.
    expect((await act(owner.token, shopA, order._id, 'ship')).statusCode).toBe(200);
    const res = await call('GET', `/api/property/shop/${shopA}/orders?pageSize=100`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const mine = shopOrderSchema.array().parse(res.json());
    const row = mine.find((o) => o._id === order._id);
    expect(row?.items.map((item) => item.productId)).toEqual([a.id]);
    expect(row?.part).toMatchObject({ shopId: shopA, status: 'shipped' });
    expect(row?.totalPrice).toBe(row?.part.subtotal);
    const ids = mine.map((o) => o._id);
    expect(ids.indexOf(order._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(order._id)).toBeLessThan(ids.indexOf(earlier._id));
    const placed = mine.map((o) => Date.parse(o.createdAt));
    expect(placed).toEqual([...placed].sort((x, y) => y - x));
    expect((await call('GET', `/api/property/shop/${shopA}/orders`, owner2.token)).statusCode).toBe(
      403,
    );
    const sent = await call(
      'GET',
      `/api/property/shop/${shopA}/orders?status=shipped&pageSize=100`,
      owner.token,
    );
    expect(
      shopOrderSchema
        .array()
        .parse(sent.json())
        .every((o) => o.part.status === 'shipped'),
    ).toBe(true);
  });
});

describe('moving parts, and the order following them', () => {
  it('ships the order when every part has left, delivers it when every part is delivered', async () => {
    const { order } = await twoShopOrder();
    const shipped = await act(owner.token, shopA, order._id, 'ship', {
      trackingNote: 'G4S parcel 12345',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shopOrderSchema.parse(shipped.json()).part).toMatchObject({
      status: 'shipped',
      trackingNote: 'G4S parcel 12345',
    });
    expect((await readOrder(order._id)).status).toBe('confirmed');
    // My Orders (the profile) says where each line stands, with the shop's tracking note.
    const profile = (await call('GET', '/api/user/profile', shopper.token)).json() as {
      orders: Array<{ id: string; status?: string; trackingNote?: string | null }>;
    };
    const lines = profile.orders.filter((line) => line.id === order._id);
    expect(lines.map((line) => [line.status, line.trackingNote]).sort()).toEqual(
      [
        ['confirmed', null],
        ['shipped', 'G4S parcel 12345'],
      ].sort(),
    );
    expect((await act(owner.token, shopA, order._id, 'deliver')).statusCode).toBe(200);
    expect((await readOrder(order._id)).status).toBe('confirmed');
    expect((await act(owner2.token, shopB, order._id, 'ship')).statusCode).toBe(200);
    expect((await readOrder(order._id)).status).toBe('shipped');
    expect((await act(owner2.token, shopB, order._id, 'deliver')).statusCode).toBe(200);
    const done = await readOrder(order._id);
    expect(done.status).toBe('delivered');
    expect(done.parts.find((p) => p.shopId === shopA)?.trackingNote).toBe('G4S parcel 12345');
  });

  it('refuses every move the table does not allow, changing nothing', async () => {
    const { order } = await twoShopOrder();
    // Not yet sent: cannot be delivered.
    const early = await act(owner.token, shopA, order._id, 'deliver');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('order_state');
    await act(owner.token, shopA, order._id, 'ship');
    for (const action of ['ship', 'cancel']) {
      expect((await act(owner.token, shopA, order._id, action)).statusCode, action).toBe(409);
    }
    await act(owner.token, shopA, order._id, 'deliver');
    for (const action of ['ship', 'deliver', 'cancel']) {
      expect((await act(owner.token, shopA, order._id, action)).statusCode, action).toBe(409);
    }
    await act(owner2.token, shopB, order._id, 'cancel');
    for (const action of ['ship', 'deliver', 'cancel']) {
      expect((await act(admin.token, shopB, order._id, action)).statusCode, action).toBe(409);
    }
    const after = await readOrder(order._id);
    expect(after.parts.map((p) => [p.shopId, p.status]).sort()).toEqual(
      [
        [shopA, 'delivered'],
        [shopB, 'cancelled'],
      ].sort(),
    );
    // One part delivered and the other cancelled: the order is delivered.
    expect(after.status).toBe('delivered');
  });

  it('gives a cancelled part’s stock back, uncounts its sales, and leaves the other part alone', async () => {
    const { a, b, order } = await twoShopOrder();
    const [aBefore, bBefore] = [await stockOf(a), await stockOf(b)];
    expect(aBefore?.stock).toBe(8);
    expect(aBefore?.count).toBe(2);
    const cancelled = await act(owner.token, shopA, order._id, 'cancel', {
      note: 'out of stock in the store room',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(a)).toEqual({ stock: 10, count: 0 });
    expect(await stockOf(b)).toEqual(bBefore);
    const after = await readOrder(order._id);
    expect(after.status).toBe('confirmed');
    // Paid on delivery: nothing was paid, nothing is owed.
    expect(after.refundReason).toBeNull();
    expect(after.parts.find((p) => p.shopId === shopA)?.refund).toBe(0);
    // The last part cancelled too: the order is cancelled, and the stock counted once.
    expect((await act(owner2.token, shopB, order._id, 'cancel')).statusCode).toBe(200);
    expect((await readOrder(order._id)).status).toBe('cancelled');
    expect(await stockOf(a)).toEqual({ stock: 10, count: 0 });
    expect(await stockOf(b)).toEqual({ stock: 10, count: 0 });
  });

  it('moves a single-shop order with its one part', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB });
    const order = await placeConfirmed([product], 1);
    expect(order.parts).toHaveLength(1);
    await act(owner2.token, shopB, order._id, 'ship');
    expect((await readOrder(order._id)).status).toBe('shipped');
    await act(owner2.token, shopB, order._id, 'deliver');
    expect((await readOrder(order._id)).status).toBe('delivered');
  });

  it('keeps every move in the order’s history, for admins only', async () => {
    const { order } = await twoShopOrder();
    await act(owner.token, shopA, order._id, 'ship', { trackingNote: 'Wells Fargo 77' });
    await act(admin.token, shopB, order._id, 'cancel', { note: 'shopper asked' });
    const url = `/api/order/${order._id}/history`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, shopper.token)).statusCode).toBe(403);
    expect((await call('GET', url, owner.token)).statusCode).toBe(403);
    const history = orderHistorySchema.parse((await call('GET', url, admin.token)).json());
    expect(history.map((h) => [h.from, h.to, h.actor, h.shopName])).toEqual([
      [null, 'pending_payment', 'shopper', null],
      ['pending_payment', 'confirmed', 'shopper', null],
      ['confirmed', 'shipped', 'owner', 'Soko Naturals'],
      ['confirmed', 'cancelled', 'admin', expect.any(String)],
      ['confirmed', 'shipped', 'admin', null],
    ]);
    expect(history[2]?.note).toBe('tracking: Wells Fargo 77');
    expect(history[2]?.actorName).toBeTruthy();
    expect(history[3]?.note).toBe('shopper asked');
  });
});

describe('an admin cancelling a whole order', () => {
  it('cancels a confirmed order not yet sent, and refuses one part of which has left', async () => {
    const { a, b, order } = await twoShopOrder();
    const url = `/api/order/${order._id}/cancel`;
    expect((await call('POST', url, owner.token, {})).statusCode).toBe(403);
    expect((await call('POST', url, shopper.token, {})).statusCode).toBe(403);
    const res = await call('POST', url, admin.token, { note: 'duplicate order' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = orderSchema.parse(res.json());
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.parts.every((part) => part.status === 'cancelled')).toBe(true);
    expect((await stockOf(a))?.stock).toBe(10);
    expect((await stockOf(b))?.stock).toBe(10);
    expect((await call('POST', url, admin.token, {})).statusCode).toBe(409);

    const second = await twoShopOrder();
    await act(owner.token, shopA, second.order._id, 'ship');
    const refused = await call('POST', `/api/order/${second.order._id}/cancel`, admin.token, {});
    expect(refused.statusCode).toBe(409);
    expect((await readOrder(second.order._id)).status).toBe('confirmed');
  });
});

describe('what a cancelled part of a paid order owes', () => {
  it('is its lines less their share of the discount', () => {
    const part = (subtotalCents: number, shopDiscountCents = 0) => ({
      subtotalCents,
      shopDiscountCents,
    });
    expect(partRefundCents({ subtotalCents: 10_000, discountCents: 1_000 }, part(4_000), 0)).toBe(
      3_600,
    );
    expect(partRefundCents({ subtotalCents: 3_000, discountCents: 1_000 }, part(1_000), 0)).toBe(
      667,
    );
    expect(partRefundCents({ subtotalCents: 0, discountCents: 0 }, part(0), 0)).toBe(0);
    // A shop's own code: all of it on its part, none on the other shop's.
    expect(
      partRefundCents({ subtotalCents: 10_000, discountCents: 1_000 }, part(4_000, 1_000), 1_000),
    ).toBe(3_000);
    expect(
      partRefundCents({ subtotalCents: 10_000, discountCents: 1_000 }, part(6_000), 1_000),
    ).toBe(6_000);
  });
});

describe.runIf(testDbKind() === 'postgres')('two owners moving at once (PostgreSQL)', () => {
  it('takes turns, and the order ends where its parts say', async () => {
    for (let round = 0; round < 5; round++) {
      const { order } = await twoShopOrder();
      await Promise.all([
        act(owner.token, shopA, order._id, 'ship'),
        act(owner2.token, shopB, order._id, 'ship'),
      ]);
      expect((await readOrder(order._id)).status).toBe('shipped');
      const results = await Promise.all([
        act(owner.token, shopA, order._id, 'deliver'),
        act(owner2.token, shopB, order._id, 'deliver'),
        act(admin.token, shopB, order._id, 'deliver'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
      expect((await readOrder(order._id)).status).toBe('delivered');
    }
  });
});
