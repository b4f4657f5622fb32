// Listing calls answer pages, never the whole catalogue (docs/decisions/017-listing-pages.md).
import {
  LISTING_MAX_PAGE_SIZE,
  PAGE_SIZES,
  TOTAL_COUNT_HEADER,
  listingResponseSchema,
  listingSchema,
  metadataResponseSchema,
  productListResponseSchema,
  ALL_TYPES,
  categoryTypesResponseSchema,
  matchesType,
  sortProducts,
  typeFilterOptions,
  type Product,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const totalOf = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers[TOTAL_COUNT_HEADER]);

/** Every product, read page by page at the largest page size. */
async function everyProduct(sort = 'featured'): Promise<Product[]> {
  const first = await get(`/api/listing/gellisting?pageSize=${LISTING_MAX_PAGE_SIZE}&sort=${sort}`);
  const pages = Math.ceil(totalOf(first) / LISTING_MAX_PAGE_SIZE);
  expect(first.statusCode, first.body).toBe(200);
  const products = productListResponseSchema.parse(first.json());
  for (let page = 2; page <= pages; page++) {
    const res = await get(
      `/api/listing/gellisting?page=${page}&pageSize=${LISTING_MAX_PAGE_SIZE}&sort=${sort}`,
    );
    products.push(...productListResponseSchema.parse(res.json()));
  }
  return products;
}

const ids = (products: readonly { _id: string }[]) => products.map((p) => p._id);

describe('GET /api/listing/gellisting pages', () => {
  it('answers the first 9 products newest first, with the total in X-Total-Count', async () => {
    const res = await get('/api/listing/gellisting');
    expect(res.statusCode).toBe(200);
    const products = productListResponseSchema.parse(res.json());
    expect(products).toHaveLength(PAGE_SIZES.publicListing);
    const all = await everyProduct();
    expect(totalOf(res)).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(ids(products)).toEqual(ids(all).slice(0, 9));
    const times = all.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers page 2 right after page 1, and a short last page', async () => {
    const all = await everyProduct();
    const second = await get('/api/listing/gellisting?page=2');
    expect(ids(productListResponseSchema.parse(second.json()))).toEqual(ids(all).slice(9, 18));
    const last = Math.ceil(all.length / 9);
    const lastPage = productListResponseSchema.parse(
      (await get(`/api/listing/gellisting?page=${last}`)).json(),
    );
    expect(ids(lastPage)).toEqual(ids(all).slice((last - 1) * 9));
    expect(lastPage.length).toBeGreaterThan(0);
  });

  it('answers an empty list past the last page, still with the total', async () => {
    const res = await get('/api/listing/gellisting?page=9999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(totalOf(res)).toBeGreaterThanOrEqual(80);
  });

  it('orders in the database as the contract sorts: popular and by price paid', async () => {
    const all = await everyProduct();
    for (const sort of ['popular', 'price-asc', 'price-desc'] as const) {
      const sorted = await everyProduct(sort);
      expect(sorted).toHaveLength(all.length);
      // Ties keep the server's order (newest first), as the stable sort does.
      expect(ids(sorted)).toEqual(ids(sortProducts(all, sort)));
    }
  });

  it('refuses bad paging with a message for each field (400)', async () => {
    const res = await get('/api/listing/gellisting?page=0&pageSize=49&sort=cheapest&limit=5');
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields).sort()).toEqual(['limit', 'page', 'pageSize', 'sort']);
    expect(error.fields.limit).toBe('Unknown field.');
    expect((await get('/api/listing/gellisting?page=abc')).json().error.fields.page).toBe(
      'Must be a page number.',
    );
    expect((await get('/api/listing/gellisting?pageSize=1.5')).statusCode).toBe(400);
  });

  it('keeps each page apart in the response cache', async () => {
    const one = await get('/api/listing/gellisting?page=1');
    const two = await get('/api/listing/gellisting?page=2');
    const twoAgain = await get('/api/listing/gellisting?page=2');
    const small = await get('/api/listing/gellisting?page=1&pageSize=3');
    expect(two.body).not.toBe(one.body);
    expect(twoAgain.body).toBe(two.body);
    expect(two.headers.etag).not.toBe(one.headers.etag);
    expect(ids(small.json())).toEqual(ids(one.json()).slice(0, 3));
  });
});

