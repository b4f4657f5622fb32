// A shop's delivery through HTTP (issue 31, decision 035): the owner's settings and who may
// touch them, the public quote, and the checkout pricing each shop's part from the county or
// counter chosen, with each shop's fee credited to it in the ledger.
import {
  apiErrorSchema,
  deliveryQuoteSchema,
  orderSchema,
  shopDeliveryResponseSchema,
  shopOrderListResponseSchema,
  totalMismatchDetailsSchema,
  type AuthResponse,
  type CreateOrderBody,
  type DeliverySettingsInput,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { orders, shopDelivery, shops } from '../../platform/schema';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;

const { call, deliverParts, saleOf } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Paid on delivery: the final checkout confirms at once.
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
});

const deliveryUrl = (shopId: string) => `/api/property/shop/${shopId}/delivery`;

const SHOP_A_COUNTER = {
  name: 'Moi Avenue counter',
  address: 'Moi Avenue 12, Nairobi',
  hours: '8-18',
  fee: 50,
};
/** Shop A's delivery: a Nairobi group, the rest of Kenya, free from Ksh 5,000, one counter. */
const SHOP_A_DELIVERY: DeliverySettingsInput = {
  zones: [
    {
      name: 'Nairobi',
      counties: ['Nairobi', 'Kiambu'],
      standard: { fee: 150, days: 'Same day' },
      express: { fee: 300, days: '3 hours' },
    },
  ],
  restOfKenya: { standard: { fee: 400, days: '2-3 days' }, express: { fee: 700, days: '1 day' } },
  freeFrom: 5000,
  pickupCounters: [SHOP_A_COUNTER],
};

const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};

/** A create-order body for these lines, with the delivery the client claims. */
function body(
  lines: ReadonlyArray<{ product: FixtureProduct; quantity: number }>,
  deliveryKsh: number,
  extra: Partial<CreateOrderBody> = {},
): CreateOrderBody {
  const subtotal = lines.reduce((sum, l) => sum + (l.product.unitCents / 100) * l.quantity, 0);
  return {
    items: lines.map(({ product, quantity }) => ({
      name: product.name,
      productId: product.id,
      quantity,
      price: product.unitCents / 100,
      selectedVariant: null,
    })),
    totalPrice: subtotal + deliveryKsh,
    shipping: 'standard',
    discount: 0,
    ...extra,
  };
}

