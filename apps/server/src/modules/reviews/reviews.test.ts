import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  authResponseSchema,
  createOrderResponseSchema,
  myReviewSchema,
  orderSchema,
  productPath,
  productReviewsSchema,
  productSchema,
  reviewSchema,
  type AuthResponse,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { httpClient } from '../../../test/http';
import {
  DELIVERY_FORM,
  makeProduct,
  orderBody,
  type FixtureProduct,
} from '../../../test/order-fixtures';
import { DEMO_PASSWORD } from '../../../test/settings';
import { products, reviews } from '../../platform/schema';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div></body></html>';
let t: TestApp;
let dist: string;
let admin: AuthResponse;

type Call = { token?: string; body?: unknown };
const call = (method: 'GET' | 'POST', url: string, { token, body }: Call = {}) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function signIn(email: string): Promise<AuthResponse> {
  const res = await call('POST', '/api/user/signin', { body: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.body}`);
  return authResponseSchema.parse(res.json());
}

/** A new customer made through the API; the fixture fails loudly when it cannot. */
async function signUp(firstName = 'Wanjiru', lastName = 'Kamau'): Promise<AuthResponse> {
  const res = await call('POST', '/api/user/signup', {
    body: {
      firstName,
      lastName,
      email: `reviewer-${randomUUID()}@example.com`,
      password: 'a-long-enough-password',
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return authResponseSchema.parse(res.json());
}

/**
 * Places an order of the product as the shopper (or anonymously) and, unless told, checks it out
 * and has it delivered (an admin moves the shop's part, as its owner would).
 */
async function buy(
  product: FixtureProduct,
  token: string | undefined,
  { checkout = true, deliver = true } = {},
): Promise<string> {
  const body = orderBody([{ product, quantity: 1 }]);
  const createdRes = await call('POST', '/api/order/create', { body, ...(token ? { token } : {}) });
  if (createdRes.statusCode !== 201 && createdRes.statusCode !== 200)
    throw new Error(`order create failed: ${createdRes.statusCode} ${createdRes.body}`);
  const created = createOrderResponseSchema.parse(createdRes.json());
  if (!checkout) return created._id;
  const res = await call('POST', '/api/order/checkout', {
    body: {
      ...DELIVERY_FORM,
      orderId: created._id,
      totalPrice: created.totalPrice,
      shipping: body.shipping,
      discount: body.discount,
    },
    ...(token ? { token } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  if (orderSchema.parse(res.json()).status !== 'confirmed') throw new Error('order not confirmed');
  if (!deliver) return created._id;
  for (const action of ['ship', 'deliver']) {
    const moved = await call(
      'POST',
      `/api/property/shop/${product.shopId}/orders/${created._id}/${action}`,
      { body: {}, token: admin.token },
    );
    if (moved.statusCode !== 200) throw new Error(`${action} failed: ${moved.body}`);
  }
  return created._id;
}

const postReview = (productId: string, body: unknown, token?: string) =>
  call('POST', `/api/reviews/${productId}`, { body, ...(token ? { token } : {}) });
const listReviews = async (productId: string, page = 1) => {
  const res = await call('GET', `/api/reviews/${productId}?page=${page}`);
  expect(res.statusCode).toBe(200);
  return productReviewsSchema.parse(res.json());
};
const mine = async (productId: string, token: string) => {
  const res = await call('GET', `/api/reviews/${productId}/mine`, { token });
  expect(res.statusCode).toBe(200);
  return myReviewSchema.parse(res.json());
};
const { startSandboxPayment, sandbox } = httpClient(() => t);

/**
 * Buys the product online as the shopper, pays in the sandbox and has the shop deliver it:
 * `reverse` then takes the money back, as a provider's chargeback would.
 */
async function buyPaidAndDelivered(product: FixtureProduct, token: string) {
  const created = await call('POST', '/api/order/create', {
    body: orderBody([{ product, quantity: 1 }]),
    token,
  });
  if (created.statusCode !== 201) throw new Error(`order create failed: ${created.body}`);
  const orderId = createOrderResponseSchema.parse(created.json())._id;
  const trackingId = await startSandboxPayment(token, orderId);
  const paid = await sandbox(trackingId, 'pay');
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  for (const action of ['ship', 'deliver']) {
    const moved = await call(
      'POST',
      `/api/property/shop/${product.shopId}/orders/${orderId}/${action}`,
      { body: {}, token: admin.token },
    );
    if (moved.statusCode !== 200) throw new Error(`${action} failed: ${moved.body}`);
  }
  return { orderId, reverse: () => sandbox(trackingId, 'reverse') };
}

const deliveryProduct = () => makeProduct(t.database.db, { payOnOrder: false, stock: 50 });

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-reviews-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: 'https://shop.example' } });
  admin = await signIn('admin@soko.test');
});
afterAll(async () => {
  await t?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the star rating of a buyer (issue 29)', () => {
  it('counts a rating from an account that received the product as its own, apart from its address', async () => {
    const product = await deliveryProduct();
    const rate = (rating: number, token?: string) =>
      call('POST', '/api/listing/saverating', {
        body: { productId: product.id, rating },
        ...(token ? { token } : {}),
      });
    expect((await rate(1)).json()).toMatchObject({ count: 1, average: 1 });
    const buyer = await signUp();
    // Before the product reaches them, the account rates as its address (the same rating).
    expect((await rate(3, buyer.token)).json()).toMatchObject({ count: 1, average: 3 });
    await buy(product, buyer.token);
    expect((await rate(5, buyer.token)).json()).toMatchObject({ count: 2, average: 4 });
    expect((await rate(4, buyer.token)).json()).toMatchObject({ count: 2, average: 3.5 });
  });
});

describe('POST /api/reviews/{productId}', () => {
  it('asks a signed-out caller to sign in', async () => {
    const product = await deliveryProduct();
    const res = await postReview(product.id, { rating: 5, body: 'Lovely.' });
    expect(res.statusCode).toBe(401);
    expect((await call('GET', `/api/reviews/${product.id}/mine`)).statusCode).toBe(401);
  });

  it('refuses a customer who has never ordered the product', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp();
    const res = await postReview(product.id, { rating: 5, body: 'Lovely.' }, shopper.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'not_a_buyer',
      message: 'Only shoppers who have received this product can review it.',
    });
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: false, review: null });
  });

  it('refuses a buyer whose order is still waiting for its checkout (pending_payment)', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp();
    await buy(product, shopper.token, { checkout: false });
    const res = await postReview(product.id, { rating: 4, body: 'Not here yet.' }, shopper.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_a_buyer');
  });

  it('refuses a buyer whose order is confirmed but not yet delivered', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp();
    await buy(product, shopper.token, { deliver: false });
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: false, review: null });
    const res = await postReview(product.id, { rating: 4, body: 'On its way.' }, shopper.token);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a buyer whose delivered order’s payment was reversed', async () => {
    const product = await makeProduct(t.database.db, { payOnOrder: true, stock: 50 });
    const shopper = await signUp();
    const { orderId, reverse } = await buyPaidAndDelivered(product, shopper.token);
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: true, review: null });

    const reversed = await reverse();
    expect(reversed.statusCode, reversed.body).toBe(200);
    const order = await call('GET', `/api/orders/${orderId}`, { token: shopper.token });
    expect(orderSchema.parse(order.json()).status).toBe('reversed');
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: false, review: null });
    const res = await postReview(product.id, { rating: 5, body: 'Free goods.' }, shopper.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_a_buyer');
  });

  it('takes a review from a buyer with a delivered order, once, named by first name and initial', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp('Wanjiru', 'Kamau');
    await buy(product, shopper.token);
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: true, review: null });

    const res = await postReview(
      product.id,
      { rating: 4, body: '  Smells of the coast.  ' },
      shopper.token,
    );
    expect(res.statusCode).toBe(201);
    const review = reviewSchema.parse(res.json());
    expect(review).toMatchObject({
      productId: product.id,
      rating: 4,
      body: 'Smells of the coast.',
      author: 'Wanjiru K.',
      verified: true,
    });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, review._id));
    expect(row).toMatchObject({ userId: shopper.user._id, rating: 4 });
    expect(row?.orderId).toEqual(expect.any(String));

    const again = await postReview(
      product.id,
      { rating: 1, body: 'Changed my mind.' },
      shopper.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'already_reviewed',
      message: 'You have already reviewed this product.',
    });
    expect(await mine(product.id, shopper.token)).toEqual({ canReview: false, review });
    const list = await listReviews(product.id);
    expect(list).toMatchObject({ average: 4, count: 1, page: 1, pageCount: 1 });
    expect(list.reviews).toEqual([review]);
  });

  // A real race on PostgreSQL; the embedded database runs the two one after the other.
  it('stores one review when the same shopper posts five times at once (one 201, the rest 409)', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp();
    await buy(product, shopper.token);
    const answers = await Promise.all(
      [5, 4, 3, 2, 1].map((rating) =>
        postReview(product.id, { rating, body: 'Again?' }, shopper.token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('does not count someone else’s order, nor an anonymous one', async () => {
    const product = await deliveryProduct();
    const buyer = await signUp();
    await buy(product, buyer.token);
    await buy(product, undefined);
    const other = await signUp();
    const res = await postReview(product.id, { rating: 5, body: 'I did not buy it.' }, other.token);
    expect(res.statusCode).toBe(403);
    expect(await mine(product.id, other.token)).toEqual({ canReview: false, review: null });
  });

  it('keeps markup as the plain text that was typed', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp('<b>Eve</b>', 'Mallory');
    await buy(product, shopper.token);
    const body = '<script>alert(1)</script> & <img src=x onerror=alert(1)>';
    const res = await postReview(product.id, { rating: 2, body }, shopper.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe(body);
    expect((await listReviews(product.id)).reviews[0]?.body).toBe(body);
    const [row] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    expect(row?.body).toBe(body);
  });

  it('refuses bodies over 1000 characters, empty ones, bad stars and unknown fields', async () => {
    const product = await deliveryProduct();
    const shopper = await signUp();
    await buy(product, shopper.token);
    const long = await postReview(product.id, { rating: 5, body: 'x'.repeat(1001) }, shopper.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ body: 'At most 1000 characters.' });
    const empty = await postReview(product.id, { rating: 5, body: '   ' }, shopper.token);
    expect(empty.json().error.fields).toEqual({ body: 'Write a few words about the product.' });
    const stars = await postReview(product.id, { rating: 6, body: 'Six!' }, shopper.token);
    expect(stars.json().error.fields.rating).toBe('Choose 1 to 5 stars.');
    const extra = await postReview(
      product.id,
      { rating: 5, body: 'Fine.', verified: true },
      shopper.token,
    );
    expect(extra.json().error.fields.verified).toBe('Unknown field.');
    const exactly = await postReview(
      product.id,
      { rating: 5, body: 'y'.repeat(1000) },
      shopper.token,
    );
    expect(exactly.statusCode).toBe(201);
  });

  it('answers 404 for an unknown or deleted product, and 400 for a malformed id', async () => {
    const shopper = await signUp();
    const unknown = await postReview(randomUUID(), { rating: 5, body: 'Hm.' }, shopper.token);
    expect(unknown.statusCode).toBe(404);
    const product = await deliveryProduct();
    await buy(product, shopper.token);
    await t.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, product.id));
    const deleted = await postReview(product.id, { rating: 5, body: 'Gone.' }, shopper.token);
    expect(deleted.statusCode).toBe(404);
    expect((await call('GET', `/api/reviews/${product.id}`)).statusCode).toBe(404);
    expect((await postReview('abc', { rating: 5, body: 'Hm.' }, shopper.token)).statusCode).toBe(
      400,
    );
  });

  it('limits each shopper to 10 reviews a minute', async () => {
    const shopper = await signUp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await postReview(randomUUID(), { rating: 5, body: 'Spam.' }, shopper.token)).statusCode,
      );
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(codes[10]).toBe(429);
    // Another shopper is not held back by the first one's count.
    const other = await signUp();
    expect(
      (await postReview(randomUUID(), { rating: 5, body: 'Hi.' }, other.token)).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/reviews/{productId}', () => {
  it('gives the figures and pages of five visible reviews, newest first', async () => {
    const product = await deliveryProduct();
    const stars = [5, 4, 5, 1, 3, 5];
    const posted = [];
    for (const [i, rating] of stars.entries()) {
      const shopper = await signUp(`Buyer${i}`, 'Otieno');
      await buy(product, shopper.token);
      const res = await postReview(product.id, { rating, body: `Review ${i}` }, shopper.token);
      expect(res.statusCode).toBe(201);
      posted.push(reviewSchema.parse(res.json()));
    }
    const first = await listReviews(product.id);
    expect(first).toMatchObject({
      average: 3.8,
      count: 6,
      distribution: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 3 },
      page: 1,
      pageCount: 2,
    });
    expect(first.reviews.map((r) => r.body)).toEqual([
      'Review 5',
      'Review 4',
      'Review 3',
      'Review 2',
      'Review 1',
    ]);
    const second = await listReviews(product.id, 2);
    expect(second.reviews.map((r) => r.body)).toEqual(['Review 0']);
    expect((await listReviews(product.id, 3)).reviews).toEqual([]);
    expect((await call('GET', `/api/reviews/${product.id}?page=0`)).statusCode).toBe(400);
  });

  it('answers an empty list for a product nobody has reviewed', async () => {
    const product = await deliveryProduct();
    expect(await listReviews(product.id)).toEqual({
      average: 0,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      reviews: [],
      page: 1,
      pageCount: 1,
    });
  });
});

describe('hiding reviews', () => {
  it('lets an admin hide a review from the list and the figures, and show it again', async () => {
    const product = await deliveryProduct();
    const ids: string[] = [];
    for (const rating of [5, 1]) {
      const shopper = await signUp();
      await buy(product, shopper.token);
      ids.push(
        reviewSchema.parse(
          (await postReview(product.id, { rating, body: 'Hm.' }, shopper.token)).json(),
        )._id,
      );
    }
    const [kept, abusive] = ids as [string, string];
    const customer = await signIn('shopper@soko.test');
    const owner = await signIn('owner@soko.test');
    for (const caller of [customer, owner]) {
      expect(
        (await call('POST', `/api/reviews/${abusive}/hide`, { token: caller.token })).statusCode,
      ).toBe(403);
    }
    expect((await call('POST', `/api/reviews/${abusive}/hide`)).statusCode).toBe(401);

    const hidden = await call('POST', `/api/reviews/${abusive}/hide`, { token: admin.token });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ _id: abusive, productId: product.id, hidden: true });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, abusive));
    expect(row?.hiddenBy).toBe(admin.user._id);
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    const after = await listReviews(product.id);
    expect(after).toMatchObject({ average: 5, count: 1, distribution: { 1: 0, 5: 1 } });
    expect(after.reviews.map((r) => r._id)).toEqual([kept]);

    const shown = await call('POST', `/api/reviews/${abusive}/unhide`, { token: admin.token });
    expect(shown.json()).toMatchObject({ hidden: false });
    expect((await listReviews(product.id)).count).toBe(2);
    expect(
      (await call('POST', `/api/reviews/${randomUUID()}/hide`, { token: admin.token })).statusCode,
    ).toBe(404);
  });
});

describe('the product page’s JSON-LD', () => {
  const jsonLdOf = (html: string) => {
    const raw = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    if (!raw) throw new Error('no JSON-LD on the page');
    return JSON.parse(raw) as Record<string, unknown>;
  };

  it('carries the reviews’ aggregate rating and the reviews once there are some', async () => {
    const fixture = await deliveryProduct();
    const product = productSchema.parse(
      (await call('GET', `/api/listing/products/${fixture.id}`)).json(),
    );
    const url = productPath(product);
    const before = jsonLdOf((await call('GET', url)).body);
    expect(before.aggregateRating).toBeUndefined();

    const shopper = await signUp('Amina', 'wairimu');
    await buy(fixture, shopper.token);
    const body = '</script><script>alert(1)</script> Good oil.';
    expect((await postReview(fixture.id, { rating: 4, body }, shopper.token)).statusCode).toBe(201);

    const res = await call('GET', url);
    expect(res.statusCode).toBe(200);
    // The body cannot close the JSON-LD element: one script element of each kind, no more.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    const after = jsonLdOf(res.body);
    expect(after.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(after.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Amina W.' },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reviewBody: body,
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });
});
