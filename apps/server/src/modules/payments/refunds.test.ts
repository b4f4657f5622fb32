// Refunds through HTTP with the sandbox provider: an admin cancelling a paid order and giving
// the money back, a cancelled part refunded on its own, the provider's rule of one refund per
// payment, a refusal, settling by hand, who may do any of it, and a cancel racing a payment.
import {
  createOrderResponseSchema,
  orderSchema,
  refundQueueSchema,
  refundResultSchema,
  type AuthResponse,
  type Order,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct, orderBody, type FixtureProduct } from '../../../test/order-fixtures';
import { products, sandboxTransactions } from '../../platform/schema';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, startSandboxPayment, sandbox } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Both shops take payment online, so every order here is paid in the sandbox.
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, true));
});
afterAll(async () => {
  await t?.close();
});

type Placed = { orderId: string; products: FixtureProduct[]; trackingId: string };

/** An order placed and started paying in the sandbox; `pay` completes the payment. */
async function placeAndStart(shopIds: string[], quantity = 2): Promise<Placed> {
  const items = await Promise.all(
    shopIds.map((shopId) => makeProduct(t.database.db, { payOnOrder: true, shopId, stock: 10 })),
  );
  const body = orderBody(items.map((product) => ({ product, quantity })));
  const created = createOrderResponseSchema.parse(
    (await call('POST', '/api/order/create', shopper.token, body)).json(),
  );
  const trackingId = await startSandboxPayment(shopper.token, created._id);
  return { orderId: created._id, products: items, trackingId };
}

const pay = (placed: Placed) => sandbox(placed.trackingId, 'pay');

async function placePaid(shopIds: string[], quantity = 2): Promise<Placed> {
  const placed = await placeAndStart(shopIds, quantity);
  const paid = await pay(placed);
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  return placed;
}

const readOrder = async (orderId: string): Promise<Order> =>
  orderSchema.parse((await call('GET', `/api/orders/${orderId}`, shopper.token)).json());
const queue = async () =>
  refundQueueSchema.parse((await call('GET', '/api/order/refunds', admin.token)).json());
const refund = (orderId: string, token = admin.token) =>
  call('POST', `/api/order/${orderId}/refund`, token, {});
const stockOf = async (product: FixtureProduct) =>
  (
    await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]?.stock;

describe('an admin cancelling a paid order', () => {
  it('puts it in the refund queue, and it ends refunded when the sandbox gives the money back', async () => {
    const placed = await placePaid([shopA]);
    const paid = await readOrder(placed.orderId);
    expect(paid.status).toBe('confirmed');
    const cancelled = await call('POST', `/api/order/${placed.orderId}/cancel`, admin.token, {
      note: 'the shopper changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(orderSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      refundReason: 'cancelled_after_payment',
    });
    const [product] = placed.products;
    if (!product) throw new Error('no product');
    expect(await stockOf(product)).toBe(10);
    const waiting = (await queue()).find((entry) => entry._id === placed.orderId);
    expect(waiting).toMatchObject({ amount: paid.totalPrice, lastRefund: null });

    const res = await refund(placed.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const result = refundResultSchema.parse(res.json());
    expect(result.status).toBe('completed');
    expect(result.order).toMatchObject({ status: 'refunded', refundReason: null });
    expect((await queue()).map((entry) => entry._id)).not.toContain(placed.orderId);
    // The provider's books say so too, and nothing more is owed.
    const [transaction] = await t.database.db
      .select({ statusCode: sandboxTransactions.statusCode })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.trackingId, placed.trackingId));
    expect(transaction?.statusCode).toBe(3);
    expect((await refund(placed.orderId)).statusCode).toBe(409);
    const history = (await call('GET', `/api/order/${placed.orderId}/history`, admin.token)).json();
    expect(history.at(-1)).toMatchObject({ from: 'cancelled', to: 'refunded', actor: 'admin' });
    // The stock went back once, on the cancel.
    expect(await stockOf(product)).toBe(10);
  });

  it('lets only admins read the queue, refund and settle', async () => {
    const placed = await placePaid([shopA]);
    await call('POST', `/api/order/${placed.orderId}/cancel`, admin.token, {});
    const calls: Array<[string, unknown?]> = [
      ['GET /api/order/refunds'],
      [`POST /api/order/${placed.orderId}/refund`, {}],
      [`POST /api/order/${placed.orderId}/refund/resolve`, { note: 'sent by M-Pesa' }],
    ];
    for (const [route, body] of calls) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect((await call(method, url, undefined, body)).statusCode, route).toBe(401);
      expect((await call(method, url, shopper.token, body)).statusCode, route).toBe(403);
      expect((await call(method, url, owner.token, body)).statusCode, route).toBe(403);
    }
    expect((await readOrder(placed.orderId)).refundReason).toBe('cancelled_after_payment');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await refund(id)).statusCode).toBe(404);
    }
  });
});

