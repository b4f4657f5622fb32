import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createOrderResponseSchema,
  type CreateOrderBody,
  type CreateOrderResponse,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { DELIVERY_FORM, makeProduct, orderBody } from '../../test/order-fixtures';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div></body></html>';
const NUL = '\u0000';

let t: TestApp;
let dist: string;
let created: CreateOrderResponse;
let createBody: CreateOrderBody;
let checkoutBody: Record<string, unknown>;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-text-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({
    webDistDir: dist,
    extend: (app) => {
      // Values no request carries, so only the database can refuse them: the backstop's test.
      app.get('/api/test/nul-text', { config: { access: 'public' } }, async () => {
        await t.database.db.execute(sql`select ${`a${NUL}b`}::text`);
        return { ok: true };
      });
      app.get('/api/test/nul-json', { config: { access: 'public' } }, async () => {
        await t.database.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`);
        return { ok: true };
      });
    },
  });
  const product = await makeProduct(t.database.db, { payOnOrder: false });
  createBody = orderBody([{ product, quantity: 1 }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/order/create', payload: createBody });
  if (res.statusCode !== 201) throw new Error(`order not created: ${res.statusCode} ${res.body}`);
  created = createOrderResponseSchema.parse(res.json());
  checkoutBody = {
    ...DELIVERY_FORM,
    orderId: created._id,
    totalPrice: createBody.totalPrice,
    shipping: createBody.shipping,
    discount: 0,
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('a NUL character in a request', () => {
  it.each([
    ['/api/listing/products?categoryName=%00', 'categoryName'],
    ['/api/listing/products?categoryName=a%00b', 'categoryName'],
    ['/api/discounts/KARIBU10?subtotal=%00', 'subtotal'],
    ['/api/orders/%00', 'orderId'],
    ['/api/discounts/a%00b', 'code'],
    ['/api/listing/products/%00', 'productId'],
    ['/api/payments/status/%00', 'trackingId'],
  ])('is refused with 400 and a field error: GET %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toEqual({ [field]: 'Must not contain a NUL character.' });
  });

  it('is refused in a sign-up name, and no account is made', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await post('/api/user/signup', {
      firstName: `a${NUL}b`,
      lastName: 'Kamau',
      email,
      password: 'long enough password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'Invalid body.',
      fields: { firstName: 'Must not contain a NUL character.' },
    });
    const signin = await post('/api/user/signin', { email, password: 'long enough password' });
    expect(signin.statusCode).toBe(401);
  });

  it.each([
    ['/api/user/signin', { email: `a${NUL}@example.com`, password: 'whatever it is' }, 'email'],
    ['/api/newsletter/create', { email: `a${NUL}@b.co` }, 'email'],
  ])('is refused in an email: POST %s', async (url, body, field) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: 'Must not contain a NUL character.' });
  });

  it('is refused in a discount code sent with a new order', async () => {
    const res = await post('/api/order/create', { ...createBody, discountCode: `KARIBU${NUL}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ discountCode: 'Must not contain a NUL character.' });
  });

  it('is refused in a checkout field, nested or as a key, and the order stays unconfirmed', async () => {
    for (const [body, field] of [
      [{ ...checkoutBody, city: `Ki${NUL}sumu` }, 'city'],
      [{ ...checkoutBody, paymentDetails: { note: ['ok', `x${NUL}`] } }, 'paymentDetails.note.1'],
      [{ ...checkoutBody, paymentDetails: { [`k${NUL}`]: 'v' } }, 'paymentDetails.k\\u0000'],
    ] as const) {
      const res = await post('/api/order/checkout', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields, field).toEqual({
        [field]: 'Must not contain a NUL character.',
      });
    }
    const order = await get(`/api/orders/${created._id}`);
    expect(order.json().status).toBe('pending_payment');
  });

  it('is refused in a storefront page address', async () => {
    const res = await get('/category/a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('is refused in a deeply nested body without overflowing the stack', async () => {
    const deep = `${'{"a":'.repeat(50_000)}"x${'\\u0000'}"${'}'.repeat(50_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/create',
      payload: `{"email":"a@b.co","deep":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it.each(['/api/test/nul-text', '/api/test/nul-json'])(
    'that only the database sees is a 400, not a 500: %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'bad_request',
        message: 'The request holds a character that cannot be stored (NUL).',
      });
    },
  );
});

describe('a badly encoded address', () => {
  it.each([
    '/api/orders/%E0%A4%A',
    '/api/listing/products/%',
    '/%E0%A4%A',
    '/category/%E0%A4%A',
    '/api/listing/products?categoryName=%E0%A4%A',
    '/api/discounts/KARIBU10?subtotal=%',
    '/?q=%E0%A4%A',
  ])('is a 400 in the error shape: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'The address is not correctly encoded.' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still serves a well-encoded address with a percent sign in it', async () => {
    const res = await get('/api/listing/products?categoryName=100%25%20natural');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
