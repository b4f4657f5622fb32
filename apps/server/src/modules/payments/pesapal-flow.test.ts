// The whole online payment with PAYMENTS=pesapal, against a local fake of Pesapal's API 3.0:
// the order's payment is submitted, every IPN is verified with GetTransactionStatus before
// anything changes, and a provider that cannot be asked makes the IPN answer 500 (Pesapal retries).
import { createOrderResponseSchema, processPaymentResponseSchema } from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakePesapal,
  FAKE_PESAPAL_CREDENTIALS,
  type FakePesapal,
} from '../../../test/fake-pesapal';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { orders, payments, products } from '../../platform/schema';

let fake: FakePesapal;
let t: TestApp;
const pesapalEnv = () => ({
  PAYMENTS: 'pesapal',
  PESAPAL_CONSUMER_KEY: FAKE_PESAPAL_CREDENTIALS.consumerKey,
  PESAPAL_CONSUMER_SECRET: FAKE_PESAPAL_CREDENTIALS.consumerSecret,
  PESAPAL_BASE_URL: fake.url,
  PUBLIC_URL: 'https://shop.example',
});
beforeAll(async () => {
  fake = await startFakePesapal();
  t = await createTestApp({ env: pesapalEnv() });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const post = (url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, payload: body as object });
const ipn = (trackingId: string, merchantReference: string) =>
  post('/api/payments/ipn/pesapal', {
    OrderTrackingId: trackingId,
    OrderNotificationType: 'IPNCHANGE',
    OrderMerchantReference: merchantReference,
  });
const statusCalls = () =>
  fake.calls.filter((c) => c.path === '/api/Transactions/GetTransactionStatus').length;

async function payableOrder() {
  const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 3, priceKsh: 1250 });
  const created = createOrderResponseSchema.parse(
    (await post('/api/order/create', orderBody([{ product, quantity: 1 }]))).json(),
  );
  const res = await post('/api/payments/process', {
    orderId: created._id,
    formData: DELIVERY_FORM,
  });
  expect(res.statusCode).toBe(200);
  const started = processPaymentResponseSchema.parse(res.json());
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.trackingId, started.trackingId));
  return { product, created, started, paymentId: payment?.id as string };
}

const orderStatus = async (id: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]
    ?.status;