/** The tenant's category with the most products, and all of them (read off gellisting). */
async function biggestCategory(): Promise<{ name: string; products: Product[] }> {
  const [own] = metadataResponseSchema.parse((await get('/api/metadata')).json());
  const mine = (await everyProduct()).filter((p) => p.shopId === own?._id);
  const names = [...new Set(mine.map((p) => p.category))];
  const [name, products] = names
    .map((n) => [n, mine.filter((p) => p.category === n)] as const)
    .sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
  expect(products?.length, 'the demo has a category of more than one page').toBeGreaterThan(
    PAGE_SIZES.category,
  );
  return { name: name as string, products: products as Product[] };
}

/** Every product of a category by name, page by page as the category screen asks. */
async function everyCategoryProduct(name: string, query = ''): Promise<Product[]> {
  const url = (page: number) =>
    `/api/listing/products?categoryName=${encodeURIComponent(name)}&page=${page}${query}`;
  const first = await get(url(1));
  expect(first.statusCode, first.body).toBe(200);
  const products = productListResponseSchema.parse(first.json());
  for (let page = 2; page <= Math.ceil(totalOf(first) / PAGE_SIZES.category); page++) {
    products.push(...productListResponseSchema.parse((await get(url(page))).json()));
  }
  expect(products).toHaveLength(totalOf(first));
  return products;
}

describe('GET /api/listing/products?categoryName= pages', () => {
  it('answers the category’s first 8 with the total, and pages through all of it', async () => {
    const { name, products } = await biggestCategory();
    const res = await get(`/api/listing/products?categoryName=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(totalOf(res)).toBe(products.length);
    expect(ids(productListResponseSchema.parse(res.json()))).toEqual(
      ids(products).slice(0, PAGE_SIZES.category),
    );
    expect(ids(await everyCategoryProduct(name.toUpperCase()))).toEqual(ids(products));
  });

  it('sorts in the database as the contract sorts', async () => {
    const { name, products } = await biggestCategory();
    for (const sort of ['popular', 'price-asc', 'price-desc', 'newest'] as const) {
      expect(ids(await everyCategoryProduct(name, `&sort=${sort}`)), sort).toEqual(
        ids(sortProducts(products, sort)),
      );
    }
  });

  it('filters by the type labels it lists, as the contract matches them', async () => {
    const { name, products } = await biggestCategory();
    const res = await get(`/api/listing/category-types?categoryName=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    const labels = categoryTypesResponseSchema.parse(res.json());
    // In the order the listing first shows them, as the screen listed them before paging.
    expect([ALL_TYPES, ...labels]).toEqual(typeFilterOptions(products));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const filtered = await everyCategoryProduct(name, `&type=${encodeURIComponent(label)}`);
      expect(ids(filtered), label).toEqual(ids(products.filter((p) => matchesType(p, label))));
    }
    expect(ids(await everyCategoryProduct(name, `&type=${ALL_TYPES}`))).toEqual(ids(products));
    const none = await get(
      `/api/listing/products?categoryName=${encodeURIComponent(name)}&type=Nothing`,
    );
    expect([none.json(), totalOf(none)]).toEqual([[], 0]);
  });

  it('answers an empty page and no types for a name the tenant’s shop lacks', async () => {
    const res = await get('/api/listing/products?categoryName=No%20Such%20Category&page=2');
    expect([res.statusCode, res.json(), totalOf(res)]).toEqual([200, [], 0]);
    const types = await get('/api/listing/category-types?categoryName=No%20Such%20Category');
    expect([types.statusCode, types.json()]).toEqual([200, []]);
  });

  it('refuses bad paging and a missing name (400)', async () => {
    const bad = await get('/api/listing/products?categoryName=x&page=0&pageSize=49&sort=cheap');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['page', 'pageSize', 'sort']);
    expect((await get('/api/listing/category-types')).statusCode).toBe(400);
    expect((await get('/api/listing/category-types?categoryName=x&page=2')).statusCode).toBe(400);
  });
});

