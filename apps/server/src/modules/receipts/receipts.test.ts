// Receipts and credit notes through HTTP (issue 33, decision 045): the VAT per rate of a mixed
// cart to the cent, one receipt per confirmed shop part (paid online at the final checkout, paid
// on delivery at the delivery), credit notes naming their receipts, the shop's unbroken sequence
// (under 50 checkouts at once on PostgreSQL), who may read them, the buyer's KRA PIN, a replayed
// event, the message's link and the month's CSV.
import {
  apiErrorSchema,
  KRA_PIN_MESSAGE,
  orderReceiptsSchema,
  receiptSchema,
  type AuthResponse,
  type CreateOrderBody,
  type Receipt,
  type TaxType,
} from '@soko/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOscu, type FakeOscu } from '../../../test/fake-oscu';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';
import { messages, orderEvents, orders, products, receipts, shops } from '../../platform/schema';
import { createEventFollower } from '../orders';
import { issueReceipts } from './issue';

let t: TestApp;
// KRA's OSCU API (decision 046): it initialises shop A's device, then stays down, so the
// receipts here stay pending with eTIMS (sending them is etims.test.ts's).
let oscu: FakeOscu;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, sandbox, deliverParts } = httpClient(() => t);

beforeAll(async () => {
  oscu = await startFakeOscu();
  oscu.device({ tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'KRACU0100000001' });
  t = await createTestApp({ env: { PUBLIC_URL: 'https://soko.test', ETIMS_BASE_URL: oscu.url } });
  // Both demo shops take payment online; the pay-on-delivery test switches shop B over.
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, true));
  // Shop A is VAT-registered with eTIMS on; shop B is not registered.
  const profile = await call('PUT', `/api/property/shop/${shopA}/tax-profile`, owner.token, {
    kraPin: 'P051234567X',
    vatRegistered: true,
    etims: { enabled: true, bhfId: '00', dvcSrlNo: 'KRACU0100000001' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  oscu.down();
});
afterAll(async () => {
  await t?.close();
  await oscu?.close();
});

const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};
const cents = (ksh: number) => Math.round(ksh * 100);
const nairobiMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);
const nairobiMinute = (iso: string) =>
  new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

async function product(shopId: string, priceKsh: number, taxType: TaxType | null = null) {
  const made = await makeProduct(t.database.db, { payOnOrder: true, shopId, stock: 200, priceKsh });
  await t.database.db.update(products).set({ taxType }).where(eq(products.id, made.id));
  return made;
}

