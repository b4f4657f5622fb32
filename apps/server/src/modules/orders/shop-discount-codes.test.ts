// A shop's own discount codes through HTTP (issue 32, decision 038): who may run them, their
// terms, a code taking off its shop's lines only and charged to that shop in the ledger, and its
// limits holding when shoppers race for them.
import {
  apiErrorSchema,
  CODE_TAKEN_MESSAGE,
  DISCOUNT_CODE_END_BEFORE_START,
  discountCodeListSchema,
  discountCodeViewSchema,
  discountResponseSchema,
  orderSchema,
  shopOrderListResponseSchema,
  type AuthResponse,
  type CreateOrderBody,
  type DiscountCodeInput,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { DELIVERY_FORM, makeProduct, type FixtureProduct } from '../../../test/order-fixtures';
import { discountCodes, orderParts, orders, shops } from '../../platform/schema';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;
let shopAName: string;

const { call, deliverParts, saleOf } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Paid on delivery: the final checkout confirms at once.
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
  const [row] = await t.database.db
    .select({ name: shops.name })
    .from(shops)
    .where(eq(shops.id, shopA));
  shopAName = row?.name ?? '';
  expect(shopAName).not.toBe('');
});
afterAll(async () => {
  await t?.close();
});

const codesUrl = (shopId: string) => `/api/property/shop/${shopId}/discount-codes`;
const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};
let serial = 0;
/** A code text no other test uses (code texts are unique across the marketplace). */
const fresh = (prefix: string) => `${prefix}${++serial}${Math.random().toString(36).slice(2, 6)}`;

const terms = (overrides: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
  code: fresh('SHOP'),
  kind: 'percent',
  value: 10,
  ...overrides,
});

async function createShopCode(shopId: string, token: string, input: DiscountCodeInput) {
  const res = await call('POST', codesUrl(shopId), token, input);
  expect(res.statusCode, res.body).toBe(201);
  return discountCodeViewSchema.parse(res.json());
}

const product = (shopId: string, priceKsh = 1000) =>
  makeProduct(t.database.db, { payOnOrder: false, shopId, stock: 100, priceKsh });

/**
 * A create-order body for one of each product with the code, claiming `discountKsh` off. Two
 * shops that set no delivery charge the spec's one Ksh 10 for the order.
 */
function codeOrder(items: FixtureProduct[], code: string, discountKsh: number): CreateOrderBody {
  const subtotal = items.reduce((sum, item) => sum + item.unitCents / 100, 0);
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
    discountCode: code,
  };
}

const create = (body: CreateOrderBody, token?: string) =>
  call('POST', '/api/order/create', token, body);