describe('paying through Pesapal (a local fake of API 3.0)', () => {
  it('registers our IPN URL at start and submits the order with it', async () => {
    const registered = fake.calls.find((c) => c.path === '/api/URLSetup/RegisterIPN');
    expect(registered?.body).toEqual({
      url: 'https://shop.example/api/payments/ipn/pesapal',
      ipn_notification_type: 'POST',
    });
    const { created, started, paymentId } = await payableOrder();
    const submitted = fake.calls
      .filter((c) => c.path === '/api/Transactions/SubmitOrderRequest')
      .at(-1);
    expect(submitted?.body).toMatchObject({
      id: paymentId,
      currency: 'KES',
      amount: created.totalPrice,
      callback_url: `https://shop.example/orders/${created._id}`,
      billing_address: {
        email_address: DELIVERY_FORM.email,
        phone_number: '+254712345678',
        country_code: 'KE',
      },
    });
    expect(started.redirectUrl).toContain(`OrderTrackingId=${started.trackingId}`);
  });

  it('verifies every IPN: nothing changes until Pesapal says COMPLETED, then the order is confirmed once', async () => {
    const { product, created, started, paymentId } = await payableOrder();
    const before = statusCalls();
    const early = await ipn(started.trackingId, paymentId);
    expect(early.json()).toMatchObject({ status: 200, orderTrackingId: started.trackingId });
    expect(statusCalls()).toBe(before + 1);
    expect(await orderStatus(created._id)).toBe('pending_payment');

    fake.setStatus(started.trackingId, 1, {
      payment_method: 'MPESA',
      confirmation_code: 'QKH94M1Z11',
    });
    await Promise.all([ipn(started.trackingId, paymentId), ipn(started.trackingId, paymentId)]);
    expect(await orderStatus(created._id)).toBe('confirmed');
    const [row] = await t.database.db
      .select({ count: products.count, stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ count: 1, stock: 2 });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/status/${started.trackingId}`,
    });
    expect(status.json()).toMatchObject({
      status_code: 1,
      payment_method: 'MPESA',
      confirmation_code: 'QKH94M1Z11',
    });

    fake.setStatus(started.trackingId, 3, { payment_method: 'MPESA' });
    await ipn(started.trackingId, paymentId);
    expect(await orderStatus(created._id)).toBe('reversed');
  });

  it('answers 500 when Pesapal cannot be asked, so the IPN is sent again; the retry applies', async () => {
    const { created, started, paymentId } = await payableOrder();
    fake.setStatus(started.trackingId, 1, { payment_method: 'CARD' });
    fake.failNext('/api/Transactions/GetTransactionStatus', 503);
    const refused = await ipn(started.trackingId, paymentId);
    expect(refused.statusCode).toBe(500);
    expect(refused.json().status).toBe(500);
    expect(await orderStatus(created._id)).toBe('pending_payment');
    const retried = await ipn(started.trackingId, paymentId);
    expect(retried.json().status).toBe(200);
    expect(await orderStatus(created._id)).toBe('confirmed');
  });

  it('ignores an IPN for a tracking id Pesapal never gave us (no call to Pesapal at all)', async () => {
    const before = statusCalls();
    const forged = await ipn('b945e4af-80a5-4ec1-8706-e03f8332fb04', 'ORD-1');
    expect(forged.json().status).toBe(200);
    expect(statusCalls()).toBe(before);
  });

  it('answers 502 to the shopper when Pesapal cannot take the order, and a retry then starts it', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 3 });
    const created = createOrderResponseSchema.parse(
      (await post('/api/order/create', orderBody([{ product, quantity: 1 }]))).json(),
    );
    fake.failNext('/api/Transactions/SubmitOrderRequest', 500);
    const res = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('payment_unavailable');
    // The failed start left no open payment behind to block the next one.
    const retry = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().redirectUrl).toMatch(/^https?:/);
  });

  it('asks Pesapal for a refund, and marks the order refunded only once the payment shows reversed', async () => {
    const { created, started, paymentId } = await payableOrder();
    fake.setStatus(started.trackingId, 1, { payment_method: 'MPESA' });
    await ipn(started.trackingId, paymentId);
    expect(await orderStatus(created._id)).toBe('confirmed');
    const signedIn = await post('/api/user/signin', {
      email: 'admin@soko.test',
      password: 'soko-demo-pass',
    });
    const headers = { authorization: `Bearer ${signedIn.json().token as string}` };
    const admin = (url: string) => t.app.inject({ method: 'POST', url, headers, payload: {} });
    expect((await admin(`/api/order/${created._id}/cancel`)).statusCode).toBe(200);

    const asked = await admin(`/api/order/${created._id}/refund`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'requested' });
    const request = fake.calls.filter((c) => c.path === '/api/Transactions/RefundRequest').at(-1);
    expect(request?.body).toMatchObject({ amount: '1260.00', username: expect.any(String) });
    // Received, not done: still cancelled and owed, and a second ask is refused meanwhile.
    expect(await orderStatus(created._id)).toBe('cancelled');
    expect((await admin(`/api/order/${created._id}/refund`)).statusCode).toBe(409);

    // The merchant approves it: Pesapal shows the payment reversed.
    fake.setStatus(started.trackingId, 3, { payment_method: 'MPESA' });
    await ipn(started.trackingId, paymentId);
    expect(await orderStatus(created._id)).toBe('refunded');
  });

  it('passes on Pesapal refusing a refund (mobile money is refunded in full only)', async () => {
    const { created, started, paymentId } = await payableOrder();
    fake.setStatus(started.trackingId, 1, { payment_method: 'MPESA' });
    await ipn(started.trackingId, paymentId);
    // Pretend the shop owes less than the whole payment: a part of it.
    await t.database.db
      .update(orders)
      .set({ refundReason: 'part_cancelled' })
      .where(eq(orders.id, created._id));
    await t.database.db.execute(
      sql`update order_parts set refund_cents = 10000 where order_id = ${created._id}`,
    );
    const signedIn = await post('/api/user/signin', {
      email: 'admin@soko.test',
      password: 'soko-demo-pass',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${created._id}/refund`,
      headers: { authorization: `Bearer ${signedIn.json().token as string}` },
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'The payment provider refused the refund: Mobile money payments can only be refunded in full',
    );
    expect(await orderStatus(created._id)).toBe('confirmed');
  });

  it('refuses to start with credentials Pesapal rejects (fail closed)', async () => {
    await expect(
      createTestApp({ env: { ...pesapalEnv(), PESAPAL_CONSUMER_SECRET: 'wrong-secret' } }),
    ).rejects.toThrow();
  });
});
