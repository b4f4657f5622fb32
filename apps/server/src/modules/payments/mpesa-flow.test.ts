// The whole M-Pesa payment through HTTP, against a local fake of Daraja: the STK push, every
// result code the reference lists arriving by callback, callbacks that are forged, repeated,
// late or out of order, an amount that differs, the sweep settling a prompt nobody called back
// about, and the settings that stop the server. Nothing a callback says is applied until the
// STK query agrees.
import type { AddressInfo } from 'node:net';
import {
  createOrderResponseSchema,
  mpesaResultMessage,
  processPaymentResponseSchema,
} from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DARAJA_RESULT_CODES,
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../../test/fake-daraja';
import {
  FAKE_PESAPAL_CREDENTIALS,
  startFakePesapal,
  type FakePesapal,
} from '../../../test/fake-pesapal';
import { followPayment } from '../../../test/live-channel';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { mpesaPrompts, orders, paymentEvents, payments, products } from '../../platform/schema';
import { createMpesaProvider } from './mpesa';
import { sweepPendingPayments } from './service';

const QUERY = '/mpesa/stkpushquery/v1/query';
const CALLBACK_TOKEN = 'test-callback-token-0123456789abcdef';
const CALLBACK = '/api/payments/mpesa/callback';

let fake: FakeDaraja;
let t: TestApp;
let base: string;
const sockets: Socket[] = [];
const mpesaEnv = () => ({
  PAYMENTS: 'mpesa',
  MPESA_CONSUMER_KEY: FAKE_DARAJA_CREDENTIALS.consumerKey,
  MPESA_CONSUMER_SECRET: FAKE_DARAJA_CREDENTIALS.consumerSecret,
  MPESA_SHORTCODE: FAKE_DARAJA_CREDENTIALS.shortcode,
  MPESA_PASSKEY: FAKE_DARAJA_CREDENTIALS.passkey,
  MPESA_BASE_URL: fake.url,
  MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
  PUBLIC_URL: 'https://shop.example',
});
beforeAll(async () => {
  fake = await startFakeDaraja();
  t = await createTestApp({ env: mpesaEnv() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  await fake?.close();
});

const post = (url: string, body: unknown) =>
  t.app.inject({ method: 'POST', url, payload: body as object });
/** Safaricom posting to the CallBackURL the shop gave in its push. */
const deliver = (url: string, body: unknown) => post(new URL(url).pathname, body);
const queries = () => fake.calls.filter((c) => c.path === QUERY).length;

async function placeOrder(priceKsh = 1250, stock = 3) {
  const product = await makeProduct(t.database.db, { payOnOrder: true, stock, priceKsh });
  const created = createOrderResponseSchema.parse(
    (await post('/api/order/create', orderBody([{ product, quantity: 1 }]))).json(),
  );
  return { product, created };
}

async function payWithMpesa(mpesaPhone = '0712 345 678', priceKsh = 1250) {
  const { product, created } = await placeOrder(priceKsh);
  const res = await post('/api/payments/process', {
    orderId: created._id,
    formData: DELIVERY_FORM,
    provider: 'mpesa',
    mpesaPhone,
  });
  expect(res.statusCode, res.body).toBe(200);
  const started = processPaymentResponseSchema.parse(res.json());
  return { product, created, started, trackingId: started.trackingId };
}

const orderRow = async (id: string) =>
  (
    await t.database.db
      .select({ status: orders.status, refundReason: orders.refundReason })
      .from(orders)
      .where(eq(orders.id, id))
  )[0];
const stockOf = async (id: string) =>
  (
    await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id))
  )[0]?.stock;