async function placeAndConfirm(body: CreateOrderBody, token = shopper.token) {
  const created = await create(body, token);
  expect(created.statusCode, created.body).toBe(201);
  const { _id, totalPrice } = created.json() as { _id: string; totalPrice: number };
  const confirmed = await call('POST', '/api/order/checkout', token, {
    ...DELIVERY_FORM,
    orderId: _id,
    totalPrice,
    shipping: body.shipping,
    discount: body.discount,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return orderSchema.parse(confirmed.json());
}

describe('who may run a shop’s codes', () => {
  it('lets the owner and an admin in, and refuses another owner, a shopper and no one', async () => {
    const mine = await createShopCode(shopA, owner.token, terms());
    expect(mine).toMatchObject({ shopId: shopA, shopName: shopAName, usedCount: 0, active: true });

    expect((await call('GET', codesUrl(shopA), owner2.token)).statusCode).toBe(403);
    expect((await call('POST', codesUrl(shopA), owner2.token, terms())).statusCode).toBe(403);
    expect((await call('POST', codesUrl(shopA), shopper.token, terms())).statusCode).toBe(403);
    expect((await call('GET', codesUrl(shopA), undefined)).statusCode).toBe(401);
    const put = `${codesUrl(shopA)}/${mine.id}`;
    expect((await call('PUT', put, owner2.token, terms({ code: mine.code }))).statusCode).toBe(403);
    expect((await call('DELETE', put, owner2.token)).statusCode).toBe(403);
    // Through their own shop's address, another shop's code is not theirs to touch.
    const viaOwnShop = `${codesUrl(shopB)}/${mine.id}`;
    expect((await call('PUT', viaOwnShop, owner2.token, terms())).statusCode).toBe(404);
    expect((await call('DELETE', viaOwnShop, owner2.token)).statusCode).toBe(404);

    const list = discountCodeListSchema.parse(
      (await call('GET', codesUrl(shopA), owner.token)).json(),
    );
    expect(list.codes.map((code) => code.id)).toContain(mine.id);
    expect(list.codes.every((code) => code.shopId === shopA)).toBe(true);
    const theirs = discountCodeListSchema.parse(
      (await call('GET', codesUrl(shopB), owner2.token)).json(),
    );
    expect(theirs.codes.map((code) => code.id)).not.toContain(mine.id);

    // An admin runs any shop's codes through the shop's address too.
    const byAdmin = await createShopCode(shopB, admin.token, terms());
    expect(byAdmin.shopId).toBe(shopB);
  });

  it('keeps marketplace codes to admins, who see every code', async () => {
    const market = terms({ code: fresh('MARKET'), kind: 'fixed', value: 50 });
    expect((await call('POST', '/api/admin/discount-codes', owner.token, market)).statusCode).toBe(
      403,
    );
    const made = await call('POST', '/api/admin/discount-codes', admin.token, market);
    expect(made.statusCode, made.body).toBe(201);
    const view = discountCodeViewSchema.parse(made.json());
    expect(view).toMatchObject({ shopId: null, shopName: null, kind: 'fixed', value: 50 });
    const shopCode = await createShopCode(shopA, owner.token, terms());

    expect((await call('GET', '/api/admin/discount-codes', owner.token)).statusCode).toBe(403);
    const all = discountCodeListSchema.parse(
      (await call('GET', '/api/admin/discount-codes', admin.token)).json(),
    );
    const ids = all.codes.map((code) => code.id);
    expect(ids).toContain(view.id);
    expect(ids).toContain(shopCode.id);
    // The owner's list never holds the marketplace's codes.
    const own = discountCodeListSchema.parse(
      (await call('GET', codesUrl(shopA), owner.token)).json(),
    );
    expect(own.codes.map((code) => code.id)).not.toContain(view.id);
  });
});

describe('a code’s terms', () => {
  it.each([
    [
      'an end before the start',
      { startsAt: '2026-12-10T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      'endsAt',
      DISCOUNT_CODE_END_BEFORE_START,
    ],
    [
      'a percentage over 100',
      { value: 150 },
      'value',
      'A percentage is a whole number from 1 to 100.',
    ],
    ['a negative value', { value: -5 }, 'value', 'Must be more than 0.'],
    ['a negative minimum order', { minOrder: -1 }, 'minOrder', 'Must not be negative.'],
    ['no uses', { usageLimit: 0 }, 'usageLimit', 'At least 1.'],
    ['a code with spaces', { code: 'TEN OFF' }, 'code', 'Letters, digits, - and _ only.'],
  ] as const)(
    'refuses %s with its field’s error, and writes nothing',
    async (_name, change, field, message) => {
      const input = { ...terms(), ...change };
      const res = await call('POST', codesUrl(shopA), owner.token, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res.body)[field]).toBe(message);
      const written = await t.database.db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, input.code));
      expect(written).toEqual([]);
    },
  );

  it('refuses a code text any other code has, whatever its case or shop', async () => {
    const taken = await createShopCode(shopA, owner.token, terms());
    const res = await call(
      'POST',
      codesUrl(shopB),
      owner2.token,
      terms({ code: taken.code.toLowerCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body).code).toBe(CODE_TAKEN_MESSAGE);
  });

  it('is edited, paused and deleted by its owner; paused and future codes do not apply', async () => {
    const item = await product(shopA);
    const code = await createShopCode(shopA, owner.token, terms({ value: 20 }));
    const url = `${codesUrl(shopA)}/${code.id}`;
    const paused = await call(
      'PUT',
      url,
      owner.token,
      terms({ code: code.code, value: 20, active: false }),
    );
    expect(paused.statusCode, paused.body).toBe(200);
    expect(discountCodeViewSchema.parse(paused.json()).active).toBe(false);
    expect((await call('GET', `/api/discounts/${code.code}?subtotal=1000`)).statusCode).toBe(404);
    const refused = await create(codeOrder([item], code.code, 200), shopper.token);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.body).discountCode).toBe(
      'This discount code is not valid or has expired.',
    );

    const later = new Date(Date.now() + 86_400_000).toISOString();
    await call('PUT', url, owner.token, terms({ code: code.code, value: 20, startsAt: later }));
    expect((await call('GET', `/api/discounts/${code.code}?subtotal=1000`)).statusCode).toBe(404);

    const resumed = await call('PUT', url, owner.token, terms({ code: code.code, value: 25 }));
    expect(discountCodeViewSchema.parse(resumed.json())).toMatchObject({
      value: 25,
      active: true,
      startsAt: null,
    });
    const looked = discountResponseSchema.parse(
      (await call('GET', `/api/discounts/${code.code.toLowerCase()}?subtotal=1000`)).json(),
    );
    expect(looked).toMatchObject({
      shopId: shopA,
      shopName: shopAName,
      kind: 'percent',
      value: 25,
      amount: 250,
    });

    const order = await placeAndConfirm(codeOrder([item], code.code, 250));
    expect((await call('DELETE', url, owner.token)).statusCode).toBe(200);
    // The order placed with it keeps its discount.
    const [kept] = await t.database.db
      .select({ discountCents: orders.discountCents, codeId: orders.discountCodeId })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(kept).toEqual({ discountCents: 25_000, codeId: null });
    expect((await call('DELETE', url, owner.token)).statusCode).toBe(404);
  });
});

