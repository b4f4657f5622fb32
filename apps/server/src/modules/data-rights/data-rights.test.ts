// Data rights through HTTP (decision 048): the export of everything held about the signed-in
// person, refused to anyone else; the privacy notice read and edited; the admins' log; and an
// account's deletion leaving its email and phone in no column of any table, nor in the log.
import { Writable } from 'node:stream';
import {
  authResponseSchema,
  createOrderResponseSchema,
  dataRequestPageSchema,
  privacyNoticeSchema,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db';
import { consents, shops, users } from '../../platform/schema';
import {
  FAKE_AT_CREDENTIALS,
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../../test/fake-africastalking';
import {
  FAKE_DARAJA_CREDENTIALS,
  startFakeDaraja,
  type FakeDaraja,
} from '../../../test/fake-daraja';
import { createTestApp, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { TEST_JWT_SECRET } from '../../../test/settings';
import { hashOfAddress, dataRightsKey } from './keys';

let t: TestApp;
let daraja: FakeDaraja;
let sms: FakeAfricasTalking;
let logged = '';
const { call, signIn, deliverParts } = httpClient(() => t);

beforeAll(async () => {
  daraja = await startFakeDaraja();
  sms = await startFakeAfricasTalking();
  t = await createTestApp({
    env: {
      PAYMENTS: 'mpesa',
      MPESA_CONSUMER_KEY: FAKE_DARAJA_CREDENTIALS.consumerKey,
      MPESA_CONSUMER_SECRET: FAKE_DARAJA_CREDENTIALS.consumerSecret,
      MPESA_SHORTCODE: FAKE_DARAJA_CREDENTIALS.shortcode,
      MPESA_PASSKEY: FAKE_DARAJA_CREDENTIALS.passkey,
      MPESA_BASE_URL: daraja.url,
      MPESA_CALLBACK_TOKEN: 'test-callback-token-0123456789abcdef',
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: FAKE_AT_CREDENTIALS.username,
      AT_API_KEY: FAKE_AT_CREDENTIALS.apiKey,
      AT_BASE_URL: sms.url,
      PUBLIC_URL: 'https://shop.example',
      LOG_LEVEL: 'debug',
    },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await daraja?.close();
  await sms?.close();
});

let counter = 0;
/** A new shopper with a phone number of their own (as typed, and as stored). */
async function newShopper() {
  const n = ++counter;
  const email = `Leaver${n}-${Date.now()}@Example.test`;
  const res = await call('POST', '/api/user/signup', undefined, {
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    email,
    password: 'a-good-password',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = authResponseSchema.parse(res.json());
  const digits = String((Date.now() * 7 + n * 104_729) % 100_000_000).padStart(8, '0');
  return {
    token,
    userId: user._id,
    email,
    typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
    phone: `+2547${digits}`,
  };
}
type Shopper = Awaited<ReturnType<typeof newShopper>>;

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function verifyPhone(shopper: Shopper) {
  expect(
    (await call('POST', '/api/user/phone', shopper.token, { phone: shopper.typed })).statusCode,
  ).toBe(200);
  const code = await waitFor('the code', () => {
    const text = sms.sentTo(shopper.phone)[0]?.message;
    return text ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
  });
  const verified = await call('POST', '/api/user/phone/verify', shopper.token, { code });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** An order paid by M-Pesa from the shopper's phone, confirmed by Daraja's callback. */
async function mpesaOrder(shopper: Shopper) {
  const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 5, priceKsh: 500 });
  const created = createOrderResponseSchema.parse(
    (
      await call('POST', '/api/order/create', shopper.token, orderBody([{ product, quantity: 1 }]))
    ).json(),
  );
  const form = { ...DELIVERY_FORM, email: shopper.email, phoneNumber: shopper.typed };
  const started = await call('POST', '/api/payments/process', shopper.token, {
    orderId: created._id,
    formData: form,
    provider: 'mpesa',
    mpesaPhone: shopper.typed,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { trackingId } = started.json() as { trackingId: string };
  daraja.settle(trackingId, 0);
  await daraja.sendCallback(trackingId, (url, body) =>
    t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object }),
  );
  await waitFor('the M-Pesa order confirmed', async () => {
    const order = await call('GET', `/api/orders/${created._id}`, shopper.token);
    return (order.json() as { status: string }).status === 'confirmed' ? true : undefined;
  });
  return created._id;
}

/** An order paid on delivery, delivered by its shop's owner; then reviewed and rated. */
async function deliveredOrder(shopper: Shopper) {
  const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5, priceKsh: 300 });
  const body = orderBody([{ product, quantity: 1 }]);
  const created = await call('POST', '/api/order/create', shopper.token, body);
  expect(created.statusCode, created.body).toBe(201);
  const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
  const checkout = await call('POST', '/api/order/checkout', shopper.token, {
    ...DELIVERY_FORM,
    email: shopper.email,
    phoneNumber: shopper.typed,
    orderId: _id,
    totalPrice,
    shipping: body.shipping,
    discount: body.discount,
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const [shop] = await t.database.db
    .select({ email: users.email })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.id, product.shopId));
  if (!shop) throw new Error('the product’s shop has no owner');
  const owner = await signIn(shop.email);
  await deliverParts(_id, [[product.shopId, owner.token]]);
  const review = await call('POST', `/api/reviews/${product.id}`, shopper.token, {
    rating: 4,
    body: 'Soft on the skin, and it came quickly.',
  });
  expect(review.statusCode, review.body).toBe(201);
  const rating = await call('POST', '/api/listing/saverating', shopper.token, {
    productId: product.id,
    rating: 5,
  });
  expect(rating.statusCode, rating.body).toBeLessThan(300);
  return _id;
}

/** A shopper with two orders, a review and rating, a verified phone and both consents. */
async function busyShopper() {
  const shopper = await newShopper();
  await verifyPhone(shopper);
  const paid = await mpesaOrder(shopper);
  const delivered = await deliveredOrder(shopper);
  expect(
    (await call('POST', '/api/newsletter/create', shopper.token, { email: shopper.email }))
      .statusCode,
  ).toBe(201);
  const marketing = await call('PUT', '/api/user/marketing', shopper.token, {
    newsletter: true,
    smsOffers: true,
    phone: shopper.typed,
  });
  expect(marketing.statusCode, marketing.body).toBe(200);
  // The messages of both orders (mail and SMS) are in the outbox before anything is read.
  await waitFor('the orders’ messages', async () => {
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from messages where order_id in (${paid}, ${delivered})`,
      ),
    );
    return (rows[0]?.n ?? 0) >= 3 ? true : undefined;
  });
  // And each order's receipt (issued as their events are followed).
  await waitFor('the receipts', async () => {
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from receipts where order_id in (${paid}, ${delivered})`,
      ),
    );
    return (rows[0]?.n ?? 0) >= 2 ? true : undefined;
  });
  return { shopper, paid, delivered };
}

const exportOf = (token?: string) => call('GET', '/api/user/me/export', token);

describe('the export of one’s data', () => {
  it('holds the profile, orders with lines and history, receipts, reviews, ratings, consents, messages and the phone', async () => {
    const { shopper, paid, delivered } = await busyShopper();
    const res = await exportOf(shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="soko-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: shopper.userId,
      email: shopper.email,
      firstName: 'Wanjiku',
    });
    expect(JSON.stringify(data)).not.toMatch(/password|token_version|tokenVersion/i);
    expect(data.phone).toMatchObject({ number: shopper.phone, verified: true });
    expect(data.orders.map((o: { _id: string }) => o._id).sort()).toEqual([paid, delivered].sort());
    const deliveredOne = data.orders.find((o: { _id: string }) => o._id === delivered);
    expect(deliveredOne.items).toHaveLength(1);
    expect(deliveredOne.parts[0].status).toBe('delivered');
    expect(deliveredOne.history.map((h: { to: string }) => h.to)).toContain('delivered');
    expect(data.receipts).toHaveLength(2);
    expect(data.receipts[0].buyer).toBeDefined();
    expect(data.reviews).toEqual([
      expect.objectContaining({ rating: 4, body: 'Soft on the skin, and it came quickly.' }),
    ]);
    expect(data.ratings).toEqual([expect.objectContaining({ rating: 5 })]);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          purpose: 'newsletter',
          channel: 'email',
          textVersion: 'newsletter-email-1',
          where: 'footer_newsletter',
          withdrawnAt: null,
        }),
        expect.objectContaining({
          purpose: 'marketing',
          channel: 'sms',
          address: shopper.phone,
          textVersion: 'marketing-sms-1',
          where: 'account',
        }),
      ]),
    );
    expect(data.newsletter.onList).toBe(true);
    const kinds = data.messages.map((m: { kind: string }) => m.kind);
    expect(kinds).toContain('phone_code');
    expect(kinds).toContain('order_received');
    expect(kinds.some((kind: string) => kind.startsWith('owner_'))).toBe(false);
  });

  it('is refused signed out, and another account’s token yields only that account’s data', async () => {
    const a = await newShopper();
    await deliveredOrder(a);
    const b = await newShopper();
    expect((await exportOf()).statusCode).toBe(401);
    expect((await exportOf('garbage')).statusCode).toBe(401);
    const res = await exportOf(b.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.id).toBe(b.userId);
    expect(res.json().orders).toEqual([]);
    expect(res.body).not.toContain(a.userId);
    expect(res.body.toLowerCase()).not.toContain(a.email.toLowerCase());
  });
});

