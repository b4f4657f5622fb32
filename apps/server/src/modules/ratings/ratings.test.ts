import { randomUUID } from 'node:crypto';
import { productListResponseSchema, productSchema, type Product } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let product: Product;
beforeAll(async () => {
  t = await createTestApp();
  const products = productListResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/listing/gellisting' })).json(),
  );
  product = products.find((p) => p.rating.count === 0) as Product;
});
afterAll(async () => {
  await t?.close();
});

const rate = (body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/listing/saverating',
    payload: body as object,
    headers: cookie ? { cookie } : {},
  });

const deviceCookie = (res: Awaited<ReturnType<typeof rate>>) => {
  const setCookie = res.cookies.find((c) => c.name === 'soko_device');
  return setCookie ? `soko_device=${setCookie.value}` : undefined;
};

describe('POST /api/listing/saverating', () => {
  it('stores a rating and puts the average and count on the product', async () => {
    const first = await rate({ productId: product._id, rating: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: product._id, rating: 4, average: 4, count: 1 });
    const second = await rate({ productId: product._id, rating: 1 });
    expect(second.json()).toMatchObject({ average: 2.5, count: 2 });

    const shown = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/listing/products/${product._id}` })).json(),
    );
    expect(shown.rating).toEqual({ average: 2.5, count: 2 });
  });

  it('keeps one rating per rater: rating again replaces it', async () => {
    const first = await rate({ productId: product._id, rating: 5 });
    const cookie = deviceCookie(first);
    expect(cookie).toBeDefined();
    const before = first.json().count as number;
    const again = await rate({ productId: product._id, rating: 3 }, cookie);
    expect(again.json().count).toBe(before);
    expect(deviceCookie(again)).toBeUndefined();
  });

  it('keeps one rating per account for a signed-in rater, whatever the browser', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'shopper@soko.test', password: 'soko-demo-pass' },
    });
    const token = signin.json().token as string;
    const rateAs = (rating: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/listing/saverating',
        payload: { productId: product._id, rating },
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await rateAs(2);
    expect(deviceCookie(first)).toBeUndefined();
    const again = await rateAs(4);
    expect(again.json().count).toBe(first.json().count);
  });

  it('refuses ratings outside 1 to 5 and anything that is not a whole number', async () => {
    for (const rating of [0, 6, -1, 2.5, '5', null, 1e9]) {
      const res = await rate({ productId: product._id, rating });
      expect(res.statusCode, `rating ${String(rating)}`).toBe(400);
      expect(res.json().error.fields.rating).toBeDefined();
    }
  });

  it('refuses unknown fields and malformed ids', async () => {
    const extra = await rate({ productId: product._id, rating: 5, average: 5 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.average).toBe('Unknown field.');
    const badId = await rate({ productId: 'abc', rating: 5 });
    expect(badId.statusCode).toBe(400);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await rate({ productId: randomUUID(), rating: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('counts concurrent ratings of one product exactly', async () => {
    const target = productListResponseSchema
      .parse((await t.app.inject({ method: 'GET', url: '/api/listing/gellisting' })).json())
      .find((p) => p._id !== product._id && p.rating.count === 0) as Product;
    const results = await Promise.all(
      Array.from({ length: 30 }, () => rate({ productId: target._id, rating: 5 })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const shown = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/listing/products/${target._id}` })).json(),
    );
    expect(shown.rating).toEqual({ average: 5, count: 30 });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client sends too many', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PUBLIC_WRITES: '3' } });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/newsletter/create',
          payload: { email: 'x@y.co' },
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBeLessThan(300);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
