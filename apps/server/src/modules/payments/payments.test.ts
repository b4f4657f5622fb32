// Online payment through the built-in sandbox provider, over HTTP and the live channel: the
// payment lines of security-tests.md (12 to 16) and the order's moves with its payment.
import type { AddressInfo } from 'node:net';
import {
  createOrderResponseSchema,
  orderSchema,
  processPaymentResponseSchema,
  type CreateOrderBody,
  type ProcessPaymentResponse,
} from '@soko/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  DELIVERY_FORM,
  makeProduct,
  orderBody,
  type FixtureProduct,
} from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';
import {
  discountCodes,
  orders,
  paymentEvents,
  payments,
  products,
  sandboxTransactions,
} from '../../platform/schema';
import { expireOverdueOrders } from '../orders';
import { createSandboxProvider } from './sandbox';
import { sweepPendingPayments } from './service';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const post = (url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, payload: body as object });
const get = (url: string) => t.app.inject({ method: 'GET', url });

type Placed = {
  product: FixtureProduct;
  body: CreateOrderBody;
  orderId: string;
  totalPrice: number;
};

async function placeOnlineOrder(stock = 5, quantity = 1): Promise<Placed> {
  const product = await makeProduct(t.database.db, { payOnOrder: true, stock });
  const body = orderBody([{ product, quantity }]);
  const created = createOrderResponseSchema.parse((await post('/api/order/create', body)).json());
  expect(created.payOnOrder).toBe(true);
  return { product, body, orderId: created._id, totalPrice: created.totalPrice };
}

async function startPaying(placed: Placed): Promise<ProcessPaymentResponse> {
  const res = await post('/api/payments/process', {
    orderId: placed.orderId,
    formData: DELIVERY_FORM,
  });
  expect(res.statusCode).toBe(200);
  return processPaymentResponseSchema.parse(res.json());
}

const sandbox = (trackingId: string, action: 'pay' | 'fail' | 'reverse') =>
  post(`/api/payments/sandbox/${trackingId}/${action}`, {});

const finalCheckout = (placed: Placed, paymentDetails?: Record<string, unknown>) =>
  post('/api/order/checkout', {
    ...DELIVERY_FORM,
    orderId: placed.orderId,
    totalPrice: placed.totalPrice,
    shipping: placed.body.shipping,
    discount: 0,
    ...(paymentDetails ? { paymentDetails } : {}),
  });

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const productRow = async (id: string) =>
  (
    await t.database.db
      .select({ stock: products.stock, count: products.count })
      .from(products)
      .where(eq(products.id, id))
  )[0];
/** The provider's side changes without telling the shop (as when an IPN is lost). */
const providerSays = (trackingId: string, statusCode: number) =>
  t.database.db
    .update(sandboxTransactions)
    .set({ statusCode, paymentMethod: 'MPESA' })
    .where(eq(sandboxTransactions.trackingId, trackingId));
const ipn = (trackingId: string) =>
  post('/api/payments/ipn/pesapal', {
    OrderTrackingId: trackingId,
    OrderNotificationType: 'IPNCHANGE',
    OrderMerchantReference: 'ref',
  });

/** A live-channel client following one payment; `events` fills as statuses arrive. */
async function follow(trackingId: string, how: 'auth' | 'subscribe' = 'auth') {
  const events: Array<Record<string, unknown>> = [];
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    ...(how === 'auth' ? { auth: { trackingId } } : {}),
    reconnection: false,
  });
  sockets.push(socket);
  socket.on(`paymentStatus:${trackingId}`, (event: Record<string, unknown>) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (how === 'subscribe') socket.emit('subscribe', trackingId);
  // Let the join (and any replay) land before the test acts.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { socket, events };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('POST /api/payments/process', () => {
  it('stores the checkout form with the order and answers the sandbox page; a repeat answers the same', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    expect(started.success).toBe(true);
    expect(started.redirectUrl).toBe(`${t.config.publicUrl}/pay/sandbox/${started.trackingId}`);
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      firstName: 'Achieng',
      county: 'Kisumu',
      phoneNumber: '+254712345678',
    });
    const again = await startPaying(placed);
    expect(again.trackingId).toBe(started.trackingId);

    const page = await get(`/api/payments/sandbox/${started.trackingId}`);
    expect(page.json()).toMatchObject({
      amount: placed.totalPrice,
      currency: 'KES',
      statusCode: 0,
    });
  });

  it('refuses pay-on-delivery orders, unknown orders, closed orders and bad forms', async () => {
    const delivery = await makeProduct(t.database.db, { payOnOrder: false });
    const created = createOrderResponseSchema.parse(
      (await post('/api/order/create', orderBody([{ product: delivery, quantity: 1 }]))).json(),
    );
    expect(
      (await post('/api/payments/process', { orderId: created._id, formData: DELIVERY_FORM }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await post('/api/payments/process', {
          orderId: '00000000-0000-4000-8000-000000000009',
          formData: DELIVERY_FORM,
        })
      ).statusCode,
    ).toBe(404);
    const placed = await placeOnlineOrder();
    const bad = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: { ...DELIVERY_FORM, phoneNumber: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['formData.phoneNumber']).toBeTruthy();
    await t.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed.orderId));
    const late = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: DELIVERY_FORM,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('order_closed');
  });
});

