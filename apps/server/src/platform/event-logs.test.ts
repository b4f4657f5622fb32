// What happened to an order, in the log (decision 052): one structured line per order event, and
// one per settled payment, with ids and amounts, never the shopper's details.
import { createOrderResponseSchema, processPaymentResponseSchema } from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { httpClient } from '../../test/http';
import { shops, users } from './schema';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../test/order-fixtures';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const { call, placeOrder, signIn } = httpClient(() => t);
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The lines with that `event` field, waited for (the follower runs every quarter second). */
async function eventLines(event: string, orderId: string, count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = logged().filter((l) => l.event === event && l.orderId === orderId);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('order and payment events in the log', () => {
  it('logs placing and paying an order with its ids, once each, and no personal data', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 5 });
    const created = createOrderResponseSchema.parse(
      (await post('/api/order/create', orderBody([{ product, quantity: 2 }]))).json(),
    );
    const started = processPaymentResponseSchema.parse(
      (
        await post('/api/payments/process', { orderId: created._id, formData: DELIVERY_FORM })
      ).json(),
    );
    expect((await post(`/api/payments/sandbox/${started.trackingId}/pay`, {})).statusCode).toBe(
      200,
    );

    const [payment, ...again] = await eventLines('payment.completed', created._id);
    expect(again).toEqual([]);
    expect(payment).toMatchObject({
      level: 30,
      orderId: created._id,
      provider: 'sandbox',
      status: 'completed',
      amountCents: Math.round(created.totalPrice * 100),
    });
    expect(payment?.paymentId).toMatch(/^[0-9a-f-]{36}$/);

    for (const [event, from] of [
      ['order.placed', undefined],
      ['order.paid', 'pending_payment'],
      ['order.confirmed', 'paid'],
    ] as const) {
      const found = await eventLines(event, created._id);
      expect(found, event).toHaveLength(1);
      expect(found[0]).toMatchObject({
        level: 30,
        orderId: created._id,
        ...(from ? { from } : {}),
      });
      expect(found[0]?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    }

    const all = lines.join('\n');
    for (const personal of [
      DELIVERY_FORM.email,
      DELIVERY_FORM.phoneNumber,
      '712345678',
      DELIVERY_FORM.firstName,
      DELIVERY_FORM.lastName,
      DELIVERY_FORM.address,
    ]) {
      expect(all, personal).not.toContain(personal);
    }
  });

  it('logs a shop’s part shipped with the part, the shop and who did it', async () => {
    // A shop paid on delivery, so the checkout confirms the order, and its owner.
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const { shopId } = product;
    const [shop] = await t.database.db
      .select({ email: users.email })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(eq(shops.id, shopId));
    const owner = await signIn(shop?.email ?? 'no owner');
    const placed = await placeOrder(undefined, [product], 1);
    expect((await placed.checkout()).statusCode).toBe(200);
    const shipped = await call(
      'POST',
      `/api/property/shop/${shopId}/orders/${placed._id}/ship`,
      owner.token,
      { trackingNote: 'G4S 88231' },
    );
    expect(shipped.statusCode, shipped.body).toBe(200);

    const [line, ...again] = await eventLines('part.shipped', placed._id);
    expect(again).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      orderId: placed._id,
      shopId,
      actor: expect.any(String) as unknown,
      from: 'confirmed',
    });
    expect(line?.partId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    // The carrier's note is the shop's words to the shopper, not the log's.
    expect(JSON.stringify(line)).not.toContain('G4S 88231');
  });
});