let serial = 0;
/** A shop's 10 % code (shop A's owner runs it). */
async function shopCode(shopId: string, token: string): Promise<string> {
  const code = `RCPT${++serial}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const res = await call('POST', `/api/property/shop/${shopId}/discount-codes`, token, {
    code,
    kind: 'percent',
    value: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  return code;
}

/**
 * A create-order body for one of each product (a code's `discountKsh` off). Shops that set no
 * delivery charge the spec's one Ksh 10 for the order, on the first part.
 */
function body(items: FixtureProduct[], code?: string, discountKsh = 0): CreateOrderBody {
  const subtotal = items.reduce((sum, item) => sum + item.unitCents, 0) / 100;
  return {
    items: items.map((item) => ({
      name: item.name,
      productId: item.id,
      quantity: 1,
      price: item.unitCents / 100,
      selectedVariant: null,
    })),
    totalPrice: subtotal - discountKsh + 10,
    shipping: 'standard',
    discount: discountKsh,
    ...(code ? { discountCode: code } : {}),
  };
}

type Placed = { _id: string; totalPrice: number; order: CreateOrderBody };

async function place(
  order: CreateOrderBody,
  token = shopper.token,
  headers: Record<string, string> = {},
): Promise<Placed> {
  const created = await call('POST', '/api/order/create', token, order, headers);
  expect(created.statusCode, created.body).toBe(201);
  const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
  return { _id, totalPrice, order };
}

const checkout = (placed: Placed, extra: Record<string, unknown> = {}, token = shopper.token) =>
  call('POST', '/api/order/checkout', token, {
    ...DELIVERY_FORM,
    orderId: placed._id,
    totalPrice: placed.totalPrice,
    shipping: placed.order.shipping,
    discount: placed.order.discount,
    ...extra,
  });

/**
 * Pays online through the sandbox: the delivery form (with `form`'s changes) goes with the
 * payment's start, and the verified payment confirms the order by itself.
 */
async function pay(placed: Placed, form: Record<string, unknown> = {}) {
  const started = await call('POST', '/api/payments/process', shopper.token, {
    orderId: placed._id,
    formData: { ...DELIVERY_FORM, ...form },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { trackingId } = started.json() as { trackingId: string };
  const paid = await sandbox(trackingId, 'pay');
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Paid online, then the final checkout the shopper's tab sends after it (a repeat by then). */
async function payAndConfirm(placed: Placed, form: Record<string, unknown> = {}) {
  await pay(placed, form);
  const confirmed = await checkout(placed, form);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

const orderReceipts = async (orderId: string, token = shopper.token) => {
  const res = await call('GET', `/api/orders/${orderId}/receipts`, token);
  expect(res.statusCode, res.body).toBe(200);
  return orderReceiptsSchema.parse(res.json());
};

/** The order's receipts once the follower has issued `count` of them (or what there is after 10 s). */
async function receiptsOf(orderId: string, count: number, token = shopper.token) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await orderReceipts(orderId, token);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every event of the order has been followed. */
async function followed(orderId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const due = await t.database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), isNull(orderEvents.followedAt)));
    if (due.length === 0) return;
    if (Date.now() > deadline) throw new Error(`events of ${orderId} not followed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sumCents = (found: readonly Receipt[]) =>
  found.reduce((sum, receipt) => sum + cents(receipt.total), 0);

describe('receipts', () => {
  it('prints the VAT per rate of a mixed cart with a shop code, to the cent, adding up to what was paid', async () => {
    const items = [
      await product(shopA, 1160, 'B'),
      await product(shopA, 540, 'E'),
      await product(shopA, 300, 'A'),
      await product(shopA, 250, 'C'),
    ];
    const code = await shopCode(shopA, owner.token);
    // 10 % of Ksh 2,250.
    const placed = await place(body(items, code, 225));
    expect(placed.totalPrice).toBe(2035);
    // The types were frozen on the order's lines when it was placed: a later change of a
    // product's type does not reach its receipt.
    await t.database.db
      .update(products)
      .set({ taxType: 'A' })
      .where(eq(products.id, items[0]?.id ?? ''));
    await payAndConfirm(placed);

    const [receipt, ...more] = await receiptsOf(placed._id, 1);
    expect(more).toHaveLength(0);
    expect(receipt?.kind).toBe('receipt');
    expect(receipt?.numberText).toBe(`R-${String(receipt?.number).padStart(6, '0')}`);
    expect(receipt?.seller).toMatchObject({ kraPin: 'P051234567X', vatRegistered: true });
    expect(receipt?.buyer).toEqual({ name: 'Achieng Atieno Odhiambo', kraPin: null });
    expect(receipt?.payment).toBe('Online payment (sandbox)');
    expect(receipt?.etims.status).toBe('pending');
    // Each line less its share of the code (10 % of each here), with its type's VAT share.
    expect(
      receipt?.lines.map(({ taxType, amount, discount, vat }) => ({
        taxType,
        amount,
        discount,
        vat,
      })),
    ).toEqual([
      { taxType: 'B', amount: 1044, discount: 116, vat: 144 },
      { taxType: 'E', amount: 486, discount: 54, vat: 36 },
      { taxType: 'A', amount: 270, discount: 30, vat: 0 },
      { taxType: 'C', amount: 225, discount: 25, vat: 0 },
    ]);
    // The delivery fee is a line of its own at the shop's default type (B when VAT-registered):
    // B holds 1,044 + 10 = 1,054, whose VAT is 1,054 x 16 / 116 = 145.38.
    expect(receipt?.delivery).toEqual({ amount: 10, taxType: 'B', vat: 1.38 });
    expect(receipt?.rates).toEqual([
      { taxType: 'A', ratePercent: 0, amount: 270, taxable: 270, vat: 0 },
      { taxType: 'B', ratePercent: 16, amount: 1054, taxable: 908.62, vat: 145.38 },
      { taxType: 'C', ratePercent: 0, amount: 225, taxable: 225, vat: 0 },
      { taxType: 'E', ratePercent: 8, amount: 486, taxable: 450, vat: 36 },
    ]);
    expect(receipt?.total).toBe(2035);
    expect(receipt?.vat).toBe(181.38);
    expect(receipt?.taxable).toBe(1853.62);
    // The row's columns say the same.
    const [row] = await t.database.db
      .select({ totalCents: receipts.totalCents, vatCents: receipts.vatCents })
      .from(receipts)
      .where(eq(receipts.id, receipt?._id ?? ''));
    expect(row).toEqual({ totalCents: 203500, vatCents: 18138 });
  });

  it('gives each shop’s part of a two-shop order its own receipt, together what was paid, and links them in the order’s mail', async () => {
    const a = await product(shopA, 1000);
    const b = await product(shopB, 700, 'B');
    const placed = await place(body([a, b]));
    await payAndConfirm(placed, { buyerKraPin: ' p051234567x ' });

    const found = await receiptsOf(placed._id, 2);
    expect(found.map((receipt) => receipt.shopId).sort()).toEqual([shopA, shopB].sort());
    expect(sumCents(found)).toBe(cents(placed.totalPrice));
    // The PIN as the buyer typed it, kept upper case.
    expect(found.map((receipt) => receipt.buyer.kraPin)).toEqual(['P051234567X', 'P051234567X']);
    const [stored] = await t.database.db
      .select({ pin: orders.buyerKraPin })
      .from(orders)
      .where(eq(orders.id, placed._id));
    expect(stored?.pin).toBe('P051234567X');
    // Shop B is not VAT-registered: every line is D, whatever its product says, and no VAT.
    const fromB = found.find((receipt) => receipt.shopId === shopB);
    expect(fromB?.lines.map((line) => line.taxType)).toEqual(['D']);
    expect(fromB?.vat).toBe(0);
    expect(fromB?.etims.status).toBe('off');

    const [mail] = await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(
        and(
          eq(messages.orderId, placed._id),
          eq(messages.kind, 'order_received'),
          eq(messages.channel, 'email'),
        ),
      );
    for (const receipt of found) {
      expect(mail?.body).toContain(
        `: https://soko.test/orders/${placed._id}/receipts/${receipt._id}`,
      );
    }
  });

  it('issues a pay-on-delivery part’s receipt only when it is delivered', async () => {
    await t.database.db.update(shops).set({ payOnOrder: false }).where(eq(shops.id, shopB));
    try {
      const item = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB });
      const placed = await place(body([item]));
      const confirmed = await checkout(placed);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await followed(placed._id);
      expect(await orderReceipts(placed._id)).toEqual([]);

      await deliverParts(placed._id, [[shopB, owner2.token]]);
      const [receipt] = await receiptsOf(placed._id, 1);
      expect(receipt?.payment).toBe('Cash on delivery');
      expect(cents(receipt?.total ?? 0)).toBe(cents(placed.totalPrice));
      const [mail] = await t.database.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.orderId, placed._id), eq(messages.kind, 'part_delivered')));
      expect(mail?.body).toContain(
        `Your receipt: https://soko.test/orders/${placed._id}/receipts/${receipt?._id}`,
      );
    } finally {
      await t.database.db.update(shops).set({ payOnOrder: true }).where(eq(shops.id, shopB));
    }
  });

  it('issues a credit note naming the receipt of a part cancelled after payment, mirroring it', async () => {
    const placed = await place(
      body([await product(shopA, 580, 'B'), await product(shopA, 200, 'E')]),
    );
    await payAndConfirm(placed);
    const [receipt] = await receiptsOf(placed._id, 1);
    const cancel = await call(
      'POST',
      `/api/property/shop/${shopA}/orders/${placed._id}/cancel`,
      owner.token,
      {},
    );
    expect(cancel.statusCode, cancel.body).toBe(200);

    const found = await receiptsOf(placed._id, 2);
    const note = found.find((each) => each.kind === 'credit_note');
    expect(note?.numberText).toBe(`CN-${String(note?.number).padStart(6, '0')}`);
    expect(note?.number).toBe((receipt?.number ?? 0) + 1);
    expect(note?.credits).toEqual({ _id: receipt?._id, numberText: receipt?.numberText });
    expect(note?.etims.status).toBe('pending');
    expect(note?.total).toBe(-(receipt?.total ?? 0));
    expect(note?.vat).toBe(-(receipt?.vat ?? 0));
    expect(note?.rates).toEqual(
      receipt?.rates.map((rate) => ({
        ...rate,
        amount: -rate.amount,
        taxable: -rate.taxable,
        vat: -rate.vat,
      })),
    );
    expect(note?.lines.map((line) => line.amount)).toEqual(
      receipt?.lines.map((line) => -line.amount),
    );
    const again = receiptSchema.parse(
      (await call('GET', `/api/receipts/${receipt?._id}`, shopper.token)).json(),
    );
    expect(again.creditedBy).toEqual({ _id: note?._id, numberText: note?.numberText });
  });

  it('credits every receipt of an order whose payment was reversed', async () => {
    const placed = await place(body([await product(shopA, 300, 'B'), await product(shopB, 400)]));
    const started = await call('POST', '/api/payments/process', shopper.token, {
      orderId: placed._id,
      formData: DELIVERY_FORM,
    });
    const { trackingId } = started.json() as { trackingId: string };
    expect((await sandbox(trackingId, 'pay')).statusCode).toBe(200);
    const issued = await receiptsOf(placed._id, 2);
    const reversed = await sandbox(trackingId, 'reverse');
    expect(reversed.statusCode, reversed.body).toBe(200);

    const found = await receiptsOf(placed._id, 4);
    const notes = found.filter((each) => each.kind === 'credit_note');
    expect(notes.map((note) => note.credits?._id).sort()).toEqual(
      issued.map((receipt) => receipt._id).sort(),
    );
    expect(sumCents(found)).toBe(0);
    // The shop without eTIMS: its credit note is off like its receipt.
    expect(notes.find((note) => note.shopId === shopB)?.etims.status).toBe('off');
  });

  it('numbers a shop’s receipts and credit notes in one sequence, with no gap and no repeat', async () => {
    const res = await call(
      'GET',
      `/api/property/shop/${shopA}/receipts?month=${nairobiMonth()}`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const numbers = orderReceiptsSchema.parse(res.json()).map((receipt) => receipt.number);
    expect(numbers.length).toBeGreaterThanOrEqual(4);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(numbers.map((_, index) => first + index));
    const [counter] = rowsOf<{ last_number: number }>(
      await t.database.db.execute(
        sql`select last_number from receipt_counters where shop_id = ${shopA}`,
      ),
    );
    expect(counter?.last_number).toBe(numbers.at(-1));
  });

  it('gives no second receipt when an event is followed again', async () => {
    const placed = await place(body([await product(shopA, 100)]));
    await payAndConfirm(placed);
    const [receipt] = await receiptsOf(placed._id, 1);
    await t.database.db
      .update(orderEvents)
      .set({ followedAt: null })
      .where(and(eq(orderEvents.orderId, placed._id), eq(orderEvents.kind, 'order.confirmed')));
    await followed(placed._id);
    expect((await orderReceipts(placed._id)).map((each) => each._id)).toEqual([receipt?._id]);
  });

  it('takes the buyer’s KRA PIN only in its form: a bad one is a field error, with nothing written', async () => {
    // Paid on delivery: the final checkout confirms the order with its form.
    await t.database.db.update(shops).set({ payOnOrder: false }).where(eq(shops.id, shopB));
    try {
      const item = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB });
      const placed = await place(body([item]));
      const refused = await checkout(placed, { buyerKraPin: 'X12345' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(fieldsOf(refused.body)).toEqual({ buyerKraPin: KRA_PIN_MESSAGE });
      const stored = async () =>
        (
          await t.database.db
            .select({ status: orders.status, pin: orders.buyerKraPin, address: orders.address })
            .from(orders)
            .where(eq(orders.id, placed._id))
        )[0];
      expect(await stored()).toEqual({ status: 'pending_payment', pin: null, address: null });
      const confirmed = await checkout(placed, { buyerKraPin: ' a123456789z ' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await stored()).toMatchObject({ status: 'confirmed', pin: 'A123456789Z' });
    } finally {
      await t.database.db.update(shops).set({ payOnOrder: true }).where(eq(shops.id, shopB));
    }

    // Paid online, the form goes with the payment's start: a bad PIN starts no payment.
    const online = await place(body([await product(shopA, 100)]));
    const refused = await call('POST', '/api/payments/process', shopper.token, {
      orderId: online._id,
      formData: { ...DELIVERY_FORM, buyerKraPin: 'P12' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ 'formData.buyerKraPin': KRA_PIN_MESSAGE });
    const [row] = await t.database.db
      .select({ status: orders.status, pin: orders.buyerKraPin, address: orders.address })
      .from(orders)
      .where(eq(orders.id, online._id));
    expect(row).toEqual({ status: 'pending_payment', pin: null, address: null });
    // Left empty, it is none.
    await payAndConfirm(online, { buyerKraPin: '' });
    const [receipt] = await receiptsOf(online._id, 1);
    expect(receipt?.buyer.kraPin).toBeNull();
  });

  it('lets the shopper, the shop’s owner and an admin read a receipt, and no one else', async () => {
    const placed = await place(body([await product(shopA, 100)]));
    await payAndConfirm(placed);
    const [receipt] = await receiptsOf(placed._id, 1);
    const url = `/api/receipts/${receipt?._id}`;
    for (const token of [shopper.token, owner.token, admin.token]) {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(receiptSchema.parse(res.json())._id).toBe(receipt?._id);
    }
    // Another owner and a signed-out stranger: a signed-in shopper's receipt is not found.
    expect((await call('GET', url, owner2.token)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', '/api/receipts/not-an-id', shopper.token)).statusCode).toBe(404);
    // The order's receipts: its shopper and admins; a shop's owner uses the shop's routes.
    expect((await call('GET', `/api/orders/${placed._id}/receipts`, admin.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/orders/${placed._id}/receipts`, owner.token)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/orders/${placed._id}/receipts`)).statusCode).toBe(404);

    const month = nairobiMonth();
    for (const path of ['receipts', 'receipts.csv']) {
      const shopUrl = `/api/property/shop/${shopA}/${path}?month=${month}`;
      expect((await call('GET', shopUrl, owner2.token)).statusCode).toBe(403);
      expect((await call('GET', shopUrl, shopper.token)).statusCode).toBe(403);
      expect((await call('GET', shopUrl)).statusCode).toBe(401);
      expect((await call('GET', shopUrl, admin.token)).statusCode).toBe(200);
      const bad = await call(
        'GET',
        `/api/property/shop/${shopA}/${path}?month=2026-13`,
        owner.token,
      );
      expect(bad.statusCode, bad.body).toBe(400);
    }
  });

  it('sends a receipt as a PDF to whoever may read it, and to no one else', async () => {
    const placed = await place(body([await product(shopA, 1160, 'B')]));
    await payAndConfirm(placed);
    const [receipt] = await receiptsOf(placed._id, 1);
    const url = `/api/receipts/${receipt?._id}/pdf`;
    for (const token of [shopper.token, owner.token, admin.token]) {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${receipt?.numberText}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // An order placed without a language: its receipt is English.
    expect(receipt?.locale).toBe('en');
    const english = await pdfText((await call('GET', url, shopper.token)).rawPayload);
    expect(english).toContain(`Receipt ${receipt?.numberText}`);
    expect((await call('GET', url, owner2.token)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', '/api/receipts/not-an-id/pdf', shopper.token)).statusCode).toBe(404);
  });

  it('prints a Swahili order’s receipt and its credit note in Kiswahili, for whoever reads it', async () => {
    const placed = await place(body([await product(shopA, 1160, 'B')]), shopper.token, {
      cookie: 'lang=sw',
    });
    await payAndConfirm(placed);
    const [receipt] = await receiptsOf(placed._id, 1);
    expect(receipt?.locale).toBe('sw');
    // Its payment is kept in English (the accountant's CSV and eTIMS read it).
    expect(receipt?.payment).toBe('Online payment (sandbox)');
    // One document: the owner downloads what the shopper does.
    for (const token of [shopper.token, owner.token]) {
      const pdf = await call('GET', `/api/receipts/${receipt?._id}/pdf`, token);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Risiti ${receipt?.numberText}`);
      expect(text).toContain('Imeuzwa kwa: Achieng Atieno Odhiambo');
      expect(text).toContain('Malipo: Malipo ya mtandaoni (majaribio)');
    }

    const cancel = await call(
      'POST',
      `/api/property/shop/${shopA}/orders/${placed._id}/cancel`,
      owner.token,
      {},
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = (await receiptsOf(placed._id, 2)).find((each) => each.kind === 'credit_note');
    expect(note?.locale).toBe('sw');
    const text = await pdfText(
      (await call('GET', `/api/receipts/${note?._id}/pdf`, shopper.token)).rawPayload,
    );
    expect(text).toContain(
      `Hati ya Marejesho ${note?.numberText} (inafuta ${receipt?.numberText})`,
    );
  });

  it('exports the month as CSV for the accountant, a formula-looking name neutralised', async () => {
    const placed = await place(body([await product(shopA, 1160, 'B')]));
    await payAndConfirm(placed, { firstName: '=HYPERLINK("http://evil.example")', middleName: '' });
    const [receipt] = await receiptsOf(placed._id, 1);
    const month = nairobiMonth();
    const res = await call(
      'GET',
      `/api/property/shop/${shopA}/receipts.csv?month=${month}`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receipts-${shopA}-${month}.csv"`,
    );
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Number,Kind,Credits,Date,Order,Buyer,Buyer KRA PIN,Taxable A (Ksh),VAT A (Ksh),Taxable B (Ksh),VAT B (Ksh),Taxable C (Ksh),VAT C (Ksh),Taxable D (Ksh),VAT D (Ksh),Taxable E (Ksh),VAT E (Ksh),Total (Ksh),eTIMS status,KRA receipt number',
    );
    const row = rows.find((line) => line.startsWith(`${receipt?.numberText},`));
    // 1,160 + 10 delivery at B: VAT 161.38.
    expect(row).toBe(
      `${receipt?.numberText},Receipt,,${nairobiMinute(receipt?.issuedAt ?? '')},${receipt?.orderNumber},"'=HYPERLINK(""http://evil.example"") Odhiambo",,0.00,0.00,1008.62,161.38,0.00,0.00,0.00,0.00,0.00,0.00,1170.00,pending,`,
    );
    // A credit note's row: negative amounts, naming its receipt.
    const note = rows.find((line) => line.includes(',Credit note,'));
    expect(note).toMatch(/^CN-\d{6},Credit note,R-\d{6},/);
    expect(note).toMatch(/,-\d+\.\d\d,pending,$/);
  });
});

describe.runIf(testDbKind() === 'postgres')('receipt numbers under load (PostgreSQL)', () => {
  it('numbers 50 checkouts at once with no gap and no repeat', async () => {
    const item = await product(shopA, 100);
    const placed = await Promise.all(Array.from({ length: 50 }, () => place(body([item]))));
    // Each payment started with its delivery form; its verified payment confirms the order.
    const trackingIds = await Promise.all(
      placed.map(async (each) => {
        const started = await call('POST', '/api/payments/process', shopper.token, {
          orderId: each._id,
          formData: DELIVERY_FORM,
        });
        expect(started.statusCode, started.body).toBe(200);
        return (started.json() as { trackingId: string }).trackingId;
      }),
    );
    const [before] = rowsOf<{ last_number: number | null }>(
      await t.database.db.execute(
        sql`select max(number) as last_number from receipts where shop_id = ${shopA}`,
      ),
    );
    const start = before?.last_number ?? 0;
    // Four more followers beside the app's own, one event a round each, race for the counter
    // while the 50 payments land at once.
    let paying = true;
    const race = async () => {
      const racer = createEventFollower(
        t.database.db,
        async () => null,
        (tx, events) => issueReceipts(tx, events).then(() => undefined),
        { batchSize: 1 },
      );
      while (paying) await racer.runOnce();
      await racer.drain();
    };
    const racing = Promise.all(Array.from({ length: 4 }, race));
    const paid = await Promise.all(trackingIds.map((trackingId) => sandbox(trackingId, 'pay')));
    paying = false;
    await racing;
    expect(paid.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    for (const each of placed) await followed(each._id);
    const written = await t.database.db
      .select({ number: receipts.number })
      .from(receipts)
      .where(
        inArray(
          receipts.orderId,
          placed.map((each) => each._id),
        ),
      );
    expect(written.map((row) => row.number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, index) => start + index + 1),
    );
  });
});