/** Places the order and sends its final checkout with `form`; the confirmed order. */
async function placeAndConfirm(order: CreateOrderBody, form: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/order/create', shopper.token, order);
  expect(created.statusCode, created.body).toBe(201);
  const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
  const confirmed = await call('POST', '/api/order/checkout', shopper.token, {
    ...DELIVERY_FORM,
    ...form,
    orderId: _id,
    totalPrice,
    shipping: order.shipping,
    discount: order.discount ?? 0,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return orderSchema.parse(confirmed.json());
}

/** One of each product, as an order's lines. */
const oneOfEach = (...products: FixtureProduct[]) =>
  products.map((product) => ({ product, quantity: 1 }));

const product = (shopId: string, priceKsh = 1000) =>
  makeProduct(t.database.db, { payOnOrder: false, shopId, stock: 50, priceKsh });

describe('a shop that has set nothing', () => {
  it('answers the spec’s Standard Ksh 10 and Express Ksh 20 everywhere, and no pickup', async () => {
    const res = await call('GET', deliveryUrl(shopB), owner2.token);
    expect(res.statusCode, res.body).toBe(200);
    const settings = shopDeliveryResponseSchema.parse(res.json());
    expect(settings).toMatchObject({ shopId: shopB, isDefault: true, zones: [], freeFrom: null });
    expect(settings.restOfKenya.standard.fee).toBe(10);
    expect(settings.restOfKenya.express.fee).toBe(20);
    expect(settings.pickupCounters).toEqual([]);

    const quote = await call('GET', `/api/delivery/quote?shopId=${shopB}&county=Turkana`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(deliveryQuoteSchema.parse(quote.json())).toMatchObject({
      // The checkout counts such shops' fee once an order, so it must know them.
      isDefault: true,
      zone: 'Rest of Kenya',
      standard: { fee: 10 },
      express: { fee: 20 },
      pickupCounters: [],
    });
  });

  it('keeps the spec’s one Ksh 10 for a two-shop order placed as the spec places it', async () => {
    const [a, b] = await Promise.all([product(shopA), product(shopB)]);
    const order = await placeAndConfirm(body(oneOfEach(a, b), 10));
    expect(order.shipping).toBe(10);
    expect(order.totalPrice).toBe(2010);
    expect(order.parts.map((part) => part.delivery).sort()).toEqual([0, 10]);
  });
});

describe('who may set a shop’s delivery', () => {
  it('refuses another shop’s owner (403) and lets the owner and an admin in', async () => {
    expect((await call('GET', deliveryUrl(shopA), owner2.token)).statusCode).toBe(403);
    const put = await call('PUT', deliveryUrl(shopA), owner2.token, SHOP_A_DELIVERY);
    expect(put.statusCode).toBe(403);
    expect((await call('PUT', deliveryUrl(shopA), shopper.token, SHOP_A_DELIVERY)).statusCode).toBe(
      403,
    );
    expect((await call('GET', deliveryUrl(shopA), undefined)).statusCode).toBe(401);
    expect((await call('GET', deliveryUrl(shopA), admin.token)).statusCode).toBe(200);
    // Nothing was written by the refused calls.
    const own = await call('GET', deliveryUrl(shopA), owner.token);
    expect(shopDeliveryResponseSchema.parse(own.json()).isDefault).toBe(true);
  });

  it('lets an admin replace any shop’s, and answers 404 for a shop that does not exist', async () => {
    const settings = { restOfKenya: { standard: { fee: 10 }, express: { fee: 20 } } };
    const res = await call('PUT', deliveryUrl(shopB), admin.token, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(shopDeliveryResponseSchema.parse(res.json())).toMatchObject({
      shopId: shopB,
      isDefault: false,
      restOfKenya: { standard: { fee: 10, days: '' }, express: { fee: 20, days: '' } },
    });
    const none = deliveryUrl('00000000-0000-4000-8000-000000000000');
    expect((await call('PUT', none, admin.token, settings)).statusCode).toBe(404);
    expect((await call('GET', none, admin.token)).statusCode).toBe(404);
    // Back to nothing set, as the tests below expect of shop B.
    await t.database.db.delete(shopDelivery).where(eq(shopDelivery.shopId, shopB));
  });
});

describe('bad settings', () => {
  const withChange = (change: (settings: Record<string, unknown>) => void) => {
    const settings = structuredClone(SHOP_A_DELIVERY) as unknown as Record<string, unknown>;
    change(settings);
    return settings;
  };
  const zones = (settings: Record<string, unknown>) =>
    settings.zones as Array<Record<string, unknown>>;

  it.each([
    [
      'a negative fee',
      withChange((s) => {
        (s.restOfKenya as { standard: { fee: number } }).standard.fee = -5;
      }),
      'restOfKenya.standard.fee',
    ],
    [
      'a fee that is not a number',
      withChange((s) => {
        (zones(s)[0] as { express: { fee: unknown } }).express.fee = '300';
      }),
      'zones.0.express.fee',
    ],
    [
      'an unknown county',
      withChange((s) => {
        (zones(s)[0] as { counties: string[] }).counties = ['Nairobi', 'Gotham'];
      }),
      'zones.0.counties.1',
    ],
    [
      'a county in two groups',
      withChange((s) => {
        zones(s).push({
          name: 'Central',
          counties: ['Nyeri', 'Kiambu'],
          standard: { fee: 200 },
          express: { fee: 350 },
        });
      }),
      'zones.1.counties.1',
    ],
    [
      'a negative pickup fee',
      withChange((s) => {
        (s.pickupCounters as [{ fee: number }])[0].fee = -1;
      }),
      'pickupCounters.0.fee',
    ],
  ])('refuses %s with a field error', async (_name, settings, field) => {
    const res = await call('PUT', deliveryUrl(shopA), owner.token, settings);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(fieldsOf(res.body))).toContain(field);
  });
});

describe('rates by county group', () => {
  let counterId: string;

  it('are saved by the owner and read back with the counter’s id', async () => {
    const res = await call('PUT', deliveryUrl(shopA), owner.token, SHOP_A_DELIVERY);
    expect(res.statusCode, res.body).toBe(200);
    const saved = shopDeliveryResponseSchema.parse(res.json());
    expect(saved.isDefault).toBe(false);
    const [counter] = saved.pickupCounters;
    if (!counter) throw new Error(`no counter saved: ${res.body}`);
    counterId = counter.id;
    const read = shopDeliveryResponseSchema.parse(
      (await call('GET', deliveryUrl(shopA), owner.token)).json(),
    );
    expect(read).toEqual(saved);
  });

  it('are quoted per county, for a product’s shop, and the quote follows a save at once', async () => {
    const a = await product(shopA);
    const quote = async (county: string) => {
      const res = await call('GET', `/api/delivery/quote?productId=${a.id}&county=${county}`);
      expect(res.statusCode, res.body).toBe(200);
      return deliveryQuoteSchema.parse(res.json());
    };
    expect(await quote('Kiambu')).toMatchObject({
      shopId: shopA,
      isDefault: false,
      zone: 'Nairobi',
      standard: { fee: 150, days: 'Same day' },
      express: { fee: 300, days: '3 hours' },
      freeFrom: 5000,
    });
    const kisumu = await quote('Kisumu');
    expect(kisumu).toMatchObject({
      zone: 'Rest of Kenya',
      standard: { fee: 400, days: '2-3 days' },
    });
    expect(kisumu.pickupCounters.map((counter) => counter.name)).toEqual(['Moi Avenue counter']);
    // Asked again: the same (cached) answer.
    expect(await quote('Kisumu')).toEqual(kisumu);

    const cheaper = structuredClone(SHOP_A_DELIVERY);
    cheaper.restOfKenya.standard.fee = 350;
    cheaper.pickupCounters = [{ ...SHOP_A_COUNTER, id: counterId }];
    expect((await call('PUT', deliveryUrl(shopA), owner.token, cheaper)).statusCode).toBe(200);
    expect((await quote('Kisumu')).standard.fee).toBe(350);
    expect((await quote('Kisumu')).pickupCounters[0]?.id).toBe(counterId);
    const restored = { ...cheaper, restOfKenya: SHOP_A_DELIVERY.restOfKenya };
    expect((await call('PUT', deliveryUrl(shopA), owner.token, restored)).statusCode).toBe(200);
    expect((await quote('Kisumu')).standard.fee).toBe(400);
  });

  it('refuses a quote for an unknown county with a field error (400)', async () => {
    const res = await call('GET', `/api/delivery/quote?shopId=${shopA}&county=Gotham`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(fieldsOf(res.body))).toContain('county');
    const none = await call(
      'GET',
      '/api/delivery/quote?shopId=00000000-0000-4000-8000-000000000000&county=Nairobi',
    );
    expect(none.statusCode).toBe(404);
    // Bad ids, neither or both named: 400, never a 500.
    for (const query of [
      'productId=not-an-id&county=Nairobi',
      'county=Nairobi',
      `productId=${shopA}&shopId=${shopA}&county=Nairobi`,
      `shopId=${shopA}`,
    ]) {
      const res = await call('GET', `/api/delivery/quote?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('price a one-shop order from its county, and refuse a tampered fee with the new figures', async () => {
    const a = await product(shopA);
    const lines = [{ product: a, quantity: 2 }];
    const tampered = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body(lines, 10, { county: 'Kisumu' }),
    );
    expect(tampered.statusCode, tampered.body).toBe(409);
    const error = apiErrorSchema.parse(tampered.json()).error;
    expect(error.code).toBe('total_mismatch');
    const details = totalMismatchDetailsSchema.parse(error.details);
    expect(details).toMatchObject({ expected: 2400, subtotal: 2000, shipping: 400 });
    expect(details.delivery).toEqual([
      { shopId: shopA, fee: 400, county: 'Kisumu', pickupCounterId: null, pickupAgentId: null },
    ]);
    // The right total but a delivery line that differs: refused too.
    const claimed = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body(lines, 400, { county: 'Kisumu', deliveryFee: 150 }),
    );
    expect(claimed.statusCode).toBe(409);

    const order = await placeAndConfirm(body(lines, 400, { county: 'Kisumu', deliveryFee: 400 }));
    expect(order.shipping).toBe(400);
    expect(order.totalPrice).toBe(2400);
    expect(order.parts).toEqual([
      expect.objectContaining({
        shopId: shopA,
        delivery: 400,
        deliveryCounty: 'Kisumu',
        pickupCounter: null,
      }),
    ]);
    const express = await placeAndConfirm(
      { ...body(lines, 300, { county: 'Nairobi' }), shipping: 'express' },
      { county: 'Nairobi' },
    );
    expect(express.shipping).toBe(300);
  });

  it('deliver free from the shop’s threshold, counted on its own part', async () => {
    const a = await product(shopA, 2500);
    const order = await placeAndConfirm(
      body([{ product: a, quantity: 2 }], 0, { county: 'Kisumu' }),
    );
    expect(order.shipping).toBe(0);
    expect(order.totalPrice).toBe(5000);
  });

  it('price a two-shop order part by part, the shop that set nothing at its Ksh 20', async () => {
    const [a, b] = await Promise.all([product(shopA), product(shopB)]);
    const order = await placeAndConfirm(
      {
        ...body(oneOfEach(a, b), 320, { county: 'Nairobi' }),
        shipping: 'express',
      },
      { county: 'Nairobi' },
    );
    expect(order.shipping).toBe(320);
    const byShop = Object.fromEntries(order.parts.map((part) => [part.shopId, part.delivery]));
    expect(byShop).toEqual({ [shopA]: 300, [shopB]: 20 });
  });

  it('tell each owner what to collect at the door: its lines less its share of the code, plus its fee', async () => {
    const [a, b] = await Promise.all([product(shopA), product(shopB)]);
    const order = await placeAndConfirm(
      {
        ...body(oneOfEach(a, b), 410 - 200, { county: 'Kisumu' }),
        discountCode: 'KARIBU10',
        discount: 200,
      },
      { county: 'Kisumu' },
    );
    expect(order.totalPrice).toBe(2210);
    const collectAt = async (shopId: string, token: string) => {
      const listed = await call('GET', `/api/property/shop/${shopId}/orders`, token);
      expect(listed.statusCode, listed.body).toBe(200);
      const rows = shopOrderListResponseSchema.parse(listed.json());
      return rows.find((row) => row._id === order._id)?.collect;
    };
    const collected = await Promise.all([
      collectAt(shopA, owner.token),
      collectAt(shopB, owner2.token),
    ]);
    // Shop A: 1,000 - 100 + its rest-of-Kenya 400; shop B: 1,000 - 100 + the spec's 10.
    expect(collected).toEqual([1300, 910]);
  });

  it('price a pickup at the counter’s fee, and confirm it without a street address', async () => {
    const [a, b] = await Promise.all([product(shopA), product(shopB)]);
    const lines = oneOfEach(a, b);
    const unknownCounter = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body(lines, 60, {
        county: 'Mombasa',
        pickup: [{ shopId: shopA, counterId: '00000000-0000-4000-8000-000000000000' }],
      }),
    );
    expect(unknownCounter.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(unknownCounter.body))).toContain('pickup.0.counterId');
    // Shop B has no counters at all; and a shop with nothing in the order cannot be picked up.
    const noCounters = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body(lines, 60, { pickup: [{ shopId: shopB, counterId }] }),
    );
    expect(Object.keys(fieldsOf(noCounters.body))).toContain('pickup.0.counterId');
    const notInOrder = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: b, quantity: 1 }], 10, { pickup: [{ shopId: shopA, counterId }] }),
    );
    expect(Object.keys(fieldsOf(notInOrder.body))).toContain('pickup.0.shopId');

    const mixed = await placeAndConfirm(
      body(lines, 60, { county: 'Mombasa', pickup: [{ shopId: shopA, counterId }] }),
      { county: 'Mombasa' },
    );
    expect(mixed.shipping).toBe(60);
    const partA = mixed.parts.find((part) => part.shopId === shopA);
    expect(partA).toMatchObject({
      delivery: 50,
      pickupCounter: { id: counterId, name: 'Moi Avenue counter' },
    });

    // Only a counter: no address or city needed; with a door part they are.
    const pickupOnly = body([{ product: a, quantity: 1 }], 50, {
      pickup: [{ shopId: shopA, counterId }],
    });
    const order = await placeAndConfirm(pickupOnly, { address: '', city: '' });
    expect(order.shipping).toBe(50);
    const door = await call('POST', '/api/order/create', shopper.token, body(lines, 410));
    expect(door.statusCode, door.body).toBe(201);
    const noAddress = await call('POST', '/api/order/checkout', shopper.token, {
      ...DELIVERY_FORM,
      address: '',
      orderId: (door.json() as { _id: string })._id,
      totalPrice: 2410,
      shipping: 'standard',
      discount: 0,
    });
    expect(noAddress.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(noAddress.body))).toContain('address');
  });

  it('keep a part priced for one county from being sent to another', async () => {
    const a = await product(shopA);
    const created = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: a, quantity: 1 }], 150, { county: 'Nairobi' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const moved = await call('POST', '/api/order/checkout', shopper.token, {
      ...DELIVERY_FORM,
      county: 'Kisumu',
      orderId: (created.json() as { _id: string })._id,
      totalPrice: 1150,
      shipping: 'standard',
      discount: 0,
    });
    expect(moved.statusCode).toBe(409);
    expect(Object.keys(fieldsOf(moved.body))).toContain('county');
  });

  it('keep an order paid online from being sent, with its payment, to another county', async () => {
    // Shop A takes payment online for this order only.
    const takesPayment = (payOnOrder: boolean) =>
      t.database.db.update(shops).set({ payOnOrder }).where(eq(shops.id, shopA));
    await takesPayment(true);
    onTestFinished(async () => {
      await takesPayment(false);
    });
    const a = await makeProduct(t.database.db, { payOnOrder: true, shopId: shopA, stock: 5 });
    const created = await call(
      'POST',
      '/api/order/create',
      shopper.token,
      body([{ product: a, quantity: 1 }], 150, { county: 'Nairobi' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const orderId = (created.json() as { _id: string })._id;
    const pay = (county: string) =>
      call('POST', '/api/payments/process', shopper.token, {
        orderId,
        formData: { ...DELIVERY_FORM, county },
      });
    const moved = await pay('Kisumu');
    expect(moved.statusCode, moved.body).toBe(409);
    expect(apiErrorSchema.parse(moved.json()).error.code).toBe('delivery_county_changed');
    expect(Object.keys(fieldsOf(moved.body))).toContain('county');
    const [row] = await t.database.db
      .select({ county: orders.county })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row?.county).not.toBe('Kisumu');
    expect((await pay('Nairobi')).statusCode).toBe(200);
  });

  it('credit each shop its own delivery fee in the ledger, with no commission on it', async () => {
    const [a, b] = await Promise.all([product(shopA), product(shopB)]);
    const order = await placeAndConfirm(body(oneOfEach(a, b), 160, { county: 'Nairobi' }), {
      county: 'Nairobi',
    });
    await deliverParts(order._id, [
      [shopA, owner.token],
      [shopB, owner2.token],
    ]);
    const saleA = await saleOf(order._id, shopA, owner.token);
    expect(saleA.gross).toBe(1150);
    expect(saleA.amount).toBe(1150 - (saleA.commission ?? 0));
    expect(saleA.commission).toBe((1000 * (saleA.commissionPercent ?? 0)) / 100);
    const saleB = await saleOf(order._id, shopB, owner2.token);
    expect(saleB.gross).toBe(1010);
  });
});