describe('GET /api/listing/getlisting pages', () => {
  it('answers the tenant’s shop only, each category with its newest 8 products', async () => {
    const res = await get('/api/listing/getlisting', { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    const listings = listingResponseSchema.parse(res.json());
    const shops = metadataResponseSchema.parse((await get('/api/metadata')).json());
    expect(listings).toHaveLength(1);
    expect(listings[0]?.name).toBe('Soko Naturals');
    expect(totalOf(res)).toBe(shops.length);
    const all = await everyProduct();
    for (const category of listings[0]?.categories ?? []) {
      const newest = all.filter((p) => p.categoryId === category._id).slice(0, 8);
      expect(ids(category.products)).toEqual(ids(newest));
    }
    const held = listings[0]?.categories.map((c) => c.products.length) ?? [];
    expect(Math.max(...held)).toBe(8);
  });

  it('pages through the shops, the tenant’s first, with fewer products when asked', async () => {
    const shops = metadataResponseSchema.parse(
      (await get('/api/metadata', { host: 'shop2.localhost' })).json(),
    );
    const second = listingResponseSchema.parse(
      (
        await get('/api/listing/getlisting?page=2&perCategory=2', { host: 'shop2.localhost' })
      ).json(),
    );
    expect(second.map((l) => l._id)).toEqual([shops[1]?._id]);
    for (const category of second[0]?.categories ?? []) {
      expect(category.products.length).toBeLessThanOrEqual(2);
    }
    // One shop a page: walking the pages meets every shop once, in the metadata's order.
    const walked: string[] = [];
    for (let page = 1; page <= shops.length; page++) {
      const res = await get(`/api/listing/getlisting?page=${page}`, { host: 'shop2.localhost' });
      expect(totalOf(res)).toBe(shops.length);
      walked.push(...listingResponseSchema.parse(res.json()).map((l) => l._id));
    }
    expect(walked).toEqual(shops.map((s) => s._id));
    expect((await get('/api/listing/getlisting?page=50')).json()).toEqual([]);
  });

  it('refuses bad paging (400)', async () => {
    const res = await get('/api/listing/getlisting?pageSize=11&perCategory=0&sort=new');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'pageSize',
      'perCategory',
      'sort',
    ]);
  });
});

describe('GET /api/listing/shop/:shopId', () => {
  it('holds each category’s newest 8 products unless told fewer', async () => {
    const [shop] = metadataResponseSchema.parse((await get('/api/metadata')).json());
    const listing = listingSchema.parse((await get(`/api/listing/shop/${shop?._id}`)).json());
    const held = listing.categories.map((c) => c.products.length);
    expect(Math.max(...held)).toBe(8);
    const two = listingSchema.parse(
      (await get(`/api/listing/shop/${shop?._id}?perCategory=2`)).json(),
    );
    expect(Math.max(...two.categories.map((c) => c.products.length))).toBe(2);
    expect((await get(`/api/listing/shop/${shop?._id}?perCategory=9`)).statusCode).toBe(400);
  });
});

describe('answer sizes on a generated catalogue', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    // 2,000 more products, spread over every category, before anything is cached.
    await big.database.db.execute(sql`
      insert into products (shop_id, category_id, name, description, price_cents, type,
                            image_urls, stock, created_at)
      select c.shop_id, c.id, 'Generated product ' || c.name || ' ' || g,
             repeat('A fine generated thing. ', 8), 1000 + g, 'Generated',
             array['/media/generated-' || g || '.webp'], 5, now() - g * interval '1 second'
      from categories c
      cross join generate_series(1, 2000 / (select count(*) from categories)::int + 1) g
      where c.deleted_at is null`);
  }, 120_000);
  afterAll(async () => {
    await big?.close();
  });

  it('keeps every listing call under 64 KB', async () => {
    const call = (url: string) => big.app.inject({ method: 'GET', url });
    const [shop] = metadataResponseSchema.parse((await call('/api/metadata')).json());
    const [listing] = listingResponseSchema.parse((await call('/api/listing/getlisting')).json());
    const category = listing?.categories[0]?.name as string;
    const first = await call('/api/listing/gellisting');
    expect(totalOf(first)).toBeGreaterThan(2_000);
    const urls = [
      '/api/listing/gellisting',
      '/api/listing/gellisting?sort=popular',
      `/api/listing/gellisting?pageSize=${LISTING_MAX_PAGE_SIZE}`,
      '/api/listing/getlisting',
      '/api/listing/getlisting?page=2',
      `/api/listing/shop/${shop?._id}`,
      `/api/listing/products?categoryName=${encodeURIComponent(category)}`,
      `/api/listing/products?categoryName=${encodeURIComponent(category)}&pageSize=${LISTING_MAX_PAGE_SIZE}`,
      `/api/listing/category-types?categoryName=${encodeURIComponent(category)}`,
    ];
    for (const url of urls) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(200);
      expect(Buffer.byteLength(res.body), url).toBeLessThan(64 * 1024);
    }
  });
});