const statusOf = async (trackingId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/payments/status/${trackingId}` })).json<
    Record<string, unknown>
  >();
const appliedEvents = async (trackingId: string) =>
  (
    await t.database.db
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.trackingId, trackingId), eq(paymentEvents.applied, true)))
  ).length;

async function follow(trackingId: string) {
  const events = await followPayment(base, trackingId, sockets);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return events;
}
const settleEvents = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('paying by hand without an initiator', () => {
  it('offers no Paybill steps and checks no code (decision 042)', async () => {
    const { created } = await placeOrder();
    const steps = await t.app.inject({
      method: 'GET',
      url: `/api/payments/mpesa/paybill/${created._id}`,
    });
    expect(steps.json()).toMatchObject({ offered: false, businessNumber: null });
    const claim = await post('/api/payments/mpesa/paybill', {
      orderId: created._id,
      code: 'QKH94M1Z11',
    });
    expect(claim.statusCode).toBe(404);
    expect(fake.statusQueries).toHaveLength(0);
  });
});

describe('starting an M-Pesa payment', () => {
  it('sends the STK push for the order, to the normalised number, with our callback URL', async () => {
    const { created, started } = await payWithMpesa('+254-712-345-678');
    expect(started).toEqual({
      success: true,
      trackingId: expect.stringMatching(/^ws_CO_/),
      redirectUrl: '',
    });
    expect(fake.pushes.get(started.trackingId)).toMatchObject({
      Amount: created.totalPrice,
      PartyA: '254712345678',
      PhoneNumber: '254712345678',
      CallBackURL: `https://shop.example/api/payments/mpesa/callback/${CALLBACK_TOKEN}`,
      AccountReference: expect.stringMatching(/^SK-\d{2}-\d{6}$/),
    });
    const [row] = await t.database.db
      .select({ provider: payments.provider, status: payments.status })
      .from(payments)
      .where(eq(payments.trackingId, started.trackingId));
    expect(row).toEqual({ provider: 'mpesa', status: 'pending' });
    // Asked again (a double click), the same prompt is answered, not a second one.
    const again = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'mpesa',
      mpesaPhone: '0712345678',
    });
    expect(again.json()).toEqual(started);
  });

  it('prompts the delivery phone when no M-Pesa number is given', async () => {
    const { created } = await placeOrder();
    const res = await post('/api/payments/process', {
      orderId: created._id,
      formData: { ...DELIVERY_FORM, phoneNumber: '0798 765 432' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.pushes.get(res.json<{ trackingId: string }>().trackingId)).toMatchObject({
      PhoneNumber: '254798765432',
    });
  });

  it('refuses a number M-Pesa cannot prompt, and a provider the shop does not offer', async () => {
    const { created } = await placeOrder();
    const badPhone = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'mpesa',
      mpesaPhone: '0812 345 678',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('Enter the Safaricom number that pays');
    const pesapal = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'pesapal',
    });
    expect(pesapal.statusCode).toBe(400);
    expect(pesapal.json().error.message).toBe('This shop does not take that payment method.');
  });

  it('refuses an order that is not whole shillings, before any prompt is sent', async () => {
    const pushes = fake.pushes.size;
    const { created } = await placeOrder(1250.5);
    const res = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'mpesa',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/whole shillings only.*Ksh 1260\.50/);
    expect(fake.pushes.size).toBe(pushes);
  });

  it('keeps one token for many payments (cached, not fetched per call)', async () => {
    await payWithMpesa();
    await payWithMpesa();
    expect(fake.calls.filter((c) => c.path === '/oauth/v1/generate')).toHaveLength(1);
  });

  it('renews a token Daraja stopped taking, and the payment goes through', async () => {
    fake.expireTokens();
    const { trackingId } = await payWithMpesa();
    expect(trackingId).toMatch(/^ws_CO_/);
    expect(fake.calls.filter((c) => c.path === '/oauth/v1/generate')).toHaveLength(2);
  });
});