describe('the privacy notice', () => {
  it('is the built-in one naming the shop until an admin writes one; only admins may', async () => {
    const first = privacyNoticeSchema.parse((await call('GET', '/api/privacy')).json());
    expect(first.isDefault).toBe(true);
    expect(first.text).toContain(`${first.shopName} is responsible`);
    expect(first.text).toContain('download everything');
    const admin = await signIn('admin@soko.test');
    const shopper = await signIn('shopper@soko.test');
    const text = 'We keep little.\n\nAsk us anything.';
    expect((await call('PUT', '/api/privacy', undefined, { text })).statusCode).toBe(401);
    expect((await call('PUT', '/api/privacy', shopper.token, { text })).statusCode).toBe(403);
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(20_001) }, 'text'],
      [{ text: 42 }, 'text'],
      [{ text: 'ok', extra: 1 }, 'extra'],
    ] as const) {
      const bad = await call('PUT', '/api/privacy', admin.token, body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(bad.json().error.fields[field]).toBeTruthy();
    }
    const saved = await call('PUT', '/api/privacy', admin.token, { text });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(privacyNoticeSchema.parse((await call('GET', '/api/privacy')).json())).toMatchObject({
      text,
      isDefault: false,
    });
  });
});

/** Every text, varchar, array and jsonb cell of every table that holds `needle` (any case). */
async function cellsHolding(needles: readonly string[]) {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.database.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const rows = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`,
        ),
      );
      if ((rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
    }
  }
  return found;
}

describe('deleting an account', () => {
  it('leaves its email and phone in no table, in no form, and not in the log; the log of requests says so', async () => {
    const { shopper } = await busyShopper();
    const local = shopper.phone.slice(4);
    const needles = [shopper.email, `0${local}`, `254${local}`, shopper.typed];
    // A shopper searching for their own email and number: the request's address is logged.
    const query = encodeURIComponent(`${shopper.email} ${shopper.typed}`);
    expect((await call('GET', `/api/search/get?query=${query}`)).statusCode).toBeLessThan(500);
    // Before: the addresses are there (so the scan below can see them).
    expect((await cellsHolding(needles)).length).toBeGreaterThan(5);
    const gone = await call('DELETE', '/api/user/profile', shopper.token, {
      password: 'a-good-password',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await cellsHolding(needles)).toEqual([]);
    // The consents stay as records, their address a keyed hash that proves the withdrawal.
    const key = dataRightsKey(TEST_JWT_SECRET);
    const kept = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.addressHash, hashOfAddress(key, shopper.email)));
    expect(kept).toEqual([
      expect.objectContaining({ purpose: 'newsletter', email: null, withdrawnVia: 'account' }),
    ]);
    const sms = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.addressHash, hashOfAddress(key, shopper.typed)));
    expect(sms).toHaveLength(1);
    // Nor in what the server logged meanwhile (at debug: every request and error).
    expect(logged.length).toBeGreaterThan(1000);
    const readable = decodeURIComponent(logged.replace(/\+/g, ' ')).toLowerCase();
    for (const needle of needles) expect(readable).not.toContain(needle.toLowerCase());
    expect(logged).not.toContain(local);
  });
});

describe('the log of data requests', () => {
  it('lists exports, deletions and unsubscribes newest first, to admins only, without addresses', async () => {
    const shopper = await newShopper();
    expect((await exportOf(shopper.token)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/newsletter/create', shopper.token, { email: shopper.email }))
        .statusCode,
    ).toBe(201);
    await call('PUT', '/api/user/marketing', shopper.token, {
      newsletter: false,
      smsOffers: false,
    });
    await call('DELETE', '/api/user/profile', shopper.token, { password: 'a-good-password' });
    const admin = await signIn('admin@soko.test');
    const res = await call('GET', '/api/admin/data-requests', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = dataRequestPageSchema.parse(res.json());
    expect(page.requests.slice(0, 3).map((r) => r.kind)).toEqual([
      'deletion',
      'unsubscribe',
      'export',
    ]);
    // One person, one reference; never their address.
    expect(new Set(page.requests.slice(0, 3).map((r) => r.reference)).size).toBe(1);
    expect(page.requests[1]?.detail).toBe('Newsletter by email, through the account page');
    expect(res.body.toLowerCase()).not.toContain(shopper.email.toLowerCase());
    const customer = await signIn('shopper@soko.test');
    expect((await call('GET', '/api/admin/data-requests', customer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/data-requests')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/data-requests?page=0', admin.token)).statusCode).toBe(
      400,
    );
  });
});