describe('a shop’s code on a cart', () => {
  it('takes off its own shop’s lines only, and that shop bears it in the ledger and at the door', async () => {
    const [a, b] = await Promise.all([product(shopA, 1000), product(shopB, 1000)]);
    const code = await createShopCode(shopA, owner.token, terms({ value: 10 }));
    // 10 % of shop A's Ksh 1,000, not of the cart's Ksh 2,000.
    const wrong = await create(codeOrder([a, b], code.code, 200));
    expect(wrong.statusCode).toBe(409);
    const order = await placeAndConfirm(codeOrder([a, b], code.code, 100));
    expect(order).toMatchObject({ discount: 100, totalPrice: 1910 });

    const collect = async (shopId: string, token: string) => {
      const list = shopOrderListResponseSchema.parse(
        (await call('GET', `/api/property/shop/${shopId}/orders`, token)).json(),
      );
      return list.find((each) => each._id === order._id)?.collect;
    };
    // The spec's one Ksh 10 is on the first part (shop A's).
    expect(await collect(shopA, owner.token)).toBe(910);
    expect(await collect(shopB, owner2.token)).toBe(1000);

    await deliverParts(order._id, [
      [shopA, owner.token],
      [shopB, owner2.token],
    ]);
    const saleA = await saleOf(order._id, shopA, owner.token);
    expect(saleA.gross).toBe(1000 - 100 + 10);
    // The marketplace's cut is of what the goods sold for.
    expect(saleA.commission).toBe((900 * (saleA.commissionPercent ?? 0)) / 100);
    expect(saleA.amount).toBe(910 - (saleA.commission ?? 0));
    expect((await saleOf(order._id, shopB, owner2.token)).gross).toBe(1000);
  });

  it('leaves a marketplace code’s discount to the marketplace', async () => {
    const [a, b] = await Promise.all([product(shopA, 1000), product(shopB, 1000)]);
    const made = await call(
      'POST',
      '/api/admin/discount-codes',
      admin.token,
      terms({ code: fresh('ALL'), value: 10 }),
    );
    const market = discountCodeViewSchema.parse(made.json());
    const order = await placeAndConfirm(codeOrder([a, b], market.code, 200));
    expect(order.discount).toBe(200);
    const parts = await t.database.db
      .select({ shopDiscountCents: orderParts.shopDiscountCents })
      .from(orderParts)
      .where(eq(orderParts.orderId, order._id));
    expect(parts.map((part) => part.shopDiscountCents)).toEqual([0, 0]);
  });

  it('names the minimum order and the shop when the cart does not qualify', async () => {
    const [a, b] = await Promise.all([product(shopA, 1000), product(shopB, 1000)]);
    const code = await createShopCode(
      shopA,
      owner.token,
      terms({ kind: 'fixed', value: 100, minOrder: 1500 }),
    );
    const short = await create(codeOrder([a, b], code.code, 100));
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short.body).discountCode).toBe(
      `This code needs Ksh 1,500 or more of ${shopAName}'s products.`,
    );
    const plain = await createShopCode(shopA, owner.token, terms({ kind: 'fixed', value: 100 }));
    const elsewhere = await create(codeOrder([b], plain.code, 100));
    expect(fieldsOf(elsewhere.body).discountCode).toBe(
      `This code is for ${shopAName}'s products only.`,
    );
    // With Ksh 2,000 of shop A's lines it applies.
    const a2 = await product(shopA, 1000);
    expect((await create(codeOrder([a, a2], code.code, 100))).statusCode).toBe(201);
  });
});

describe('a code’s limits', () => {
  it('gives each shopper their own uses, and a use back when their order is cancelled', async () => {
    const item = await product(shopA, 500);
    const code = await createShopCode(
      shopA,
      owner.token,
      terms({ kind: 'fixed', value: 50, perShopperLimit: 1 }),
    );
    const first = await create(codeOrder([item], code.code, 50), shopper.token);
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(codeOrder([item], code.code, 50), shopper.token);
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again.body).discountCode).toBe('You have already used this discount code.');
    // Another shopper (another account) still may.
    expect((await create(codeOrder([item], code.code, 50), owner2.token)).statusCode).toBe(201);

    const { _id } = first.json() as { _id: string };
    const cancelled = await call('POST', `/api/order/${_id}/cancel`, admin.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await create(codeOrder([item], code.code, 50), shopper.token)).statusCode).toBe(201);
  });

  it('gives a shop code’s last use to one of 20 racing shoppers, and one shopper’s to one of their 10 tabs', async () => {
    const item = await product(shopA, 100);
    const once = await createShopCode(
      shopA,
      owner.token,
      terms({ kind: 'fixed', value: 10, usageLimit: 1 }),
    );
    const racing = await Promise.all(
      Array.from({ length: 20 }, () => create(codeOrder([item], once.code, 10))),
    );
    expect(racing.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(racing.filter((res) => res.statusCode === 400)).toHaveLength(19);

    const mine = await createShopCode(
      shopA,
      owner.token,
      terms({ kind: 'fixed', value: 10, perShopperLimit: 1 }),
    );
    const tabs = await Promise.all(
      Array.from({ length: 10 }, () => create(codeOrder([item], mine.code, 10), shopper.token)),
    );
    expect(tabs.filter((res) => res.statusCode === 201)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ used: discountCodes.usedCount })
      .from(discountCodes)
      .where(eq(discountCodes.id, mine.id));
    expect(row?.used).toBe(1);
  });
});