describe('PIN prompts are bounded (issue 29)', () => {
  let bounded: TestApp;
  beforeAll(async () => {
    bounded = await createTestApp({
      env: { ...mpesaEnv(), MPESA_PROMPTS_PER_PHONE: '3', MPESA_PROMPTS_PER_ORDER: '3' },
    });
  });
  afterAll(async () => {
    await bounded?.close();
  });
  const placeIn = async () => {
    const product = await makeProduct(bounded.database.db, { payOnOrder: true, stock: 50 });
    const res = await bounded.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: orderBody([{ product, quantity: 1 }]),
    });
    return createOrderResponseSchema.parse(res.json())._id;
  };
  const promptFor = (orderId: string, mpesaPhone: string) =>
    bounded.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { orderId, formData: DELIVERY_FORM, provider: 'mpesa', mpesaPhone },
    });
  /** The order's prompts as if sent `ms` earlier: time passing, without waiting for it. */
  const age = (ms: number) =>
    bounded.database.db
      .update(mpesaPrompts)
      .set({ createdAt: sql`${mpesaPrompts.createdAt} - ${`${ms} milliseconds`}::interval` });

  it('sends one phone number at most 3 prompts in 10 minutes, across orders, even at once', async () => {
    const pushes = fake.pushes.size;
    const orderIds = await Promise.all(Array.from({ length: 6 }, () => placeIn()));
    const answers = await Promise.all(orderIds.map((id) => promptFor(id, '0722 000 101')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(fake.pushes.size - pushes).toBe(3);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json().error.code).toBe('too_many_prompts');
    expect(refused?.json().error.message).toMatch(
      /^This phone number has had 3 M-Pesa prompts in the last 10 minutes, the most we send\. Please try again in (9|10) minutes, or choose another way to pay\.$/,
    );
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(9 * 60);
    // Another number is not held back by it.
    expect((await promptFor(await placeIn(), '0722 000 102')).statusCode).toBe(200);
    // Ten minutes on, the number may be prompted again.
    await age(10 * 60_000 + 1000);
    expect((await promptFor(await placeIn(), '0722 000 101')).statusCode).toBe(200);
  });

  it('sends one order at most one prompt a minute, and 3 in all', async () => {
    const orderId = await placeIn();
    const phone = '0722 000 201';
    const STK = '/mpesa/stkpush/v1/processrequest';
    fake.failNext(STK, 500);
    expect((await promptFor(orderId, phone)).statusCode).toBe(502);
    const soon = await promptFor(orderId, phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toMatch(
      /^An M-Pesa prompt for this order was sent less than a minute ago: check your phone, or try again in \d+ seconds\.$/,
    );
    for (let i = 0; i < 2; i++) {
      await age(61_000);
      fake.failNext(STK, 500);
      expect((await promptFor(orderId, phone)).statusCode).toBe(502);
    }
    await age(61_000);
    const fourth = await promptFor(orderId, '0722 000 202');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'We have already sent 3 M-Pesa prompts for this order. Please choose another way to pay, or place the order again.',
    );
  });
});

