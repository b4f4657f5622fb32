// An order drops only the cached answers that show what it moved: the product pages and the
// listings holding its products, within STOCK_LAG_MS; answers without them stay cached.
import { listingSchema, productListResponseSchema, productSchema } from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct, orderBody } from '../../../test/order-fixtures';
import { STOCK_LAG_MS } from '../../platform/context';
import { products } from '../../platform/schema';

let t: TestApp;
let shopA: string;
let shopB: string;
const { call } = httpClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ shopA, shopB } = await demoMarket(t, false));
});
afterAll(async () => {
  await t?.close();
});

const json = async (url: string) => {
  const res = await call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};
const productPage = async (id: string) =>
  productSchema.parse(await json(`/api/listing/products/${id}`));
const everyProduct = async () =>
  productListResponseSchema.parse(await json('/api/listing/gellisting'));
const shopListing = async (shopId: string) =>
  listingSchema.parse(await json(`/api/listing/shop/${shopId}`));
const productsOf = (listing: {
  categories: { products: { _id: string; name: string; stock: number }[] }[];
}) => listing.categories.flatMap((category) => category.products);
const namesOf = (listing: Parameters<typeof productsOf>[0]) =>
  productsOf(listing).map((product) => product.name);

describe('an order and the cached storefront', () => {
  it('drops the answers showing its products, and keeps those that do not', async () => {
    const sold = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA, stock: 9 });
    const bystander = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopB });
    // Everything read once, so it is cached.
    expect((await productPage(sold.id)).stock).toBe(9);
    expect((await everyProduct()).find((p) => p._id === sold.id)?.stock).toBe(9);
    expect(productsOf(await shopListing(shopA)).find((p) => p._id === sold.id)?.stock).toBe(9);
    expect(namesOf(await shopListing(shopB))).toContain(bystander.name);

    // A change written behind the cache's back shows which answers are read again.
    await t.database.db
      .update(products)
      .set({ name: `${bystander.name} (renamed)` })
      .where(eq(products.id, bystander.id));

    const created = await call(
      'POST',
      '/api/order/create',
      undefined,
      orderBody([{ product: sold, quantity: 2 }]),
    );
    expect(created.statusCode, created.body).toBe(201);

    await vi.waitFor(
      async () => {
        expect((await productPage(sold.id)).stock).toBe(7);
        expect((await everyProduct()).find((p) => p._id === sold.id)?.stock).toBe(7);
        expect(productsOf(await shopListing(shopA)).find((p) => p._id === sold.id)?.stock).toBe(7);
      },
      { timeout: STOCK_LAG_MS * 4, interval: 100 },
    );
    // Shop B's listing holds nothing the order moved: still the answer cached before it.
    const listingB = namesOf(await shopListing(shopB));
    expect(listingB).toContain(bystander.name);
    expect(listingB).not.toContain(`${bystander.name} (renamed)`);
  });
});