describe('one payment per order', () => {
  const startsAtOnce = async (n: number) => {
    const placed = await placeOnlineOrder();
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        post('/api/payments/process', { orderId: placed.orderId, formData: DELIVERY_FORM }),
      ),
    );
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.orderId));
    const [asked] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sandbox_transactions where merchant_reference in (select id::text from payments where order_id = ${placed.orderId})`,
      ),
    );
    return {
      statuses: answers.map((a) => a.statusCode),
      trackingIds: new Set(answers.map((a) => a.json().trackingId)),
      payments: rows.length,
      providerAsked: asked?.n,
    };
  };

  // On PostgreSQL these starts really race; on PGlite they queue on its one connection.
  it('answers two starts at once with one payment, asked of the provider once', async () => {
    const two = await startsAtOnce(2);
    expect(two).toMatchObject({ payments: 1, providerAsked: 1 });
    expect(two.statuses).toEqual([200, 200]);
    expect(two.trackingIds.size).toBe(1);
  });

  it('answers ten starts at once with one payment, asked of the provider once', async () => {
    const ten = await startsAtOnce(10);
    expect(ten).toMatchObject({ payments: 1, providerAsked: 1 });
    expect(ten.statuses).toEqual(Array(10).fill(200));
    expect(ten.trackingIds.size).toBe(1);
  });

  it('will not open a second payment for a paid order', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    await sandbox(started.trackingId, 'pay');
    const again = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: DELIVERY_FORM,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_paid');
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId)),
    ).toHaveLength(1);
  });

  it('flags an order paid twice for a refund and says so on the order; the second payment’s reversal clears it', async () => {
    const placed = await placeOnlineOrder(5, 1);
    const first = await startPaying(placed);
    await sandbox(first.trackingId, 'pay');
    expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 1 });

    // A second payment the provider took anyway (say, one opened before this order's payments
    // were limited to one): the shop only learns of it when it completes.
    const secondId = randomUUID();
    const provider = createSandboxProvider(t.database.db, t.config.publicUrl);
    const second = await provider.submitOrder({
      merchantReference: secondId,
      amountKsh: placed.totalPrice,
      currency: 'KES',
      description: 'second',
      callbackUrl: `${t.config.publicUrl}/`,
      cancellationUrl: `${t.config.publicUrl}/`,
      billing: {
        email: DELIVERY_FORM.email,
        phoneNumber: '+254712345678',
        firstName: 'A',
        middleName: 'B',
        lastName: 'C',
        countryCode: 'KE',
        line1: 'x',
        city: 'x',
        state: 'x',
        postalCode: 'x',
      },
    });
    await t.database.db.insert(payments).values({
      id: secondId,
      orderId: placed.orderId,
      provider: 'sandbox',
      trackingId: second.trackingId,
      redirectUrl: second.redirectUrl,
      status: 'pending',
      statusCode: 0,
      amountCents: Math.round(placed.totalPrice * 100),
    });

    await sandbox(second.trackingId, 'pay');
    const shown = orderSchema.parse((await get(`/api/orders/${placed.orderId}`)).json());
    expect(shown).toMatchObject({ status: 'confirmed', refundReason: 'paid_twice' });
    // One sale: the second payment moved no stock and counted no units.
    expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 1 });

    await sandbox(second.trackingId, 'reverse');
    const after = orderSchema.parse((await get(`/api/orders/${placed.orderId}`)).json());
    expect(after).toMatchObject({ status: 'confirmed', refundReason: null });
    expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 1 });
  });
});

describe('the spec’s payment body', () => {
  const specForm = (placed: Placed, overrides: Record<string, unknown> = {}) => ({
    ...DELIVERY_FORM,
    orderItems: placed.body.items.map((item) => ({ ...item, image: '/placeholder.png' })),
    totalPrice: placed.totalPrice,
    discount: 0,
    shipping: 10,
    discountCode: '',
    ...overrides,
  });

  it('takes the checkout form with its cart lines and figures, as a client of the spec sends it', async () => {
    const placed = await placeOnlineOrder();
    const res = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: specForm(placed),
    });
    expect(res.statusCode).toBe(200);
    expect(processPaymentResponseSchema.parse(res.json()).success).toBe(true);
  });

  it('answers 409 total_mismatch when its figures disagree with the order, and starts nothing', async () => {
    const placed = await placeOnlineOrder();
    for (const overrides of [{ totalPrice: 1 }, { discount: 5 }, { shipping: 20 }]) {
      const res = await post('/api/payments/process', {
        orderId: placed.orderId,
        formData: specForm(placed, overrides),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'total_mismatch',
        details: { expected: placed.totalPrice },
      });
    }
    expect(
      await t.database.db.select().from(payments).where(eq(payments.orderId, placed.orderId)),
    ).toEqual([]);
  });

  it('still refuses unknown fields, in the form and beside it', async () => {
    const placed = await placeOnlineOrder();
    const inForm = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: specForm(placed, { amount: 1 }),
    });
    expect(inForm.statusCode).toBe(400);
    expect(inForm.json().error.fields).toHaveProperty(['formData.amount']);
    const beside = await post('/api/payments/process', {
      orderId: placed.orderId,
      formData: specForm(placed),
      totalPrice: 1,
    });
    expect(beside.statusCode).toBe(400);
    expect(beside.json().error.fields).toHaveProperty(['totalPrice']);
  });
});

describe('paying in the sandbox', () => {
  it('Pay confirms the order by itself; the final checkout then answers the same order', async () => {
    const placed = await placeOnlineOrder(5, 2);
    const started = await startPaying(placed);
    expect((await finalCheckout(placed)).json().error.code).toBe('payment_required');
    const { events } = await follow(started.trackingId);

    expect((await sandbox(started.trackingId, 'pay')).statusCode).toBe(200);
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status_code: 1,
      payment_method: 'MPESA',
      order_tracking_id: started.trackingId,
    });
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
    expect(await productRow(placed.product.id)).toEqual({ stock: 3, count: 2 });

    const checkout = await finalCheckout(placed, events[0]);
    expect(checkout.statusCode).toBe(200);
    expect(orderSchema.parse(checkout.json()).status).toBe('confirmed');
    expect(await productRow(placed.product.id)).toEqual({ stock: 3, count: 2 });
  });

  it('Fail gives the stock and the code’s use back; a later Pay on the same page takes them again', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 2, priceKsh: 500 });
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'PAYONCE', kind: 'fixed', value: 5000, usageLimit: 1 });
    const body = {
      ...orderBody([{ product, quantity: 2 }]),
      discountCode: 'PAYONCE',
      discount: 50,
      totalPrice: 960,
    };
    const created = createOrderResponseSchema.parse((await post('/api/order/create', body)).json());
    const placed = { product, body, orderId: created._id, totalPrice: created.totalPrice };
    const started = await startPaying(placed);
    const { events } = await follow(started.trackingId, 'subscribe');

    await sandbox(started.trackingId, 'fail');
    await settle();
    expect(events.map((e) => e.status_code)).toEqual([2]);
    expect((await orderRow(placed.orderId))?.status).toBe('payment_failed');
    expect((await productRow(product.id))?.stock).toBe(2);
    expect((await get('/api/discounts/PAYONCE')).statusCode).toBe(200);
    expect((await finalCheckout(placed)).json().error.code).toBe('order_closed');

    await sandbox(started.trackingId, 'pay');
    await settle();
    expect(events.map((e) => e.status_code)).toEqual([2, 1]);
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
    expect((await productRow(product.id))?.stock).toBe(0);
  });

  it('Reverse is its own step forward: the order is reversed and its stock comes back', async () => {
    const placed = await placeOnlineOrder(4, 1);
    const started = await startPaying(placed);
    expect((await sandbox(started.trackingId, 'reverse')).statusCode).toBe(409);
    await sandbox(started.trackingId, 'pay');
    expect(await productRow(placed.product.id)).toEqual({ stock: 3, count: 1 });
    await sandbox(started.trackingId, 'reverse');
    expect((await orderRow(placed.orderId))?.status).toBe('reversed');
    expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 0 });
    const status = await get(`/api/payments/status/${started.trackingId}`);
    expect(status.json()).toMatchObject({ status_code: 3 });
  });

  it('a payment verified after its hold ran out takes the stock again, or cancels the order for a refund', async () => {
    const placed = await placeOnlineOrder(1, 1);
    const started = await startPaying(placed);
    const expire = () =>
      t.database.db.execute(
        sql`update orders set hold_until = now() - interval '1 second' where id = ${placed.orderId}`,
      );
    await expire();
    await expireOverdueOrders(t.database.db);
    expect((await productRow(placed.product.id))?.stock).toBe(1);
    await sandbox(started.trackingId, 'pay');
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
    expect((await productRow(placed.product.id))?.stock).toBe(0);

    // Now one where the last unit went to someone else meanwhile.
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 1 });
    const body = orderBody([{ product, quantity: 1 }]);
    const late = createOrderResponseSchema.parse((await post('/api/order/create', body)).json());
    const latePlaced = { product, body, orderId: late._id, totalPrice: late.totalPrice };
    const lateStarted = await startPaying(latePlaced);
    await t.database.db.execute(
      sql`update orders set hold_until = now() - interval '1 second' where id = ${late._id}`,
    );
    await expireOverdueOrders(t.database.db);
    const other = createOrderResponseSchema.parse((await post('/api/order/create', body)).json());
    expect(other.status).toBe('pending_payment');
    await sandbox(lateStarted.trackingId, 'pay');
    expect(await orderRow(late._id)).toMatchObject({
      status: 'cancelled',
      refundReason: 'sold_out_after_payment',
    });
    expect((await productRow(product.id))?.stock).toBe(0);
    const refused = await finalCheckout(latePlaced);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Your payment arrived after the items sold out: the shop will refund it.',
    );
    const shown = orderSchema.parse((await get(`/api/orders/${late._id}`)).json());
    expect(shown).toMatchObject({ status: 'cancelled', refundReason: 'sold_out_after_payment' });
  });
});

describe('notifications', () => {
  it('changes and stores nothing for an unknown tracking id, and nothing for a status the provider does not confirm', async () => {
    const forged = await ipn('11111111-2222-4333-8444-555555555555');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({
      orderNotificationType: 'IPNCHANGE',
      orderTrackingId: '11111111-2222-4333-8444-555555555555',
      orderMerchantReference: 'ref',
      status: 200,
    });
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.trackingId, '11111111-2222-4333-8444-555555555555'));
    expect(stored).toEqual([]);

    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    // The sandbox still says "not paid": the IPN claims nothing the provider confirms.
    await ipn(started.trackingId);
    expect((await orderRow(placed.orderId))?.status).toBe('pending_payment');
    const getIpn = await get(
      `/api/payments/ipn/pesapal?OrderTrackingId=${started.trackingId}&OrderNotificationType=IPNCHANGE&OrderMerchantReference=x`,
    );
    expect(getIpn.json().status).toBe(200);
    expect((await post('/api/payments/ipn/pesapal', {})).statusCode).toBe(400);
  });

  it('refuses a 1 MB forged notification before reading it, and stores nothing', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    const before = await t.database.db.select().from(paymentEvents);
    const forged = await post('/api/payments/ipn/pesapal', {
      OrderTrackingId: started.trackingId,
      OrderNotificationType: 'IPNCHANGE',
      OrderMerchantReference: 'x'.repeat(100),
      junk: 'x'.repeat(1024 * 1024),
    });
    expect(forged.statusCode).toBe(413);
    expect(await t.database.db.select().from(paymentEvents)).toHaveLength(before.length);
    expect((await orderRow(placed.orderId))?.status).toBe('pending_payment');
  });

  it('keeps only the fields a notification is known to carry', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    const res = await post('/api/payments/ipn/pesapal', {
      OrderTrackingId: started.trackingId,
      OrderNotificationType: 'IPNCHANGE',
      OrderMerchantReference: 'ref',
      extra: 'y'.repeat(3000),
      nested: { deep: true },
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.database.db
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(eq(paymentEvents.trackingId, started.trackingId));
    expect(stored).toEqual([
      {
        payload: {
          OrderTrackingId: started.trackingId,
          OrderNotificationType: 'IPNCHANGE',
          OrderMerchantReference: 'ref',
        },
      },
    ]);
  });

  it('limits the GET form of the notification like the POST', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_NOTIFICATIONS: '3' } });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const send = () =>
          limited.app.inject({
            method,
            url: `/api/payments/ipn/pesapal${method === 'GET' ? '?OrderTrackingId=unknown-id' : ''}`,
            ...(method === 'POST' ? { payload: { OrderTrackingId: 'unknown-id' } } : {}),
          });
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await send()).statusCode);
        expect(codes, method).toEqual([200, 200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('applies the same notification sent 5 times, some at once, exactly once', async () => {
    const placed = await placeOnlineOrder(5, 1);
    const started = await startPaying(placed);
    const { events } = await follow(started.trackingId);
    await providerSays(started.trackingId, 1);
    await Promise.all([ipn(started.trackingId), ipn(started.trackingId), ipn(started.trackingId)]);
    await ipn(started.trackingId);
    await ipn(started.trackingId);
    await settle();
    expect(events).toHaveLength(1);
    expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 1 });
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.trackingId, started.trackingId));
    expect(stored).toHaveLength(5);
    expect(stored.filter((e) => e.applied)).toHaveLength(1);
  });

  it('never moves a status backwards (failed after completed)', async () => {
    const placed = await placeOnlineOrder(5, 1);
    const started = await startPaying(placed);
    await sandbox(started.trackingId, 'pay');
    await providerSays(started.trackingId, 2);
    await ipn(started.trackingId);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.trackingId, started.trackingId));
    expect(payment?.status).toBe('completed');
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
    expect((await productRow(placed.product.id))?.stock).toBe(4);
  });

  it('ends with one confirmed order when the notification lands during the final checkout', async () => {
    for (let round = 0; round < 5; round++) {
      const placed = await placeOnlineOrder(5, 1);
      const started = await startPaying(placed);
      await providerSays(started.trackingId, 1);
      const [checkout] = await Promise.all([finalCheckout(placed), ipn(started.trackingId)]);
      expect([200, 409]).toContain(checkout.statusCode);
      expect((await finalCheckout(placed)).statusCode).toBe(200);
      expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
      expect(await productRow(placed.product.id)).toEqual({ stock: 4, count: 1 });
    }
  });

  it('leaves an amount that does not match the order unapplied, and flags the order', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    await t.database.db
      .update(sandboxTransactions)
      .set({ statusCode: 1, amountCents: 100 })
      .where(eq(sandboxTransactions.trackingId, started.trackingId));
    await ipn(started.trackingId);
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: 'pending_payment',
      refundReason: 'amount_mismatch',
    });
  });
});

describe('following a payment', () => {
  it('replays a final status to a late subscriber, and sends a room only its own payment', async () => {
    const first = await startPaying(await placeOnlineOrder());
    const second = await startPaying(await placeOnlineOrder());
    const watcher = await follow(second.trackingId);
    await sandbox(first.trackingId, 'pay');
    await settle();
    expect(watcher.events).toEqual([]);
    const late = await follow(first.trackingId);
    expect(late.events.map((e) => e.status_code)).toEqual([1]);
  });

  it('answers the status over HTTP, and asks the provider again when it is stale', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    expect((await get(`/api/payments/status/${started.trackingId}`)).json()).toMatchObject({
      status_code: 0,
    });
    await providerSays(started.trackingId, 1);
    await t.database.db
      .update(payments)
      .set({ checkedAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.trackingId, started.trackingId));
    const res = await get(`/api/payments/status/${started.trackingId}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status_code: 1, payment_method: 'MPESA' });
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
    expect((await get('/api/payments/status/nope')).statusCode).toBe(404);
  });

  it('the sweep confirms a payment whose notification never came', async () => {
    const placed = await placeOnlineOrder();
    const started = await startPaying(placed);
    await providerSays(started.trackingId, 1);
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(payments.trackingId, started.trackingId));
    const swept = await sweepPendingPayments({
      db: t.database.db,
      mpesaPrompts: t.config.mpesaPrompts,
      providers: [createSandboxProvider(t.database.db, t.config.publicUrl)],
      publicUrl: t.config.publicUrl,
      publish: () => {},
    });
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.orderId))?.status).toBe('confirmed');
  });
});
