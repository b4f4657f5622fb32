import {
  authResponseSchema,
  createOrderResponseSchema,
  orderSchema,
  productSchema,
  shopOrderListResponseSchema,
  type AuthResponse,
  type CreateOrderBody,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';
import { DEVICE_COOKIE } from '../../platform/device';
import { discountCodes, orders, products, productVariants, shops } from '../../platform/schema';
import { expireOverdueOrders } from './expiry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Call = { token?: string; body?: unknown; headers?: Record<string, string> };
const call = (method: 'GET' | 'POST', url: string, { token, body, headers = {} }: Call = {}) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const signIn = async (email: string): Promise<AuthResponse> =>
  authResponseSchema.parse(
    (
      await call('POST', '/api/user/signin', { body: { email, password: 'soko-demo-pass' } })
    ).json(),
  );

/** A new customer account, made through the API: the fixture fails loudly if it cannot. */
async function signUp(name: string): Promise<AuthResponse> {
  const res = await call('POST', '/api/user/signup', {
    body: {
      firstName: 'Second',
      lastName: 'Customer',
      email: `${name}-${Date.now()}@example.com`,
      password: 'a-long-enough-password',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return authResponseSchema.parse(res.json());
}

const create = (body: unknown, token?: string) =>
  call('POST', '/api/order/create', { body, ...(token ? { token } : {}) });

const checkout = (
  created: { _id: string; totalPrice: number },
  body: CreateOrderBody,
  token?: string,
) =>
  call('POST', '/api/order/checkout', {
    body: {
      ...DELIVERY_FORM,
      orderId: created._id,
      totalPrice: created.totalPrice,
      shipping: body.shipping,
      discount: body.discount,
    },
    ...(token ? { token } : {}),
  });

const stockOf = async (productId: string, app: TestApp = t) => {
  const [row] = await app.database.db
    .select({ stock: products.stock, count: products.count })
    .from(products)
    .where(eq(products.id, productId));
  return row;
};
const variantStock = async (variantId: string) =>
  (
    await t.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]?.stock;

describe('GET /api/discounts/{code}', () => {
  it('prices a percentage code and a fixed code for the subtotal, in any letter case', async () => {
    const percent = await call('GET', '/api/discounts/KARIBU10?subtotal=2550');
    expect(percent.statusCode).toBe(200);
    // The marketplace's codes: on the whole cart, from any amount.
    const market = { shopId: null, shopName: null, minOrder: 0 };
    expect(percent.json()).toEqual({
      code: 'KARIBU10',
      amount: 255,
      kind: 'percent',
      value: 10,
      ...market,
    });
    const lower = await call('GET', '/api/discounts/karibu10?subtotal=2550');
    expect(lower.json().amount).toBe(255);
    const fixed = await call('GET', '/api/discounts/WELCOME100?subtotal=2550');
    expect(fixed.json()).toEqual({
      code: 'WELCOME100',
      amount: 100,
      kind: 'fixed',
      value: 100,
      ...market,
    });
    // A fixed code never takes more than the subtotal.
    expect((await call('GET', '/api/discounts/WELCOME100?subtotal=40')).json().amount).toBe(40);
    expect((await call('GET', '/api/discounts/KARIBU10')).json().amount).toBe(0);
  });

  it('answers 404 for an unknown, expired or used-up code, and 400 for a bad subtotal', async () => {
    for (const code of ['NOPE', 'EXPIRED5', 'USEDUP50']) {
      const res = await call('GET', `/api/discounts/${code}?subtotal=1000`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().error.message).toBe('This discount code is not valid or has expired.');
    }
    expect((await call('GET', '/api/discounts/KARIBU10?subtotal=-5')).statusCode).toBe(400);
    expect((await call('GET', '/api/discounts/KARIBU10?subtotal=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/order/create', () => {
  it('prices the order from the database, takes the stock and answers 201', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      stock: 10,
      priceKsh: 1500,
      discounts: '10%',
    });
    const body = orderBody([{ product, quantity: 3 }], 'express');
    expect(body.totalPrice).toBe(1350 * 3 + 20);
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const created = createOrderResponseSchema.parse(res.json());
    expect(created).toMatchObject({
      status: 'pending_payment',
      totalPrice: 4070,
      payOnOrder: false,
    });
    expect(created.orderId).toMatch(/^SK-\d{2}-\d{6}$/);
    expect(new Date(created.holdUntil).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await stockOf(product.id))?.stock).toBe(7);
    // The storefront shows the new stock at once (its cached answer was dropped).
    const shown = productSchema.parse(
      (await call('GET', `/api/listing/products/${product.id}`)).json(),
    );
    expect(shown.stock).toBe(7);
  });

  it('writes each order with its own figures when orders of one shape follow each other', async () => {
    // The order's statement is built once per shape and bound per order (placing.ts): two orders
    // with the same number of lines, shops, stock rows and a code must still differ in all else.
    const [soap, oil] = await Promise.all([
      makeProduct(t.database.db, { payOnOrder: false, variants: [6, 6], priceKsh: 300 }),
      makeProduct(t.database.db, { payOnOrder: false, variants: [6, 6], priceKsh: 800 }),
    ]);
    const shopper = await signUp('same-shape');
    const percent = {
      ...orderBody([{ product: soap, quantity: 2, variant: 0 }]),
      discountCode: 'KARIBU10',
      discount: 60,
      totalPrice: 540 + 10,
    };
    const fixed = {
      ...orderBody([{ product: oil, quantity: 3, variant: 1 }], 'express'),
      discountCode: 'WELCOME100',
      discount: 100,
      totalPrice: 2400 - 100 + 20,
    };
    const [first, second] = [
      createOrderResponseSchema.parse((await create(percent, shopper.token)).json()),
      createOrderResponseSchema.parse((await create(fixed)).json()),
    ];
    expect([first.totalPrice, second.totalPrice]).toEqual([550, 2320]);
    expect(first.orderId).not.toBe(second.orderId);

    const written = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        select o.id, o.user_id, o.subtotal_cents, o.discount_cents, o.shipping_cents,
          o.total_cents, o.shipping_option, dc.code, o.client_key is not null as keyed,
          l.product_id, l.variant_id, l.shop_id, l.name, l.unit_price_cents, l.quantity,
          p.shop_id as part_shop_id, p.subtotal_cents as part_subtotal_cents,
          c.actor, c.actor_user_id
        from orders o
          join order_lines l on l.order_id = o.id
          join order_parts p on p.order_id = o.id
          join order_status_changes c on c.order_id = o.id
          left join discount_codes dc on dc.id = o.discount_code_id
        where o.id in (${first._id}, ${second._id})
        order by o.subtotal_cents`),
    );
    expect(written).toEqual([
      {
        id: first._id,
        user_id: shopper.user._id,
        subtotal_cents: 60_000,
        discount_cents: 6_000,
        shipping_cents: 1_000,
        total_cents: 55_000,
        shipping_option: 'standard',
        code: 'KARIBU10',
        keyed: true,
        product_id: soap.id,
        variant_id: soap.variantIds[0],
        shop_id: soap.shopId,
        name: soap.name,
        unit_price_cents: 30_000,
        quantity: 2,
        part_shop_id: soap.shopId,
        part_subtotal_cents: 60_000,
        actor: 'shopper',
        actor_user_id: shopper.user._id,
      },
      {
        id: second._id,
        user_id: null,
        subtotal_cents: 240_000,
        discount_cents: 10_000,
        shipping_cents: 2_000,
        total_cents: 232_000,
        shipping_option: 'express',
        code: 'WELCOME100',
        keyed: true,
        product_id: oil.id,
        variant_id: oil.variantIds[1],
        shop_id: oil.shopId,
        name: oil.name,
        unit_price_cents: 80_000,
        quantity: 3,
        part_shop_id: oil.shopId,
        part_subtotal_cents: 240_000,
        actor: 'shopper',
        actor_user_id: null,
      },
    ]);
    // Each took its own variant's stock, and the product's with it.
    expect([
      await variantStock(soap.variantIds[0] ?? ''),
      await variantStock(soap.variantIds[1] ?? ''),
    ]).toEqual([4, 6]);
    expect([
      await variantStock(oil.variantIds[0] ?? ''),
      await variantStock(oil.variantIds[1] ?? ''),
    ]).toEqual([6, 3]);
    expect([(await stockOf(soap.id))?.stock, (await stockOf(oil.id))?.stock]).toEqual([10, 9]);
  });

  it('marks an order with any pay-on-order shop item as paid online, held ORDER_HOLD_MINUTES', async () => {
    const online = await makeProduct(t.database.db, { payOnOrder: true });
    const delivery = await makeProduct(t.database.db, { payOnOrder: false });
    const created = createOrderResponseSchema.parse(
      (
        await create(
          orderBody([
            { product: delivery, quantity: 1 },
            { product: online, quantity: 1 },
          ]),
        )
      ).json(),
    );
    expect(created.payOnOrder).toBe(true);
    const holdMs = new Date(created.holdUntil).getTime() - Date.now();
    expect(holdMs).toBeGreaterThan(14 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(15 * 60_000);
  });

  it('accepts shipping as the option or its amount, and refuses an order without it', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, priceKsh: 100 });
    const standard = orderBody([{ product, quantity: 1 }], 'standard');
    expect((await create({ ...standard, shipping: 10 })).statusCode).toBe(201);
    const express = orderBody([{ product, quantity: 1 }], 'express');
    expect((await create({ ...express, shipping: 20 })).statusCode).toBe(201);
    const { shipping: _none, ...without } = standard;
    const res = await create(without);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.shipping).toBe('Choose a shipping method.');
    expect((await create({ ...standard, shipping: 15 })).statusCode).toBe(400);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['1e9', 1e9],
    ['"2"', '2'],
  ])('refuses quantity %s with a field error and changes nothing', async (_label, quantity) => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const body = orderBody([{ product, quantity: 1 }]);
    const res = await create({ ...body, items: [{ ...body.items[0], quantity }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['items.0.quantity']).toBeTruthy();
    expect((await stockOf(product.id))?.stock).toBe(5);
  });

  it('refuses unknown fields anywhere in the body', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    for (const extra of [{ status: 'paid' }, { userId: product.id }, { role: 'admin' }]) {
      expect((await create({ ...body, ...extra })).statusCode, JSON.stringify(extra)).toBe(400);
    }
    const line = { ...body.items[0], shopId: product.shopId };
    expect((await create({ ...body, items: [line] })).statusCode).toBe(400);
    const polluted = JSON.parse(
      `{"items":${JSON.stringify(body.items)},"totalPrice":${body.totalPrice},"shipping":"standard","discount":0,"__proto__":{"isAdmin":true}}`,
    ) as object;
    const res = await create(polluted);
    expect([201, 400]).toContain(res.statusCode);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers 409 total_mismatch with the server figures for a tampered total or discount', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      stock: 4,
      priceKsh: 800,
    });
    const body = orderBody([{ product, quantity: 2 }]);
    const lower = await create({ ...body, totalPrice: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error).toMatchObject({
      code: 'total_mismatch',
      message: 'Prices have changed: the total is now Ksh 1,610.',
      details: {
        expected: 1610,
        subtotal: 1600,
        discount: 0,
        shipping: 10,
        items: [{ productId: product.id, variantId: null, price: 800 }],
      },
    });
    // A discount claimed without a code, or a line priced lower, is no cheaper either.
    expect((await create({ ...body, discount: 100, totalPrice: 1510 })).statusCode).toBe(409);
    const cheapLine = { ...body, items: [{ ...body.items[0], price: 1 }] };
    expect((await create(cheapLine)).statusCode).toBe(201);
    expect((await stockOf(product.id))?.stock).toBe(2);
  });

  it('tells which product is unknown and which variant is wrong', async () => {
    const plain = await makeProduct(t.database.db, { payOnOrder: false });
    const sized = await makeProduct(t.database.db, { payOnOrder: false, variants: [3, 3] });
    const unknown = orderBody([
      { product: { ...plain, id: '00000000-0000-4000-8000-000000000001' }, quantity: 1 },
    ]);
    const gone = await create(unknown);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('An item in your cart is no longer sold.');

    const noVariant = await create(orderBody([{ product: sized, quantity: 1 }]));
    expect(noVariant.statusCode).toBe(400);
    expect(noVariant.json().error.fields['items.0.selectedVariant']).toMatch(/^Choose an option/);

    const otherVariant = orderBody([{ product: sized, quantity: 1, variant: 0 }]);
    const foreign = {
      ...otherVariant,
      items: [{ ...otherVariant.items[0], selectedVariant: plain.id }],
    };
    expect((await create(foreign)).statusCode).toBe(400);

    const plainWithVariant = orderBody([{ product: plain, quantity: 1 }]);
    const stray = {
      ...plainWithVariant,
      items: [{ ...plainWithVariant.items[0], selectedVariant: sized.variantIds[0] }],
    };
    expect((await create(stray)).statusCode).toBe(400);
  });

  it('takes stock per variant and keeps the product total in step', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, variants: [2, 5] });
    const res = await create(orderBody([{ product, quantity: 2, variant: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(await variantStock(product.variantIds[1] as string)).toBe(3);
    expect(await variantStock(product.variantIds[0] as string)).toBe(2);
    expect((await stockOf(product.id))?.stock).toBe(5);
  });

  it('answers 409 out_of_stock naming the item and what is left, and takes nothing', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      variants: [1, 4],
      name: 'Aloe Vera Gel',
    });
    const other = await makeProduct(t.database.db, { payOnOrder: false, stock: 3 });
    const res = await create(
      orderBody([
        { product: other, quantity: 1 },
        { product, quantity: 2, variant: 0 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'out_of_stock',
      message: 'Aloe Vera Gel (100ml): only 1 left.',
      details: { productId: product.id, variantId: product.variantIds[0], available: 1 },
    });
    expect((await stockOf(other.id))?.stock).toBe(3);
    const soldOut = await makeProduct(t.database.db, {
      payOnOrder: false,
      stock: 0,
      name: 'Shea Butter',
    });
    const none = await create(orderBody([{ product: soldOut, quantity: 1 }]));
    expect(none.json().error.message).toBe('Shea Butter is sold out.');
  });

  it('sums two lines of one variant before taking its stock', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, variants: [5] });
    const tooMany = orderBody([
      { product, quantity: 3, variant: 0 },
      { product, quantity: 3, variant: 0 },
    ]);
    expect((await create(tooMany)).statusCode).toBe(409);
    const exact = orderBody([
      { product, quantity: 2, variant: 0 },
      { product, quantity: 3, variant: 0 },
    ]);
    expect((await create(exact)).statusCode).toBe(201);
    expect(await variantStock(product.variantIds[0] as string)).toBe(0);
    expect((await stockOf(product.id))?.stock).toBe(0);
  });

  it('prices discount codes of both kinds and refuses expired and used-up ones', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      priceKsh: 1000,
      stock: 50,
    });
    const base = orderBody([{ product, quantity: 2 }]);
    const percent = await create({
      ...base,
      discountCode: 'karibu10',
      discount: 200,
      totalPrice: 1810,
    });
    expect(percent.statusCode).toBe(201);
    const fixed = await create({
      ...base,
      discountCode: 'WELCOME100',
      discount: 100,
      totalPrice: 1910,
    });
    expect(fixed.statusCode).toBe(201);
    // The code's amount, not the client's, is what counts.
    expect(
      (await create({ ...base, discountCode: 'KARIBU10', discount: 500, totalPrice: 1510 })).json()
        .error.details.expected,
    ).toBe(1810);
    for (const code of ['EXPIRED5', 'USEDUP50', 'NOPE']) {
      const res = await create({ ...base, discountCode: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.fields.discountCode).toBe(
        'This discount code is not valid or has expired.',
      );
    }
    // An empty code means none.
    expect((await create({ ...base, discountCode: '' })).statusCode).toBe(201);
  });

  it('takes a limited code’s use with the order and gives it back when the order expires', async () => {
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'ONCE20', kind: 'fixed', value: 2000, usageLimit: 1 });
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      priceKsh: 500,
      stock: 10,
    });
    const body = {
      ...orderBody([{ product, quantity: 1 }]),
      discountCode: 'ONCE20',
      discount: 20,
      totalPrice: 490,
    };
    const first = createOrderResponseSchema.parse((await create(body)).json());
    expect((await create(body)).statusCode).toBe(400);
    expect((await call('GET', '/api/discounts/ONCE20')).statusCode).toBe(404);

    await t.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first._id));
    expect((await expireOverdueOrders(t.database.db)).expired).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/discounts/ONCE20')).statusCode).toBe(200);
    expect((await stockOf(product.id))?.stock).toBe(10);
  });

  it('refuses a 10 MB body, the wrong content type and deep nesting without a 500', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 'content-type': 'application/json' },
      payload: `{"items":[${'{"name":"x"},'.repeat(900_000)}{}]}`,
    });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 'content-type': 'application/xml' },
      payload: '<items/>',
    });
    expect(text.statusCode).toBe(415);
    const deep = await create({ items: JSON.parse('['.repeat(500) + ']'.repeat(500)) });
    expect(deep.statusCode).toBe(400);
  });
});

describe('POST /api/order/checkout', () => {
  it('confirms a pay-on-delivery order with the delivery form, once', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const body = orderBody([{ product, quantity: 2 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const first = await checkout(created, body);
    expect(first.statusCode).toBe(200);
    const order = orderSchema.parse(first.json());
    expect(order).toMatchObject({
      _id: created._id,
      orderId: created.orderId,
      status: 'confirmed',
      totalPrice: created.totalPrice,
      firstName: 'Achieng',
      county: 'Kisumu',
      phoneNumber: '+254712345678',
      email: 'achieng@example.com',
    });
    expect(order.items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 2, price: 1000 }),
    ]);
    // Sent again (the answer was lost): the same order, and units are counted once.
    const again = await checkout(created, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(product.id)).toEqual({ stock: 3, count: 2 });
  });

  it('takes the checkout form as the spec’s client sends it, cart lines with their images included', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const res = await call('POST', '/api/order/checkout', {
      body: {
        ...DELIVERY_FORM,
        orderItems: body.items.map((item) => ({ ...item, image: '/placeholder.png' })),
        discountCode: '',
        orderId: created._id,
        totalPrice: created.totalPrice,
        shipping: 10,
        discount: 0,
        paymentDetails: {},
      },
    });
    expect(res.statusCode).toBe(200);
    expect(orderSchema.parse(res.json()).status).toBe('confirmed');
  });

  it('confirms exactly once when the final checkout is sent many times at once', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 5 });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(created, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await stockOf(product.id)).toEqual({ stock: 4, count: 1 });
  });

  it('refuses to confirm an online-payment order that is not paid', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const res = await checkout(created, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_required');
  });

  it('refuses totals, discounts and shipping that differ from the order', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const lower = await checkout({ ...created, totalPrice: created.totalPrice - 1 }, body);
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.details.expected).toBe(created.totalPrice);
    expect((await checkout(created, { ...body, shipping: 'express' })).statusCode).toBe(409);
    expect((await checkout(created, body)).statusCode).toBe(200);
  });

  it('validates the delivery form: required fields, county, Kenyan phone, unknown fields', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const base = {
      ...DELIVERY_FORM,
      orderId: created._id,
      totalPrice: created.totalPrice,
      shipping: 'standard',
      discount: 0,
    };
    const bad = await call('POST', '/api/order/checkout', {
      body: { ...base, firstName: ' ', county: 'Atlantis', phoneNumber: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'county',
      'firstName',
      'phoneNumber',
    ]);
    const extra = await call('POST', '/api/order/checkout', {
      body: { ...base, status: 'delivered' },
    });
    expect(extra.statusCode).toBe(400);
    for (const phone of ['0112345678', '+254712345678', '0712 345 678']) {
      const res = await call('POST', '/api/order/checkout', {
        body: { ...base, phoneNumber: phone },
      });
      expect(res.statusCode, phone).toBe(200);
    }
  });

  it('checks out an address without a middle name or postal code (decision 027)', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const created = createOrderResponseSchema.parse(
      (await create(orderBody([{ product, quantity: 1 }]))).json(),
    );
    const { middleName: _middleName, postalcode: _postalcode, ...form } = DELIVERY_FORM;
    const res = await call('POST', '/api/order/checkout', {
      body: {
        ...form,
        orderId: created._id,
        totalPrice: created.totalPrice,
        shipping: 'standard',
        discount: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tooLong = await call('POST', '/api/order/checkout', {
      body: {
        ...DELIVERY_FORM,
        postalcode: '0'.repeat(21),
        orderId: created._id,
        totalPrice: created.totalPrice,
        shipping: 'standard',
        discount: 0,
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().error.fields)).toEqual(['postalcode']);
  });

  it('expires an order past its hold: stock comes back and checkout is refused', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, variants: [2] });
    const body = orderBody([{ product, quantity: 2, variant: 0 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    expect(await variantStock(product.variantIds[0] as string)).toBe(0);
    await t.database.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, created._id));
    const res = await checkout(created, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'order_closed',
      message: 'This order has expired. Please place your order again.',
    });
    expect(await variantStock(product.variantIds[0] as string)).toBe(2);
    expect((await stockOf(product.id))?.stock).toBe(2);
    // The sweep finds nothing more to give back: stock is returned once.
    await expireOverdueOrders(t.database.db, new Date(Date.now() + 3 * 3_600_000));
    expect(await variantStock(product.variantIds[0] as string)).toBe(2);
  });

  it('sweeps every unpaid order past its hold, and leaves confirmed ones alone', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, stock: 6 });
    const body = orderBody([{ product, quantity: 2 }]);
    const confirmed = createOrderResponseSchema.parse((await create(body)).json());
    expect((await checkout(confirmed, body)).statusCode).toBe(200);
    const open = createOrderResponseSchema.parse((await create(body)).json());
    expect((await stockOf(product.id))?.stock).toBe(2);
    await expireOverdueOrders(t.database.db, new Date(Date.now() + 61 * 60_000));
    expect((await stockOf(product.id))?.stock).toBe(4);
    const [row] = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, open._id));
    expect(row?.status).toBe('expired');
    expect((await checkout(open, body)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown order', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    const res = await checkout(
      { _id: '00000000-0000-4000-8000-000000000002', totalPrice: 1010 },
      body,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('whose order it is', () => {
  it('keeps a signed-in shopper’s order theirs: anyone else is told it does not exist; it shows in My Orders once placed', async () => {
    const shopper = await signIn('shopper@soko.test');
    const other = await signUp('second-customer');
    const owner = await signIn('owner@soko.test');
    const product = await makeProduct(t.database.db, { payOnOrder: false, name: 'Mine Only' });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body, shopper.token)).json());

    const profileBefore = (await call('GET', '/api/user/profile', { token: shopper.token })).json();
    expect(profileBefore.orders.some((o: { id: string }) => o.id === created._id)).toBe(false);

    // Anonymous, another customer and another shop's owner: each exactly like an unknown order.
    const unknown = await call('GET', '/api/orders/00000000-0000-4000-8000-000000000009');
    expect(unknown.statusCode).toBe(404);
    for (const token of [undefined, other.token, owner.token]) {
      const read = await call('GET', `/api/orders/${created._id}`, token ? { token } : {});
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(unknown.json());
      expect((await checkout(created, body, token)).statusCode).toBe(404);
    }

    expect((await checkout(created, body, shopper.token)).statusCode).toBe(200);
    const mine = await call('GET', `/api/orders/${created._id}`, { token: shopper.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const profile = (await call('GET', '/api/user/profile', { token: shopper.token })).json();
    expect(profile.orders).toContainEqual({
      id: created._id,
      productName: 'Mine Only',
      quantity: 1,
      status: 'confirmed',
      trackingNote: null,
    });
    // The other customer's own account shows none of it.
    const theirs = (await call('GET', '/api/user/profile', { token: other.token })).json();
    expect(theirs.orders).toEqual([]);
  });

  it('lets whoever holds an anonymous order’s id read it; other ids are 404', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());
    const res = await call('GET', `/api/orders/${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(orderSchema.parse(res.json()).status).toBe('pending_payment');
    expect((await call('GET', '/api/orders/00000000-0000-4000-8000-000000000003')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/orders/1')).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${created.orderId}`)).statusCode).toBe(404);
  });

  it('shows admins every order and one by id; nobody else', async () => {
    const admin = await signIn('admin@soko.test');
    const shopper = await signIn('shopper@soko.test');
    const product = await makeProduct(t.database.db, { payOnOrder: false });
    const body = orderBody([{ product, quantity: 1 }]);
    const created = createOrderResponseSchema.parse((await create(body)).json());

    const all = await call('GET', '/api/order/getall', { token: admin.token });
    expect(all.statusCode).toBe(200);
    const list = all.json() as Array<{ _id: string; createdAt: string }>;
    expect(list.some((o) => o._id === created._id)).toBe(true);
    const times = list.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await call('GET', '/api/order/getall', { token: shopper.token })).statusCode).toBe(403);
    expect((await call('GET', '/api/order/getall')).statusCode).toBe(401);

    const one = await call('GET', `/api/order/getorder/${created._id}`, { token: admin.token });
    expect(orderSchema.parse(one.json()).items[0]?.productId).toBe(product.id);
    expect(
      (await call('GET', `/api/order/getorder/${created._id}`, { token: shopper.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('GET', '/api/order/getorder/00000000-0000-4000-8000-000000000004', {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows a shop owner the placed orders of their shop with only their lines', async () => {
    const owner2 = await signIn('owner2@soko.test');
    const owner = await signIn('owner@soko.test');
    const mine = await makeProduct(t.database.db, { payOnOrder: false, name: 'Owner2 Soap' });
    const theirs = await makeProduct(t.database.db, { payOnOrder: true, name: 'Main Shop Oil' });
    const body = orderBody([
      { product: mine, quantity: 2 },
      { product: theirs, quantity: 1 },
    ]);
    const mixed = createOrderResponseSchema.parse((await create(body)).json());
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, mixed._id));
    const pending = createOrderResponseSchema.parse(
      (await create(orderBody([{ product: mine, quantity: 1 }]))).json(),
    );

    const url = `/api/property/shop/${mine.shopId}/orders`;
    const res = await call('GET', url, { token: owner2.token });
    expect(res.statusCode).toBe(200);
    const list = shopOrderListResponseSchema.parse(res.json());
    const seen = list.find((o) => o._id === mixed._id);
    expect(seen?.items.map((i) => i.name)).toEqual(['Owner2 Soap']);
    expect(seen?.totalPrice).toBe(2000);
    expect(list.some((o) => o._id === pending._id)).toBe(false);
    expect((await call('GET', url, { token: owner.token })).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    const admin = await signIn('admin@soko.test');
    for (const token of [owner2.token, admin.token]) {
      expect(
        (await call('GET', '/api/property/shop/not-a-shop/orders', { token })).statusCode,
      ).toBe(404);
    }
    const [shop] = await t.database.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.id, theirs.shopId));
    const ownView = shopOrderListResponseSchema.parse(
      (await call('GET', `/api/property/shop/${shop?.id}/orders`, { token: owner.token })).json(),
    );
    expect(ownView.find((o) => o._id === mixed._id)?.items.map((i) => i.name)).toEqual([
      'Main Shop Oil',
    ]);
  });
});

// On PGlite these run one after another (one connection); on PostgreSQL they really race.
describe('shoppers racing for the same stock', () => {
  const race = async (stock: number, shoppers: number, lines: 1 | 2) => {
    const product = await makeProduct(t.database.db, { payOnOrder: false, variants: [stock] });
    const body = orderBody(
      lines === 1
        ? [{ product, quantity: 1, variant: 0 }]
        : [
            { product, quantity: 1, variant: 0 },
            { product, quantity: 1, variant: 0 },
          ],
    );
    const answers = await Promise.all(Array.from({ length: shoppers }, () => create(body)));
    const codes = answers.map((a) => a.statusCode);
    const sold = codes.filter((c) => c === 201).length * lines;
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'out_of_stock',
        details: { productId: product.id, variantId: product.variantIds[0] },
      });
    }
    const [orderRows] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select coalesce(sum(l.quantity), 0)::int as n from order_lines l join orders o on o.id = l.order_id where l.product_id = ${product.id}`,
      ),
    );
    return {
      sold,
      inOrders: orderRows?.n,
      variantLeft: await variantStock(product.variantIds[0] as string),
      productLeft: (await stockOf(product.id))?.stock,
    };
  };

  it('sells the last unit once among 50 shoppers', async () => {
    expect(await race(1, 50, 1)).toEqual({ sold: 1, inOrders: 1, variantLeft: 0, productLeft: 0 });
  });

  it('sells exactly 5 of 5 among 50 shoppers', async () => {
    expect(await race(5, 50, 1)).toEqual({ sold: 5, inOrders: 5, variantLeft: 0, productLeft: 0 });
  });

  it('counts two lines of one variant together when 50 carts race', async () => {
    expect(await race(5, 50, 2)).toEqual({ sold: 4, inOrders: 4, variantLeft: 1, productLeft: 1 });
  });

  it('sells two products to carts listing them in either order, never more than there is', async () => {
    const a = await makeProduct(t.database.db, { payOnOrder: false, variants: [6] });
    const b = await makeProduct(t.database.db, { payOnOrder: false, stock: 4 });
    const ab = orderBody([
      { product: a, quantity: 1, variant: 0 },
      { product: b, quantity: 1 },
    ]);
    const ba = orderBody([
      { product: b, quantity: 1 },
      { product: a, quantity: 1, variant: 0 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create(i % 2 === 0 ? ab : ba)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // No deadlock (500) and no oversale: b runs out after 4, and a gives back what b refused.
    expect(codes.filter((code) => code === 201)).toHaveLength(4);
    expect(codes.filter((code) => code === 409)).toHaveLength(26);
    expect(await variantStock(a.variantIds[0] as string)).toBe(2);
    expect((await stockOf(a.id))?.stock).toBe(2);
    expect((await stockOf(b.id))?.stock).toBe(0);
  });

  it('gives a one-use code to one of 20 racing shoppers', async () => {
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'RACE1', kind: 'fixed', value: 1000, usageLimit: 1 });
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      priceKsh: 100,
      stock: 100,
    });
    const body = {
      ...orderBody([{ product, quantity: 1 }]),
      discountCode: 'RACE1',
      discount: 10,
      totalPrice: 100,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(body)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
    expect((await stockOf(product.id))?.stock).toBe(99);
  });
});

describe('holding stock is bounded', () => {
  it('refuses more than the shop’s maximum of one item in one order, counting lines of one item together', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      variants: [100],
      name: 'Bulk Soap',
    });
    const eleven = await create(orderBody([{ product, quantity: 11, variant: 0 }]));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toMatchObject({
      code: 'quantity_limit',
      message:
        'You can order at most 10 of Bulk Soap (100ml) at a time. Lower the quantity in your cart, then place the order.',
      fields: { 'items.0.quantity': 'At most 10 in one order.' },
      details: { productId: product.id, variantId: product.variantIds[0], max: 10 },
    });
    const split = await create(
      orderBody([
        { product, quantity: 6, variant: 0 },
        { product, quantity: 5, variant: 0 },
      ]),
    );
    expect(split.statusCode).toBe(400);
    expect(split.json().error.fields).toEqual({ 'items.1.quantity': 'At most 10 in one order.' });
    expect((await stockOf(product.id))?.stock).toBe(100);
    expect((await create(orderBody([{ product, quantity: 10, variant: 0 }]))).statusCode).toBe(201);

    await t.database.db.update(shops).set({ maxPerOrder: 2 }).where(eq(shops.id, product.shopId));
    const three = await create(orderBody([{ product, quantity: 3, variant: 0 }]));
    expect(three.json().error.message).toMatch(/^You can order at most 2 of Bulk Soap/);
    const shown = productSchema.parse(
      (await call('GET', `/api/listing/products/${product.id}`)).json(),
    );
    expect(shown.maxPerOrder).toBe(2);
    await t.database.db.update(shops).set({ maxPerOrder: 10 }).where(eq(shops.id, product.shopId));
  });

  describe('open unpaid orders per client (account, else device) and per address', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({
        env: {
          MAX_OPEN_ORDERS_PER_CLIENT: '3',
          MAX_OPEN_ORDERS_PER_ADDRESS: '15',
          TRUST_PROXY: 'true',
        },
      });
    });
    afterAll(async () => {
      await limited?.close();
    });
    /** From `address`, with the device cookie `device` when given. */
    const placeFrom = (address: string, body: CreateOrderBody, token?: string, device?: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/order/create',
        payload: body,
        headers: {
          'x-forwarded-for': address,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
      });
    const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
      const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
      if (!cookie) throw new Error('no device cookie was set');
      return cookie.value;
    };
    /** A device of its own: the cookie the first order from a browser without one is given. */
    async function newDevice(address: string, body: CreateOrderBody) {
      const first = await placeFrom(address, body);
      expect(first.statusCode).toBe(201);
      return { device: deviceOf(first), first: createOrderResponseSchema.parse(first.json()) };
    }

    it('gives a browser without one a long-lived, httpOnly, signed device cookie', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const res = await placeFrom('203.0.113.40', body);
      const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.maxAge).toBeGreaterThan(300 * 24 * 3600);
      // Kept when sent back; an altered or made-up one is replaced by a new one.
      const again = await placeFrom('203.0.113.40', body, undefined, cookie?.value);
      expect(again.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
      const forged = `${'A'.repeat(22)}.${cookie?.value.split('.')[1] ?? ''}`;
      const refused = await placeFrom('203.0.113.40', body, undefined, forged);
      expect(deviceOf(refused)).not.toBe(forged);
      // Secure over https (behind the trusted proxy).
      const https = await limited.app.inject({
        method: 'POST',
        url: '/api/order/create',
        payload: body,
        headers: { 'x-forwarded-for': '203.0.113.41', 'x-forwarded-proto': 'https' },
      });
      expect(https.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBe(true);
    });

    it('lets one device hold only so many, tells it when to try again, and frees a place as orders are paid or lapse', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const { device, first } = await newDevice('203.0.113.5', body);
      const placed = [first];
      for (let i = 0; i < 2; i++) {
        const res = await placeFrom('203.0.113.5', body, undefined, device);
        expect(res.statusCode).toBe(201);
        placed.push(createOrderResponseSchema.parse(res.json()));
      }
      const fourth = await placeFrom('203.0.113.5', body, undefined, device);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toMatchObject({
        code: 'too_many_open_orders',
        message:
          'You already have 3 orders waiting for payment. Pay for one of them, or try again in 15 minutes, when the oldest unpaid one lapses.',
      });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await stockOf(product.id, limited))?.stock).toBe(47);
      // The same device from another address is still the same client.
      expect((await placeFrom('192.0.2.77', body, undefined, device)).statusCode).toBe(429);

      // Another device on the same address, and a signed-in shopper there, each count their own.
      expect((await placeFrom('203.0.113.5', body)).statusCode).toBe(201);
      const signin = await limited.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'shopper@soko.test', password: 'soko-demo-pass' },
      });
      const { token } = authResponseSchema.parse(signin.json());
      expect((await placeFrom('203.0.113.5', body, token, device)).statusCode).toBe(201);

      // An order whose hold has lapsed no longer counts, swept or not.
      await limited.database.db
        .update(orders)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(eq(orders.id, placed[0]?._id as string));
      expect((await placeFrom('203.0.113.5', body, undefined, device)).statusCode).toBe(201);
      expect((await placeFrom('203.0.113.5', body, undefined, device)).statusCode).toBe(429);
    });

    it('counts a pay-on-delivery order until its final checkout', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: false, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const { device, first } = await newDevice('203.0.113.7', body);
      await placeFrom('203.0.113.7', body, undefined, device);
      await placeFrom('203.0.113.7', body, undefined, device);
      expect((await placeFrom('203.0.113.7', body, undefined, device)).statusCode).toBe(429);
      const confirmed = await limited.app.inject({
        method: 'POST',
        url: '/api/order/checkout',
        payload: {
          ...DELIVERY_FORM,
          orderId: first._id,
          totalPrice: first.totalPrice,
          shipping: body.shipping,
          discount: 0,
        },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await placeFrom('203.0.113.7', body, undefined, device)).statusCode).toBe(201);
    });

    // On PostgreSQL these really race: the count is taken under a per-client lock.
    it('lets no more through when one device places ten at once', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const { device } = await newDevice('198.51.100.9', body);
      const answers = await Promise.all(
        Array.from({ length: 9 }, () => placeFrom('198.51.100.9', body, undefined, device)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 201, 429, 429, 429, 429, 429, 429, 429]);
      expect((await stockOf(product.id, limited))?.stock).toBe(47);
    });

    it('serves 12 strangers on one carrier address at once, each on their own device', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => placeFrom('100.64.0.1', body)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map(deviceOf)).size).toBe(12);
      expect((await stockOf(product.id, limited))?.stock).toBe(38);

      // The address's own bound (15 here) is far higher, and says what it is.
      const more = await Promise.all(
        Array.from({ length: 5 }, () => placeFrom('100.64.0.1', body)),
      );
      expect(more.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      const refused = more.find((a) => a.statusCode === 429);
      expect(refused?.json().error).toMatchObject({
        code: 'too_many_open_orders_address',
        message:
          'Too many orders from your network are waiting for payment right now (15 at most from one internet address, which mobile networks share among many shoppers). Please try again in 15 minutes.',
      });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // A signed-in shopper there is held to it too; another address is not.
      const signin = await limited.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        payload: { email: 'shopper@soko.test', password: 'soko-demo-pass' },
      });
      const { token } = authResponseSchema.parse(signin.json());
      expect((await placeFrom('100.64.0.1', body, token)).statusCode).toBe(429);
      expect((await placeFrom('100.64.0.2', body)).statusCode).toBe(201);
    });

    it('treats the addresses of one IPv6 network as one address', async () => {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      for (let host = 1; host <= 15; host++) {
        expect((await placeFrom(`2001:db8:aa:bb::${host}`, body)).statusCode).toBe(201);
      }
      expect((await placeFrom('2001:db8:aa:bb:ffff::4', body)).statusCode).toBe(429);
      expect((await placeFrom('2001:db8:aa:cc::1', body)).statusCode).toBe(201);
    });
  });
});

describe('stock one client, and one address, may hold in unpaid orders', () => {
  let held: TestApp;
  beforeAll(async () => {
    held = await createTestApp({
      env: {
        MAX_HELD_UNITS_PER_SHOP: '12',
        HELD_ORDERS_WORTH_PER_PRODUCT: '1',
        ADDRESS_HOLD_FACTOR: '2',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await held?.close();
  });
  const placeFrom = (address: string, body: CreateOrderBody, device?: string) =>
    held.app.inject({
      method: 'POST',
      url: '/api/order/create',
      payload: body,
      headers: { 'x-forwarded-for': address },
      ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });
  const deviceOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (!cookie) throw new Error('no device cookie was set');
    return cookie.value;
  };
  const shopNameOf = async (shopId: string) => {
    const [row] = await held.database.db
      .select({ name: shops.name })
      .from(shops)
      .where(eq(shops.id, shopId));
    if (!row) throw new Error('no such shop');
    return row.name;
  };

  it('holds one device to one order’s worth of a product and to the shop’s bound, and says so', async () => {
    const soap = await makeProduct(held.database.db, { payOnOrder: true, stock: 100 });
    const oil = await makeProduct(held.database.db, {
      payOnOrder: true,
      stock: 100,
      shopId: soap.shopId,
    });
    const first = await placeFrom('203.0.113.60', orderBody([{ product: soap, quantity: 10 }]));
    expect(first.statusCode).toBe(201);
    const device = deviceOf(first);
    const more = await placeFrom(
      '203.0.113.60',
      orderBody([{ product: soap, quantity: 1 }]),
      device,
    );
    expect(more.statusCode).toBe(429);
    expect(more.json().error).toMatchObject({
      code: 'too_many_held',
      message: `You already hold 10 of ${soap.name} in orders waiting for payment, and one shopper may hold at most 10 at a time, so you can order no more now. Pay for your waiting orders, or try again in 15 minutes.`,
      details: { productId: soap.id, held: 10, max: 10 },
    });
    expect(Number(more.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await stockOf(soap.id, held))?.stock).toBe(90);

    // Of the shop: 12 units in all (MAX_HELD_UNITS_PER_SHOP here).
    expect(
      (await placeFrom('203.0.113.60', orderBody([{ product: oil, quantity: 2 }]), device))
        .statusCode,
    ).toBe(201);
    const third = await placeFrom(
      '203.0.113.60',
      orderBody([{ product: oil, quantity: 1 }]),
      device,
    );
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      `You already hold 12 items from ${await shopNameOf(soap.shopId)} in orders waiting for payment, and one shopper may hold at most 12 at a time, so you can order no more now. Pay for your waiting orders, or try again in 15 minutes.`,
    );
    expect((await stockOf(oil.id, held))?.stock).toBe(98);

    // Another device on the same address holds its own share.
    expect(
      (await placeFrom('203.0.113.60', orderBody([{ product: soap, quantity: 4 }]))).statusCode,
    ).toBe(201);
  });

  it('holds one address to a higher bound, with its own message', async () => {
    const product = await makeProduct(held.database.db, { payOnOrder: true, stock: 100 });
    const body = orderBody([{ product, quantity: 10 }]);
    expect((await placeFrom('203.0.113.61', body)).statusCode).toBe(201);
    expect((await placeFrom('203.0.113.61', body)).statusCode).toBe(201);
    const third = await placeFrom('203.0.113.61', orderBody([{ product, quantity: 1 }]));
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({
      code: 'too_many_held',
      message: `Orders from your network already hold 20 of ${product.name} waiting for payment, the most one internet address may hold at once (20). You can order no more now; please try again in 15 minutes.`,
    });
    expect((await placeFrom('203.0.113.62', body)).statusCode).toBe(201);
    expect((await stockOf(product.id, held))?.stock).toBe(70);
  });

  // On PostgreSQL these really race: the units are counted under the client's and the
  // address's locks, after every order committed before.
  it('lets no racing orders past the bounds', async () => {
    const product = await makeProduct(held.database.db, { payOnOrder: true, stock: 200 });
    const first = await placeFrom('198.51.100.60', orderBody([{ product, quantity: 1 }]));
    const device = deviceOf(first);
    const fromDevice = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeFrom('198.51.100.60', orderBody([{ product, quantity: 3 }]), device),
      ),
    );
    expect(fromDevice.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect((await stockOf(product.id, held))?.stock).toBe(190);

    const other = await makeProduct(held.database.db, { payOnOrder: true, stock: 200 });
    const strangers = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeFrom('198.51.100.61', orderBody([{ product: other, quantity: 5 }])),
      ),
    );
    expect(strangers.filter((a) => a.statusCode === 201)).toHaveLength(4);
    expect((await stockOf(other.id, held))?.stock).toBe(180);
  });
});

describe('the order rate limit', () => {
  it('counts per device, and per address far higher, with its own words', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_ORDERS: '2', RATE_LIMIT_ORDERS_PER_ADDRESS: '6', TRUST_PROXY: 'true' },
    });
    try {
      const product = await makeProduct(limited.database.db, { payOnOrder: true, stock: 50 });
      const body = orderBody([{ product, quantity: 1 }]);
      const send = (address: string, device?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/order/create',
          payload: body,
          headers: { 'x-forwarded-for': address },
          ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
        });
      const first = await send('203.0.113.90');
      const mine = first.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
      expect(first.statusCode).toBe(201);
      // The first call had no cookie yet, so it counted under the address, not the device.
      expect((await send('203.0.113.90', mine)).statusCode).toBe(201);
      expect((await send('203.0.113.90', mine)).statusCode).toBe(201);
      expect((await send('203.0.113.90', mine)).statusCode).toBe(429);
      // Another shopper's device on the same address is not held back by mine.
      const theirs = await send('198.51.100.90');
      const other = theirs.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
      expect((await send('203.0.113.90', other)).statusCode).toBe(201);
      // The address's own bound: 6 calls a minute here (five counted on it so far).
      expect((await send('203.0.113.90', other)).statusCode).toBe(201);
      const over = await send('203.0.113.90', other);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.message).toMatch(
        /^Too many orders from your network this minute \(internet addresses that mobile networks share among many shoppers\)\. Please try again in \d+ seconds\.$/,
      );
      expect(over.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with Retry-After past RATE_LIMIT_ORDERS a minute per client', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_ORDERS: '2' } });
    try {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/order/create', payload: { items: [] } });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