describe('a cancelled part of a paid two-shop order', () => {
  it('is refunded on its own; the provider’s one refund per payment leaves the rest to settle by hand', async () => {
    const placed = await placePaid([shopA, shopB]);
    const order = await readOrder(placed.orderId);
    const partA = order.parts.find((part) => part.shopId === shopA);
    // Its lines and its own delivery fee (decision 035): the shop never sent the parcel.
    const owedA = (partA?.subtotal ?? 0) + (partA?.delivery ?? 0);
    const cancelA = await call(
      'POST',
      `/api/property/shop/${shopA}/orders/${placed.orderId}/cancel`,
      owner.token,
      { note: 'damaged in the store' },
    );
    expect(cancelA.statusCode, cancelA.body).toBe(200);
    const afterA = await readOrder(placed.orderId);
    expect(afterA.status).toBe('confirmed');
    expect(afterA.refundReason).toBe('part_cancelled');
    expect(afterA.parts.find((part) => part.shopId === shopA)?.refund).toBe(owedA);
    expect((await queue()).find((entry) => entry._id === placed.orderId)?.amount).toBe(owedA);

    const res = await refund(placed.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(refundResultSchema.parse(res.json()).order).toMatchObject({
      status: 'confirmed',
      refundReason: null,
    });

    // The other shop cancels too: the whole order is owed back, but this payment had its refund.
    await call(
      'POST',
      `/api/property/shop/${shopB}/orders/${placed.orderId}/cancel`,
      owner2.token,
      {},
    );
    const afterB = await readOrder(placed.orderId);
    expect(afterB).toMatchObject({ status: 'cancelled', refundReason: 'cancelled_after_payment' });
    expect((await queue()).find((entry) => entry._id === placed.orderId)?.amount).toBe(
      afterB.totalPrice - owedA,
    );
    const again = await refund(placed.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/one refund per payment/);

    const empty = await call('POST', `/api/order/${placed.orderId}/refund/resolve`, admin.token, {
      note: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const settled = await call('POST', `/api/order/${placed.orderId}/refund/resolve`, admin.token, {
      note: 'sent by M-Pesa, code QK12AB',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(orderSchema.parse(settled.json())).toMatchObject({
      status: 'cancelled',
      refundReason: null,
    });
    expect((await queue()).map((entry) => entry._id)).not.toContain(placed.orderId);
  });
});

describe('the last part to send cancelled while the other was delivered', () => {
  it('delivers the order and still owes the cancelled part back', async () => {
    const placed = await placePaid([shopA, shopB]);
    const base = `/api/property/shop`;
    await call('POST', `${base}/${shopA}/orders/${placed.orderId}/ship`, owner.token, {});
    await call('POST', `${base}/${shopA}/orders/${placed.orderId}/deliver`, owner.token, {});
    await call('POST', `${base}/${shopB}/orders/${placed.orderId}/cancel`, owner2.token, {});
    const order = await readOrder(placed.orderId);
    expect(order).toMatchObject({ status: 'delivered', refundReason: 'part_cancelled' });
    const partB = order.parts.find((part) => part.shopId === shopB);
    expect(partB?.refund).toBe(partB?.subtotal);
    expect((await queue()).find((entry) => entry._id === placed.orderId)?.amount).toBe(
      partB?.subtotal,
    );
  });
});

describe('a refund the provider refuses', () => {
  it('leaves the order owed and in the queue with the provider’s words, and may be tried again', async () => {
    const placed = await placePaid([shopB]);
    await call('POST', `/api/order/${placed.orderId}/cancel`, admin.token, {});
    // Behind the shop's back the provider no longer holds the payment as completed.
    await t.database.db
      .update(sandboxTransactions)
      .set({ statusCode: 2 })
      .where(eq(sandboxTransactions.trackingId, placed.trackingId));
    const res = await refund(placed.orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('refund_refused');
    expect(res.json().error.message).toBe(
      'The payment provider refused the refund: Only completed payments can be refunded.',
    );
    expect(await readOrder(placed.orderId)).toMatchObject({
      status: 'cancelled',
      refundReason: 'cancelled_after_payment',
    });
    const entry = (await queue()).find((row) => row._id === placed.orderId);
    expect(entry?.lastRefund).toMatchObject({
      status: 'refused',
      message: 'Only completed payments can be refunded.',
    });
    // Put right at the provider: the next try goes through.
    await t.database.db
      .update(sandboxTransactions)
      .set({ statusCode: 1 })
      .where(eq(sandboxTransactions.trackingId, placed.trackingId));
    expect((await refund(placed.orderId)).statusCode).toBe(200);
    expect((await readOrder(placed.orderId)).status).toBe('refunded');
  });
});

describe('a payment arriving for an order an admin cancelled', () => {
  it('is owed back and refunded', async () => {
    const placed = await placeAndStart([shopA]);
    const cancelled = await call('POST', `/api/order/${placed.orderId}/cancel`, admin.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await pay(placed)).statusCode).toBe(200);
    expect(await readOrder(placed.orderId)).toMatchObject({
      status: 'cancelled',
      refundReason: 'paid_after_close',
    });
    const [product] = placed.products;
    if (!product) throw new Error('no product');
    expect(await stockOf(product)).toBe(10);
    expect((await refund(placed.orderId)).statusCode).toBe(200);
    expect((await readOrder(placed.orderId)).status).toBe('refunded');
  });
});

describe.runIf(testDbKind() === 'postgres')('a cancel racing the payment (PostgreSQL)', () => {
  it('ends cancelled and owed back whichever comes first, the stock counted once', async () => {
    for (let round = 0; round < 6; round++) {
      const placed = await placeAndStart([shopA]);
      const [cancel, paid] = await Promise.all([
        call('POST', `/api/order/${placed.orderId}/cancel`, admin.token, {}),
        pay(placed),
      ]);
      expect(paid.statusCode).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const order = await readOrder(placed.orderId);
      expect(order.status).toBe('cancelled');
      expect(['cancelled_after_payment', 'paid_after_close']).toContain(order.refundReason);
      const [product] = placed.products;
      if (!product) throw new Error('no product');
      expect(await stockOf(product)).toBe(10);
    }
  });
});
