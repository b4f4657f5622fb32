// Paying by hand to the marketplace's Paybill after the PIN prompt failed (decision 042), through
// HTTP against the fake Daraja: the code typed is checked with the Transaction Status query, and
// only M-Pesa's result, posted to our secret result URL, pays the order, once, and only when the
// payment is completed, ours, for this code and enough money. A code pays one order.
import {
  createOrderResponseSchema,
  formatKsh,
  paybillClaimSchema,
  paybillInstructionsSchema,
  processPaymentResponseSchema,
} from '@soko/contract';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../../test/fake-daraja';
import { followPayment } from '../../../test/live-channel';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { orderEvents, orders, paybillClaims, payments, products } from '../../platform/schema';
import { expireOverdueOrders } from '../orders';

const CALLBACK_TOKEN = 'test-callback-token-0123456789abcdef';
const RESULT = '/api/payments/mpesa/paybill/result';
const PAYBILL = '/api/payments/mpesa/paybill';
const OURS = `${FAKE_DARAJA_CREDENTIALS.shortcode} - Soko`;

let fake: FakeDaraja;
let t: TestApp;
let base: string;
const sockets: Socket[] = [];
const { call, signIn } = httpClient(() => t);

beforeAll(async () => {
  fake = await startFakeDaraja();
  t = await createTestApp({
    env: {
      PAYMENTS: 'mpesa',
      MPESA_CONSUMER_KEY: FAKE_DARAJA_CREDENTIALS.consumerKey,
      MPESA_CONSUMER_SECRET: FAKE_DARAJA_CREDENTIALS.consumerSecret,
      MPESA_SHORTCODE: FAKE_DARAJA_CREDENTIALS.shortcode,
      MPESA_PASSKEY: FAKE_DARAJA_CREDENTIALS.passkey,
      MPESA_BASE_URL: fake.url,
      MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN,
      MPESA_INITIATOR_NAME: 'soko-api',
      MPESA_SECURITY_CREDENTIAL: 'ZW5jcnlwdGVkLWluaXRpYXRvci1wYXNzd29yZA==',
      MPESA_PROMPTS_PER_PHONE: '1000',
      PUBLIC_URL: 'https://shop.example',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  await fake?.close();
});

const post = (url: string, body: unknown, token?: string) => call('POST', url, token, body);
/** Safaricom posting to the URL the shop gave in its request. */
const deliver = (url: string, body: unknown) => post(new URL(url).pathname, body);

let codes = 0;
/** A fresh code each time, as M-Pesa's are: ten letters and digits. */
const newCode = () => `QKH${String(++codes).padStart(5, '0')}Z1`;

async function placeOrder(token?: string, priceKsh = 1500) {
  const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 3, priceKsh });
  const res = await post('/api/order/create', orderBody([{ product, quantity: 1 }]), token);
  expect(res.statusCode, res.body).toBe(201);
  return { product, created: createOrderResponseSchema.parse(res.json()) };
}

/** An order whose PIN prompt was cancelled on the phone: payment_failed, its stock given back. */
async function failedPrompt() {
  const { product, created } = await placeOrder();
  const res = await post('/api/payments/process', {
    orderId: created._id,
    formData: DELIVERY_FORM,
    provider: 'mpesa',
    mpesaPhone: '0712345678',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { trackingId } = processPaymentResponseSchema.parse(res.json());
  fake.settle(trackingId, 1032);
  await fake.sendCallback(trackingId, deliver);
  return { product, created, trackingId };
}

const claim = (orderId: string, code: string, token?: string) =>
  post(PAYBILL, { orderId, code }, token);
const steps = async (orderId: string, token?: string) =>
  paybillInstructionsSchema.parse((await call('GET', `${PAYBILL}/${orderId}`, token)).json());
const statusOf = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
const stockOf = async (id: string) =>
  (await t.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock;

/** The live channel's events for a payment, as the checkout following it receives them. */
async function follow(trackingId: string) {
  const events = await followPayment(base, trackingId, sockets);
  // The failed status, replayed to a late subscriber.
  await expect.poll(() => events.length).toBe(1);
  return events;
}

/** Pays `amount` to `creditParty` by hand, types the code, and lets M-Pesa answer. */
async function payByHand(
  orderId: string,
  {
    amount,
    creditParty = OURS,
    code = newCode(),
  }: { amount: number; creditParty?: string; code?: string },
) {
  fake.recordPayment({ receipt: code, amount, creditParty });
  const res = await claim(orderId, code);
  expect(res.statusCode, res.body).toBe(202);
  await fake.sendStatusResult(deliver, { code });
  return { code, after: await steps(orderId) };
}

describe('paying by hand to the Paybill after the prompt failed', () => {
  it('shows the Paybill, the order number as account and the amount', async () => {
    const { created } = await failedPrompt();
    expect(await statusOf(created._id)).toBe('payment_failed');
    expect(await steps(created._id)).toEqual({
      offered: true,
      kind: 'paybill',
      businessNumber: FAKE_DARAJA_CREDENTIALS.shortcode,
      accountNumber: created.orderId,
      amount: created.totalPrice,
      claim: null,
    });
  });

  it('pays the order once M-Pesa confirms the code, taking its stock again', async () => {
    const { product, created } = await failedPrompt();
    expect(await stockOf(product.id)).toBe(3);
    const code = newCode();
    fake.recordPayment({ receipt: code, amount: created.totalPrice, creditParty: OURS });

    // Typed as people type it: lower case, with spaces.
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    const res = await claim(created._id, typed);
    expect(res.statusCode, res.body).toBe(202);
    expect(paybillClaimSchema.parse(res.json())).toEqual({ code, state: 'checking', reason: null });
    expect(await statusOf(created._id)).toBe('payment_failed');
    expect(fake.statusQueries.at(-1)?.request).toEqual({
      Initiator: 'soko-api',
      SecurityCredential: 'ZW5jcnlwdGVkLWluaXRpYXRvci1wYXNzd29yZA==',
      CommandID: 'TransactionStatusQuery',
      TransactionID: code,
      PartyA: FAKE_DARAJA_CREDENTIALS.shortcode,
      IdentifierType: '4',
      ResultURL: `https://shop.example${RESULT}/${CALLBACK_TOKEN}`,
      QueueTimeOutURL: `https://shop.example/api/payments/mpesa/paybill/timeout/${CALLBACK_TOKEN}`,
      Remarks: expect.any(String),
      Occasion: expect.any(String),
    });

    const ack = (await fake.sendStatusResult(deliver, { code })) as { json: () => unknown };
    expect(ack.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await statusOf(created._id)).toBe('confirmed');
    expect(await stockOf(product.id)).toBe(2);
    expect((await steps(created._id)).claim).toEqual({ code, state: 'accepted', reason: null });

    // M-Pesa repeating its result, and the shopper typing the code again, change nothing.
    await fake.sendStatusResult(deliver, { code });
    const again = await claim(created._id, code);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toEqual({ code, state: 'accepted', reason: null });
    const paid = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, created._id), eq(payments.status, 'completed')));
    expect(paid).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(2);
    const order = await call('GET', `/api/orders/${created._id}`);
    expect(order.json()).toMatchObject({ status: 'confirmed' });
  });

  it("tells the failed prompt's live channel, and the order's events follow as for any payment", async () => {
    const { created, trackingId } = await failedPrompt();
    const events = await follow(trackingId);
    await payByHand(created._id, { amount: created.totalPrice });
    await expect.poll(() => events.length).toBe(2);
    expect(events[1]).toMatchObject({
      status_code: 1,
      payment_method: 'MPESA',
      orderId: created._id,
    });
    const moves = await t.database.db
      .select({ kind: orderEvents.kind, actor: orderEvents.actor })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, created._id));
    expect(moves).toEqual(
      expect.arrayContaining([
        { kind: 'order.paid', actor: 'payment' },
        { kind: 'order.confirmed', actor: 'payment' },
      ]),
    );
  });

  it('pays an order whose prompt is still open, and accepts more money than due', async () => {
    const { created } = await placeOrder();
    const { after } = await payByHand(created._id, { amount: created.totalPrice + 10 });
    expect(after.claim?.state).toBe('accepted');
    expect(await statusOf(created._id)).toBe('confirmed');
  });

  it('refuses a payment of less than the order, with the amounts', async () => {
    const { created } = await failedPrompt();
    const { after, code } = await payByHand(created._id, { amount: created.totalPrice - 1 });
    expect(after.claim).toEqual({
      code,
      state: 'refused',
      reason: `The M-Pesa payment ${code} was ${formatKsh(created.totalPrice - 1)}, but this order comes to ${formatKsh(created.totalPrice)}.`,
    });
    expect(await statusOf(created._id)).toBe('payment_failed');
  });

  it('refuses a code M-Pesa does not know', async () => {
    const { created } = await failedPrompt();
    const code = newCode();
    expect((await claim(created._id, code)).statusCode).toBe(202);
    await fake.sendStatusResult(deliver, { code });
    expect((await steps(created._id)).claim).toEqual({
      code,
      state: 'refused',
      reason: `M-Pesa has no payment with the code ${code}. Check the code in your M-Pesa message and type it again.`,
    });
    expect(await statusOf(created._id)).toBe('payment_failed');
  });

  it('asks to type the code again later when M-Pesa could not check it', async () => {
    const { created } = await failedPrompt();
    const code = newCode();
    fake.recordPayment({ receipt: code, amount: created.totalPrice, creditParty: OURS });
    await claim(created._id, code);
    const query = fake.statusQueries.at(-1);
    await post(`${RESULT}/${CALLBACK_TOKEN}`, {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: query?.originatorConversationId,
        ConversationID: query?.conversationId,
        TransactionID: 'OEI2AK4Q16',
      },
    });
    expect((await steps(created._id)).claim).toEqual({
      code,
      state: 'refused',
      reason: `M-Pesa could not check the code ${code} just now. Please type it again in a few minutes.`,
    });
    // Typed again, it is asked about again, and this time M-Pesa has it.
    expect((await claim(created._id, code)).statusCode).toBe(202);
    await fake.sendStatusResult(deliver, { code });
    expect(await statusOf(created._id)).toBe('confirmed');
  });

  it('refuses money paid to another business', async () => {
    const { created } = await failedPrompt();
    const { after, code } = await payByHand(created._id, {
      amount: created.totalPrice,
      creditParty: '1743790 - Another Shop',
    });
    expect(after.claim).toEqual({
      code,
      state: 'refused',
      reason: `The M-Pesa payment ${code} was not made to Paybill 174379.`,
    });
    expect(await statusOf(created._id)).toBe('payment_failed');
  });

  it('refuses a code already used for another order, with a 409', async () => {
    const first = await placeOrder();
    const { code } = await payByHand(first.created._id, { amount: first.created.totalPrice });
    const second = await failedPrompt();
    const res = await claim(second.created._id, code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { message: 'This M-Pesa code was already used for another order.' },
    });
    expect(await statusOf(second.created._id)).toBe('payment_failed');
  });

  it("refuses the receipt of another order's PIN-prompt payment", async () => {
    const { created } = await placeOrder();
    const started = await post('/api/payments/process', {
      orderId: created._id,
      formData: DELIVERY_FORM,
      provider: 'mpesa',
      mpesaPhone: '0712345678',
    });
    const { trackingId } = processPaymentResponseSchema.parse(started.json());
    fake.settle(trackingId, 0);
    await fake.sendCallback(trackingId, deliver, { receipt: 'TKSTK00001' });
    expect(await statusOf(created._id)).toBe('confirmed');
    const other = await failedPrompt();
    const res = await claim(other.created._id, 'TKSTK00001');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { message: 'This M-Pesa code was already used for another order.' },
    });
  });

  it('lets a refused code be typed again once M-Pesa has it, and times out a query', async () => {
    const { created } = await failedPrompt();
    const code = newCode();
    await claim(created._id, code);
    const query = fake.statusQueries.at(-1);
    const timedOut = await post(`/api/payments/mpesa/paybill/timeout/${CALLBACK_TOKEN}`, {
      Result: { ConversationID: query?.conversationId },
    });
    expect(timedOut.statusCode, timedOut.body).toBe(200);
    expect((await steps(created._id)).claim).toMatchObject({ code, state: 'refused' });
    const { after } = await payByHand(created._id, { amount: created.totalPrice, code });
    expect(after.claim).toEqual({ code, state: 'accepted', reason: null });
  });

  it('ignores a result posted without the secret token', async () => {
    const { created } = await failedPrompt();
    const code = newCode();
    await claim(created._id, code);
    const query = fake.statusQueries.at(-1);
    if (!query) throw new Error('no status query');
    fake.recordPayment({ receipt: code, amount: created.totalPrice, creditParty: OURS });
    const forged = fake.statusResultBody(query);
    for (const url of [`${RESULT}/wrong-token-0123456789abcdefgh`, RESULT]) {
      const res = await post(url, forged);
      expect(res.statusCode).toBe(404);
    }
    expect(await statusOf(created._id)).toBe('payment_failed');
    expect((await steps(created._id)).claim?.state).toBe('checking');
  });

  it('refuses a malformed code or an unknown field with a 400 naming the field', async () => {
    const { created } = await failedPrompt();
    const bad = await claim(created._id, 'QKH94');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { code: expect.any(String) } } });
    const extra = await post(PAYBILL, { orderId: created._id, code: newCode(), amount: 1 });
    expect(extra.statusCode).toBe(400);
    const noOrder = await post(PAYBILL, { orderId: 'not-an-id', code: newCode() });
    expect(noOrder.statusCode).toBe(400);
    const unknown = await call('GET', `${PAYBILL}/not-an-id`);
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses another shopper's order as not found", async () => {
    const shopper = await signIn('shopper@soko.test');
    const { created } = await placeOrder(shopper.token);
    expect((await steps(created._id, shopper.token)).offered).toBe(true);
    const res = await claim(created._id, newCode());
    expect(res.statusCode).toBe(404);
    const read = await call('GET', `${PAYBILL}/${created._id}`);
    expect(read.statusCode).toBe(404);
    const own = await claim(created._id, newCode(), shopper.token);
    expect(own.statusCode).toBe(202);
  });

  it('checks at most 5 codes for one order', async () => {
    const { created } = await failedPrompt();
    for (let i = 0; i < 5; i += 1) {
      expect((await claim(created._id, newCode())).statusCode).toBe(202);
    }
    const sixth = await claim(created._id, newCode());
    expect(sixth.statusCode).toBe(429);
  });

  it('does not take a code for an order paid meanwhile or cancelled', async () => {
    const { created } = await placeOrder();
    await payByHand(created._id, { amount: created.totalPrice });
    const res = await claim(created._id, newCode());
    expect(res.statusCode).toBe(409);
    expect((await steps(created._id)).offered).toBe(false);
  });
});