describe('the STK callback', () => {
  it('confirms the order once the STK query agrees; the live channel says paid, with the receipt', async () => {
    const { product, created, trackingId } = await payWithMpesa();
    const events = await follow(trackingId);
    fake.settle(trackingId, 0);
    const before = queries();
    const ack = await fake.sendCallback(trackingId, deliver, { receipt: 'TKA1B2C3D4' });
    expect((ack as { json: () => unknown }).json()).toEqual({
      ResultCode: 0,
      ResultDesc: 'Accepted',
    });
    expect(queries()).toBe(before + 1);
    expect(await orderRow(created._id)).toEqual({ status: 'confirmed', refundReason: null });
    expect(await stockOf(product.id)).toBe(2);
    await settleEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status_code: 1,
      payment_method: 'MPESA',
      confirmation_code: 'TKA1B2C3D4',
      order_tracking_id: trackingId,
    });
  });

  it('applies a callback sent many times, some at once, exactly once', async () => {
    const { product, created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    await Promise.all([1, 2, 3].map(() => fake.sendCallback(trackingId, deliver)));
    await fake.sendCallback(trackingId, deliver);
    expect(await orderRow(created._id)).toEqual({ status: 'confirmed', refundReason: null });
    expect(await stockOf(product.id)).toBe(2);
    expect(await appliedEvents(trackingId)).toBe(1);
  });

  const failures = Object.keys(DARAJA_RESULT_CODES)
    .map(Number)
    .filter((code) => code !== 0);
  it.each(failures)(
    'result code %i fails the payment, says why, and gives the stock back for another try',
    async (code) => {
      const { product, created, trackingId } = await payWithMpesa();
      expect(await stockOf(product.id)).toBe(2);
      fake.settle(trackingId, code);
      await fake.sendCallback(trackingId, deliver);
      expect((await orderRow(created._id))?.status).toBe('payment_failed');
      expect(await stockOf(product.id)).toBe(3);
      expect(await statusOf(trackingId)).toMatchObject({
        status_code: 2,
        payment_method: 'MPESA',
        result_code: code,
        message: mpesaResultMessage(code),
      });
    },
  );

  it('after a cancelled prompt, the same cart ordered again gets a new prompt and can pay', async () => {
    const first = await payWithMpesa();
    const events = await follow(first.trackingId);
    fake.settle(first.trackingId, 1032);
    await fake.sendCallback(first.trackingId, deliver);
    await settleEvents();
    expect(events.map((e) => [e.status_code, e.message])).toEqual([
      [2, 'The M-Pesa prompt was cancelled on the phone.'],
    ]);
    const retry = await payWithMpesa();
    expect(retry.trackingId).not.toBe(first.trackingId);
    fake.settle(retry.trackingId, 0);
    await fake.sendCallback(retry.trackingId, deliver);
    expect((await orderRow(retry.created._id))?.status).toBe('confirmed');
  });

  it('ignores a callback with the wrong token: 404, no STK query, nothing changes', async () => {
    const { created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    const before = queries();
    for (const token of ['wrong-token', `${CALLBACK_TOKEN}x`, CALLBACK_TOKEN.slice(1)]) {
      const res = await post(
        `/api/payments/mpesa/callback/${token}`,
        fake.callbackBody(trackingId),
      );
      expect(res.statusCode).toBe(404);
    }
    expect(queries()).toBe(before);
    expect((await orderRow(created._id))?.status).toBe('pending_payment');
  });

  it('does not believe a success callback the STK query disagrees with', async () => {
    const { product, created, trackingId } = await payWithMpesa();
    // The prompt is still open: Daraja says "being processed".
    await fake.sendCallback(trackingId, deliver, { resultCode: 0 });
    expect((await orderRow(created._id))?.status).toBe('pending_payment');
    expect(await stockOf(product.id)).toBe(2);
    // The shopper then cancels: the query's truth is applied, not the forged success.
    fake.settle(trackingId, 1032);
    await fake.sendCallback(trackingId, deliver, { resultCode: 0 });
    expect((await orderRow(created._id))?.status).toBe('payment_failed');
    expect((await statusOf(trackingId)).status_code).toBe(2);
  });

  it('ignores a callback about a CheckoutRequestID we never sent (no STK query)', async () => {
    const { trackingId } = await payWithMpesa();
    const body = fake.callbackBody(trackingId);
    const forged = structuredClone(body) as { Body: { stkCallback: Record<string, unknown> } };
    forged.Body.stkCallback.CheckoutRequestID = 'ws_CO_000000000000000000';
    const before = queries();
    const res = await post(`/api/payments/mpesa/callback/${CALLBACK_TOKEN}`, forged);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(queries()).toBe(before);
  });

  it('refuses a body that is not an STK callback', async () => {
    const res = await post(`/api/payments/mpesa/callback/${CALLBACK_TOKEN}`, {
      Body: { stkCallback: { ResultCode: 0 } },
    });
    expect(res.statusCode).toBe(400);
  });

  it('changes nothing with a late failure callback after the payment completed', async () => {
    const { created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    await fake.sendCallback(trackingId, deliver);
    expect((await orderRow(created._id))?.status).toBe('confirmed');
    // Out of order: a stale "cancelled" arrives afterwards (the query still says paid).
    await fake.sendCallback(trackingId, deliver, { resultCode: 1032 });
    expect((await orderRow(created._id))?.status).toBe('confirmed');
    expect((await statusOf(trackingId)).status_code).toBe(1);
  });

  it('holds a payment whose reported amount differs from the order, even when the sweep asks again', async () => {
    const { created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    await fake.sendCallback(trackingId, deliver, { amount: 1 });
    expect(await orderRow(created._id)).toEqual({
      status: 'pending_payment',
      refundReason: 'amount_mismatch',
    });
    await ageAndSweep(trackingId);
    expect(await orderRow(created._id)).toEqual({
      status: 'pending_payment',
      refundReason: 'amount_mismatch',
    });
    expect((await statusOf(trackingId)).status_code).toBe(0);
  });

  it('acknowledges a callback while Daraja cannot be asked; the sweep settles it later', async () => {
    const { created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    fake.failNext(QUERY, 503);
    const ack = await fake.sendCallback(trackingId, deliver);
    expect((ack as { statusCode: number }).statusCode).toBe(200);
    expect((await orderRow(created._id))?.status).toBe('pending_payment');
    await ageAndSweep(trackingId);
    expect((await orderRow(created._id))?.status).toBe('confirmed');
  });
});

describe('the API documentation', () => {
  it('documents the callback, the methods and the M-Pesa fields of the process call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(doc.paths['/api/payments/mpesa/callback/{secretToken}']?.post).toBeDefined();
    expect(doc.paths['/api/payments/methods']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/payments/process'])).toContain('mpesaPhone');
  });
});

describe('prompts nobody called back about', () => {
  it('are settled by the sweep with an STK query: paid, and failed with the reason', async () => {
    const paid = await payWithMpesa();
    const timedOut = await payWithMpesa();
    const open = await payWithMpesa();
    fake.settle(paid.trackingId, 0);
    fake.settle(timedOut.trackingId, 1037);
    for (const { trackingId } of [paid, timedOut, open]) await ageAndSweep(trackingId);
    expect((await orderRow(paid.created._id))?.status).toBe('confirmed');
    expect((await orderRow(timedOut.created._id))?.status).toBe('payment_failed');
    expect((await statusOf(timedOut.trackingId)).message).toBe(mpesaResultMessage(1037));
    // Still open on the phone: still pending.
    expect((await orderRow(open.created._id))?.status).toBe('pending_payment');
  });
});

describe('refunds', () => {
  it('are refused with a message saying to give the money back by hand', async () => {
    const { created, trackingId } = await payWithMpesa();
    fake.settle(trackingId, 0);
    await fake.sendCallback(trackingId, deliver);
    const signedIn = await post('/api/user/signin', {
      email: 'admin@soko.test',
      password: 'soko-demo-pass',
    });
    const headers = { authorization: `Bearer ${signedIn.json().token as string}` };
    const admin = (url: string) => t.app.inject({ method: 'POST', url, headers, payload: {} });
    expect((await admin(`/api/order/${created._id}/cancel`)).statusCode).toBe(200);
    const asked = await admin(`/api/order/${created._id}/refund`);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toMatch(
      /^The payment provider refused the refund: M-Pesa payments cannot be refunded through Soko/,
    );
  });
});

describe('settings', () => {
  it('stop the start when an M-Pesa setting is missing, naming each', async () => {
    await expect(createTestApp({ env: { PAYMENTS: 'mpesa' } })).rejects.toThrow(
      'MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY, PUBLIC_URL must be set when PAYMENTS has mpesa',
    );
    const { PUBLIC_URL: _publicUrl, MPESA_PASSKEY: _passkey, ...rest } = mpesaEnv();
    await expect(createTestApp({ env: rest })).rejects.toThrow(
      /^Invalid settings:\n {2}MPESA_PASSKEY, PUBLIC_URL must be set when PAYMENTS has mpesa$/,
    );
  });

  it('stop the start when Daraja refuses the keys (fail closed)', async () => {
    await expect(
      createTestApp({ env: { ...mpesaEnv(), MPESA_CONSUMER_SECRET: 'wrong-secret' } }),
    ).rejects.toThrow(/refused the consumer key and secret/);
  });
});

describe('Pesapal and M-Pesa offered together', () => {
  let pesapal: FakePesapal;
  let both: TestApp;
  beforeAll(async () => {
    pesapal = await startFakePesapal();
    both = await createTestApp({
      env: {
        ...mpesaEnv(),
        PAYMENTS: 'pesapal,mpesa',
        PESAPAL_CONSUMER_KEY: FAKE_PESAPAL_CREDENTIALS.consumerKey,
        PESAPAL_CONSUMER_SECRET: FAKE_PESAPAL_CREDENTIALS.consumerSecret,
        PESAPAL_BASE_URL: pesapal.url,
      },
    });
  });
  afterAll(async () => {
    await both?.close();
    await pesapal?.close();
  });

  it('lets the shopper pick: M-Pesa prompts the phone, Pesapal (the first named) opens its page', async () => {
    const start = async (provider?: 'mpesa' | 'pesapal' | 'sandbox') => {
      const product = await makeProduct(both.database.db, { payOnOrder: true, stock: 2 });
      const created = createOrderResponseSchema.parse(
        (
          await both.app.inject({
            method: 'POST',
            url: '/api/order/create',
            payload: orderBody([{ product, quantity: 1 }]),
          })
        ).json(),
      );
      return both.app.inject({
        method: 'POST',
        url: '/api/payments/process',
        payload: {
          orderId: created._id,
          formData: DELIVERY_FORM,
          ...(provider && { provider }),
        },
      });
    };
    const methods = await both.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(methods.json()).toEqual({ methods: ['pesapal', 'mpesa'] });
    const only = await t.app.inject({ method: 'GET', url: '/api/payments/methods' });
    expect(only.json()).toEqual({ methods: ['mpesa'] });

    const mpesa = await start('mpesa');
    expect(mpesa.json()).toMatchObject({ success: true, redirectUrl: '' });
    const byDefault = await start();
    expect(byDefault.json().redirectUrl).toContain('OrderTrackingId=');
    expect((await start('sandbox')).statusCode).toBe(400);

    // Each payment is verified with its own provider: the M-Pesa callback asks Daraja.
    const { trackingId } = mpesa.json<{ trackingId: string }>();
    fake.settle(trackingId, 0);
    const before = queries();
    await fake.sendCallback(trackingId, (url, body) =>
      both.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object }),
    );
    expect(queries()).toBe(before + 1);
    const [row] = await both.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.trackingId, trackingId));
    expect(row?.status).toBe('completed');
  });
});

