// The admin's product table and order list through HTTP: who may call them, paging by the
// database, and what an admin's edit or delete does to the storefront and to past orders.
import {
  authResponseSchema,
  createOrderResponseSchema,
  orderSchema,
  productSchema,
  type AuthResponse,
} from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeProduct, orderBody, type FixtureProduct } from '../../../test/order-fixtures';

let t: TestApp;
let admin: AuthResponse;
let owner: AuthResponse;
let customer: AuthResponse;

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const call = (method: Method, url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const signIn = async (email: string): Promise<AuthResponse> => {
  const res = await call('POST', '/api/user/signin', undefined, {
    email,
    password: 'soko-demo-pass',
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return authResponseSchema.parse(res.json());
};

const ids = (body: unknown) => (body as Array<{ _id: string }>).map((row) => row._id);
const fixture = (name?: string) =>
  makeProduct(t.database.db, { payOnOrder: true, stock: 20, ...(name ? { name } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [admin, owner, customer] = await Promise.all([
    signIn('admin@soko.test'),
    signIn('owner@soko.test'),
    signIn('shopper@soko.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('who may call the admin calls', () => {
  it('answers 401 without a token, 403 to a customer and to a shop owner, and serves an admin', async () => {
    const product = await fixture();
    const target = await fixture();
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/api/products?page=1&pageSize=5'],
      ['GET', '/api/order/getall?page=1&pageSize=10'],
      ['PUT', `/api/products/${product.id}`, { name: 'Renamed by an admin' }],
      ['DELETE', `/api/products/${target.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customer.token, body)).statusCode, url).toBe(403);
      expect((await call(method, url, owner.token, body)).statusCode, url).toBe(403);
      expect((await call(method, url, admin.token, body)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for unknown and malformed product ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(
        (await call('PUT', `/api/products/${id}`, admin.token, { name: 'X' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/products/${id}`, admin.token)).statusCode).toBe(404);
    }
  });
});

describe('the product table', () => {
  it('pages every shop’s products in the database, newest first, with the total in X-Total-Count', async () => {
    const made: FixtureProduct[] = [];
    for (let i = 0; i < 7; i += 1) made.push(await fixture(`Paging ${i}`));
    const all = await call('GET', '/api/products?page=1&pageSize=100', admin.token);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(ids(all.json()).length);
    expect(ids(all.json()).slice(0, 7)).toEqual(made.map((p) => p.id).reverse());
    const times = (all.json() as Array<{ createdAt: string }>).map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const first = await call('GET', '/api/products', admin.token);
    const second = await call('GET', '/api/products?page=2&pageSize=5', admin.token);
    expect(ids(first.json())).toEqual(ids(all.json()).slice(0, 5));
    expect(ids(second.json())).toEqual(ids(all.json()).slice(5, 10));
    expect(Number(second.headers['x-total-count'])).toBe(total);
  });

  it('refuses unknown fields, a negative price and bad paging (400)', async () => {
    const product = await fixture();
    for (const body of [{ stock: 3 }, { price: -1 }, { name: 'Ok', categoryId: product.shopId }]) {
      expect((await call('PUT', `/api/products/${product.id}`, admin.token, body)).statusCode).toBe(
        400,
      );
    }
    expect((await call('GET', '/api/products?page=0', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/products?pageSize=1000', admin.token)).statusCode).toBe(400);
  });

  it('changes the storefront’s product at once', async () => {
    const product = await fixture();
    // Read first, so a cached answer would be there to go stale.
    expect((await call('GET', `/api/listing/products/${product.id}`)).statusCode).toBe(200);
    const res = await call('PUT', `/api/products/${product.id}`, admin.token, {
      name: 'Admin edited oil',
      description: 'New words',
      price: 1500,
      discounts: '5',
      discount: 'Launch offer',
    });
    expect(res.statusCode).toBe(200);
    expect(productSchema.parse(res.json())).toMatchObject({
      name: 'Admin edited oil',
      price: 1500,
    });
    const shown = productSchema.parse(
      (await call('GET', `/api/listing/products/${product.id}`)).json(),
    );
    expect(shown).toMatchObject({
      name: 'Admin edited oil',
      description: 'New words',
      price: 1500,
      discounts: '5',
      discount: 'Launch offer',
      stock: 20,
    });
  });

  it('hides a deleted product from the storefront while an order holding it still shows it', async () => {
    const product = await fixture();
    expect((await call('GET', `/api/listing/products/${product.id}`)).statusCode).toBe(200);
    const created = createOrderResponseSchema.parse(
      (
        await call('POST', '/api/order/create', undefined, orderBody([{ product, quantity: 1 }]))
      ).json(),
    );
    const res = await call('DELETE', `/api/products/${product.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: product.id, deleted: true });
    expect((await call('GET', `/api/listing/products/${product.id}`)).statusCode).toBe(404);
    expect(
      ids((await call('GET', '/api/products?pageSize=100', admin.token)).json()),
    ).not.toContain(product.id);
    const order = orderSchema.parse(
      (await call('GET', `/api/order/getorder/${created._id}`, admin.token)).json(),
    );
    expect(order.items.map((item) => item.productId)).toEqual([product.id]);
    expect((await call('DELETE', `/api/products/${product.id}`, admin.token)).statusCode).toBe(404);
  });
});

describe('the order list', () => {
  it('pages in the database, newest first, 10 unless told, with the total in X-Total-Count', async () => {
    const product = await fixture();
    for (let i = 0; i < 3; i += 1) {
      const res = await call(
        'POST',
        '/api/order/create',
        undefined,
        orderBody([{ product, quantity: 1 }]),
      );
      expect(res.statusCode).toBe(201);
    }
    const all = await call('GET', '/api/order/getall?pageSize=100', admin.token);
    const everything = ids(all.json());
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    // One page of 100 holds every order when there are fewer, else exactly 100 of them.
    expect(everything).toHaveLength(Math.min(total, 100));
    const times = (all.json() as Array<{ createdAt: string }>).map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const first = await call('GET', '/api/order/getall', admin.token);
    expect(ids(first.json())).toEqual(everything.slice(0, 10));
    expect(Number(first.headers['x-total-count'])).toBe(total);
    const second = await call('GET', '/api/order/getall?page=2&pageSize=2', admin.token);
    expect(ids(second.json())).toEqual(everything.slice(2, 4));
  });
});