describe('an order that lapsed unpaid', () => {
  it('is paid by hand if its items are still there, else cancelled with the money owed back', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 1, priceKsh: 900 });
    const place = async () => {
      const res = await post('/api/order/create', orderBody([{ product, quantity: 1 }]));
      expect(res.statusCode, res.body).toBe(201);
      return createOrderResponseSchema.parse(res.json());
    };
    const lapsed = await place();
    await expireOverdueOrders(t.database.db, new Date(Date.now() + 24 * 3_600_000));
    expect(await statusOf(lapsed._id)).toBe('expired');
    expect((await steps(lapsed._id)).offered).toBe(true);
    // Someone else buys the last one meanwhile.
    const other = await place();
    expect(await stockOf(product.id)).toBe(0);

    const { after } = await payByHand(lapsed._id, { amount: lapsed.totalPrice });
    expect(after.claim?.state).toBe('accepted');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, lapsed._id));
    expect(row).toMatchObject({ status: 'cancelled', refundReason: 'sold_out_after_payment' });
    expect(await stockOf(product.id)).toBe(0);

    // Lapsed too, with its item back on the shelf: paid by hand, it takes it again.
    await expireOverdueOrders(t.database.db, new Date(Date.now() + 24 * 3_600_000));
    expect(await stockOf(product.id)).toBe(1);
    await payByHand(other._id, { amount: other.totalPrice });
    expect(await statusOf(other._id)).toBe('confirmed');
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe.runIf(testDbKind() === 'postgres')('on PostgreSQL', () => {
  it('gives one code to one of two orders claiming it at once', async () => {
    const [a, b] = await Promise.all([failedPrompt(), failedPrompt()]);
    const code = newCode();
    fake.recordPayment({ receipt: code, amount: a.created.totalPrice, creditParty: OURS });
    const answers = await Promise.all([claim(a.created._id, code), claim(b.created._id, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409]);
    await fake.sendStatusResult(deliver, { code });
    const states = await Promise.all([statusOf(a.created._id), statusOf(b.created._id)]);
    expect(states.sort()).toEqual(['confirmed', 'payment_failed']);
    const live = await t.database.db
      .select()
      .from(paybillClaims)
      .where(eq(paybillClaims.code, code));
    expect(live.map((row) => row.state)).toEqual(['accepted']);
  });
});
