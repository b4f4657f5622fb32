// What happened to an order, in the log (decision 052): one structured line per order event, and
// one per settled payment, with ids and amounts, never the shopper's details.
import { createOrderResponseSchema, processPaymentResponseSchema } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
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
});
