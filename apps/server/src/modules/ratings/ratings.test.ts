import { randomUUID } from 'node:crypto';
import { productListResponseSchema, productSchema, type Product } from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let unrated: Product[];
beforeAll(async () => {
  t = await createTestApp();
  unrated = productListResponseSchema
    .parse((await t.app.inject({ method: 'GET', url: '/api/listing/gellisting' })).json())
    .filter((p) => p.rating.count === 0);
});
afterAll(async () => {
  await t?.close();
});

/** A product nobody has rated yet, a different one for each caller. */
function unratedProduct(): Product {
  const product = unrated.shift();
  if (!product) throw new Error('The test seed has no unrated product left');
  return product;
}

/** Anonymous, cookie-less, from one network address (127.0.0.1 unless told). */
const rate = (body: unknown, from = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/listing/saverating',
    payload: body as object,
    headers,
    remoteAddress: from,
  });

const ratingOf = async (productId: string) =>
  productSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/listing/products/${productId}` })).json(),
  ).rating;

describe('POST /api/listing/saverating', () => {
  it('stores a rating and puts the average and count on the product', async () => {
    const product = unratedProduct();
    const first = await rate({ productId: product._id, rating: 4 }, '192.0.2.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: product._id, rating: 4, average: 4, count: 1 });
    const second = await rate({ productId: product._id, rating: 1 }, '192.0.2.2');
    expect(second.json()).toMatchObject({ average: 2.5, count: 2 });
    expect(await ratingOf(product._id)).toEqual({ average: 2.5, count: 2 });
  });

  it('keeps one anonymous rating per address: a script that sends no cookie cannot stuff it', async () => {
    const product = unratedProduct();
    // Twenty ratings whose mean is 3; the last one, a 2, is the only one that should count.
    const stars = Array.from({ length: 20 }, (_, i) => ((i + 2) % 5) + 1);
    expect(stars.at(-1)).toBe(2);
    const cookiesSet: string[] = [];
    for (const rating of stars) {
      const res = await rate({ productId: product._id, rating }, '198.51.100.7');
      expect(res.statusCode).toBe(200);
      cookiesSet.push(...res.cookies.map((c) => c.name));
    }
    expect(await ratingOf(product._id)).toEqual({ average: 2, count: 1 });
    // Nothing to drop: the rater is the address, not something the browser keeps.
    expect(cookiesSet).toEqual([]);
  });

  it('counts an anonymous rating from another address as another rater, behind a trusted proxy too', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const product = unratedProduct();
      const rateVia = (client: string, rating: number) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/listing/saverating',
          payload: { productId: product._id, rating },
          headers: { 'x-forwarded-for': client },
        });
      expect((await rateVia('203.0.113.10', 5)).json()).toMatchObject({ count: 1, average: 5 });
      expect((await rateVia('203.0.113.10', 4)).json()).toMatchObject({ count: 1, average: 4 });
      expect((await rateVia('203.0.113.11', 2)).json()).toMatchObject({ count: 2, average: 3 });
    } finally {
      await behindProxy.close();
    }
  });

  it('counts five new accounts from one address as one rater: sign-ups cannot stuff ratings', async () => {
    const product = unratedProduct();
    const from = '198.51.100.20';
    const before = await ratingOf(product._id);
    expect(before.count).toBe(0);
    for (let i = 0; i < 5; i++) {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: {
          firstName: 'Throw',
          lastName: 'Away',
          email: `throwaway-${randomUUID()}@example.com`,
          password: 'a-long-enough-password',
        },
        remoteAddress: from,
      });
      expect(signup.statusCode, signup.body).toBe(201);
      const bearer = { authorization: `Bearer ${signup.json().token as string}` };
      const res = await rate({ productId: product._id, rating: 5 }, from, bearer);
      expect(res.statusCode).toBe(200);
    }
    // An account that never received the product rates as its address: one rating in all,
    // the one the address gives without signing in too.
    expect(await ratingOf(product._id)).toEqual({ average: 5, count: 1 });
    const anonymous = await rate({ productId: product._id, rating: 2 }, from);
    expect(anonymous.json()).toMatchObject({ count: 1, average: 2 });
    expect(anonymous.cookies).toEqual([]);
  });

  it('refuses ratings outside 1 to 5 and anything that is not a whole number', async () => {
    const product = unratedProduct();
    for (const rating of [0, 6, -1, 2.5, '5', null, 1e9]) {
      const res = await rate({ productId: product._id, rating });
      expect(res.statusCode, `rating ${String(rating)}`).toBe(400);
      expect(res.json().error.fields.rating).toBeDefined();
    }
  });

  it('refuses unknown fields and malformed ids', async () => {
    const product = unratedProduct();
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
    const target = unratedProduct();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        rate({ productId: target._id, rating: 5 }, `10.1.0.${i}`),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await ratingOf(target._id)).toEqual({ average: 5, count: 30 });
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