describe('the callback token in the log', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({
      env: { ...mpesaEnv(), LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('is never written: the callback’s path is logged with a placeholder, its errors too', async () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      logged.app.inject({ method, url, ...(payload && { payload }) });
    const product = await makeProduct(logged.database.db, { payOnOrder: true, stock: 2 });
    const created = createOrderResponseSchema.parse(
      (await inject('POST', '/api/order/create', orderBody([{ product, quantity: 1 }]))).json(),
    );
    const started = await inject('POST', '/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'mpesa',
    });
    const { trackingId } = processPaymentResponseSchema.parse(started.json());
    lines.length = 0;

    // Paid, and called back while Daraja cannot be asked: the warning carries the error.
    fake.settle(trackingId, 0);
    fake.failNext(QUERY, 503);
    const ack = await fake.sendCallback(trackingId, (url, body) =>
      inject('POST', new URL(url).pathname, body as object),
    );
    expect((ack as { statusCode: number }).statusCode).toBe(200);
    // A body that is not a callback, and a callback address with more after the token.
    const refused = await inject('POST', `${CALLBACK}/${CALLBACK_TOKEN}`, { Body: {} });
    expect(refused.statusCode).toBe(400);
    const unknown = await inject('POST', `${CALLBACK}/${CALLBACK_TOKEN}/more?x=1`, {});
    expect(unknown.statusCode).toBe(404);

    // An error that quotes the CallBackURL, as a provider's answer might.
    logged.app.log.error(
      { err: new Error(`Daraja refused https://shop.example${CALLBACK}/${CALLBACK_TOKEN}`) },
      'STK push failed',
    );

    const log = lines.join('');
    expect(log).toContain(`"url":"${CALLBACK}/[redacted]"`);
    expect(log).toContain(`"message":"Daraja refused https://shop.example${CALLBACK}/[redacted]"`);
    expect(log).toContain(`"url":"${CALLBACK}/[redacted]/more?x=1"`);
    expect(log).toContain('M-Pesa callback not verified now');
    expect(log).not.toContain(CALLBACK_TOKEN);
  });
});

/** Makes the payment look old enough for the sweep, and runs the sweep with the M-Pesa adapter. */
async function ageAndSweep(trackingId: string) {
  await t.database.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - 120_000), checkedAt: null })
    .where(eq(payments.trackingId, trackingId));
  await sweepPendingPayments({
    db: t.database.db,
    mpesaPrompts: t.config.mpesaPrompts,
    providers: [
      createMpesaProvider({
        baseUrl: fake.url,
        ...FAKE_DARAJA_CREDENTIALS,
        callbackUrl: `https://shop.example/api/payments/mpesa/callback/${CALLBACK_TOKEN}`,
      }),
    ],
    publicUrl: t.config.publicUrl,
    publish: () => {},
  });
}
