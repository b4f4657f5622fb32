import { randomUUID } from 'node:crypto';
import {
  LISTING_MAX_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  listingResponseSchema,
  metadataResponseSchema,
  productListResponseSchema,
  productSchema,
  tenantSchema,
  SEO_DEFAULTS,
  type Product,
} from '@soko/contract';
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

/** Every product, page by page (a listing call answers one page). */
async function allProducts(): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/listing/gellisting?page=${page}&pageSize=${LISTING_MAX_PAGE_SIZE}`);
    const rows = productListResponseSchema.parse(res.json());
    products.push(...rows);
    if (products.length >= Number(res.headers[TOTAL_COUNT_HEADER]) || rows.length === 0) {
      return products;
    }
  }
}

describe('GET /api/health', () => {
  it('reports ok and which database answers', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.SOKO_TEST_DB });
  });
});

describe('GET /api/metadata', () => {
  it('lists the shops with the tenant’s shop first, in the spec’s shape', async () => {
    const res = await get('/api/metadata', { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    const shops = metadataResponseSchema.parse(res.json());
    expect(shops.length).toBeGreaterThanOrEqual(2);
    expect(shops[0]?.name).toBe('Soko Naturals');
    expect(shops[0]?.operationperiods.monday).toEqual({
      open: expect.any(String),
      close: expect.any(String),
    });
  });

  it('puts the second shop first when asked through its own host', async () => {
    const main = metadataResponseSchema.parse(
      (await get('/api/metadata', { host: 'localhost' })).json(),
    );
    const second = metadataResponseSchema.parse(
      (await get('/api/metadata', { host: 'shop2.localhost' })).json(),
    );
    expect(second[0]?._id).not.toBe(main[0]?._id);
    expect(second.map((s) => s._id).sort()).toEqual(main.map((s) => s._id).sort());
  });

  it('falls back to the default tenant for an unknown host', async () => {
    const shops = metadataResponseSchema.parse(
      (await get('/api/metadata', { host: 'unknown.example' })).json(),
    );
    expect(shops[0]?.name).toBe('Soko Naturals');
  });

  it('answers 304 when the client already holds the same body', async () => {
    const first = await get('/api/metadata');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/api/metadata', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/tenant', () => {
  it('gives the default tenant its SEO data and chat contact', async () => {
    const tenant = tenantSchema.parse((await get('/api/tenant', { host: 'localhost' })).json());
    expect(tenant.seo.title).not.toBe(SEO_DEFAULTS.title);
    expect(tenant.whatsapp?.phoneNumber).toMatch(/^254\d+$/);
  });

  it('fills in the spec’s defaults for a tenant without SEO data', async () => {
    const tenant = tenantSchema.parse(
      (await get('/api/tenant', { host: 'shop2.localhost' })).json(),
    );
    expect(tenant.seo).toEqual(SEO_DEFAULTS);
    expect(tenant.whatsapp).toBeNull();
  });
});

describe('GET /api/listing/getlisting', () => {
  it('answers one listing per shop, the tenant’s first, with categories and products', async () => {
    const first = await get('/api/listing/getlisting');
    expect(first.statusCode).toBe(200);
    const shops = Number(first.headers[TOTAL_COUNT_HEADER]);
    expect(shops).toBeGreaterThanOrEqual(2);
    // One shop a page.
    const listings = listingResponseSchema.parse(first.json());
    for (let page = 2; page <= shops; page++) {
      listings.push(
        ...listingResponseSchema.parse((await get(`/api/listing/getlisting?page=${page}`)).json()),
      );
    }
    expect(listings).toHaveLength(shops);
    const [main] = listings;
    expect(main?.name).toBe('Soko Naturals');
    expect(main?.payonorder).toBe(true);
    expect(main?.categories.length).toBeGreaterThan(0);
    const categoryProducts = main?.categories.flatMap((c) => c.products) ?? [];
    expect(categoryProducts.length).toBeGreaterThan(0);
    for (const category of main?.categories ?? []) {
      for (const product of category.products) expect(product.categoryId).toBe(category._id);
    }
    // Each category holds its newest products only (8 unless told): never the catalogue.
    const all = await allProducts();
    for (const category of listings.flatMap((l) => l.categories)) {
      const newest = all.filter((p) => p.categoryId === category._id).slice(0, 8);
      expect(category.products.map((p) => p._id)).toEqual(newest.map((p) => p._id));
    }
  });
});

describe('GET /api/listing/gellisting', () => {
  it('pages through every product of every shop, newest first, prices in Ksh', async () => {
    const products = await allProducts();
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(new Set(products.map((p) => p.shopId)).size).toBeGreaterThanOrEqual(2);
    const times = products.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(products.some((p) => !Number.isInteger(p.price))).toBe(true);
  });

  it('keeps a product’s stock equal to the sum of its variants', async () => {
    const withVariants = (await allProducts()).filter((p) => p.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(0);
    for (const p of withVariants) expect(p.stock).toBe(p.variants.reduce((s, v) => s + v.stock, 0));
  });
});

describe('GET /api/listing/products/:productId', () => {
  it('answers one product with its variants', async () => {
    const sample = (await allProducts()).find((p) => p.variants.length > 1) as Product;
    const res = await get(`/api/listing/products/${sample._id}`);
    expect(res.statusCode).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product).toEqual(sample);
  });

  it('answers 404 in the error shape for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-an-id', '1', "' or 1=1 --"]) {
      const res = await get(`/api/listing/products/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Product not found.' } });
    }
  });
});

describe('GET /api/listing/products (related and by category name)', () => {
  it('lists the other products of a category, excluding the one shown', async () => {
    const sample = (await allProducts())[0] as Product;
    const res = await get(
      `/api/listing/products?category=${sample.categoryId}&exclude=${sample._id}`,
    );
    expect(res.statusCode).toBe(200);
    const related = productListResponseSchema.parse(res.json());
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((p) => p.categoryId === sample.categoryId && p._id !== sample._id)).toBe(
      true,
    );
  });

  it('finds a category of the tenant’s shop by name, ignoring case', async () => {
    const [main] = listingResponseSchema.parse((await get('/api/listing/getlisting')).json());
    const category = main?.categories[0];
    expect(category).toBeDefined();
    const res = await get(
      `/api/listing/products?categoryName=${encodeURIComponent(category?.name.toUpperCase() ?? '')}`,
    );
    const products = productListResponseSchema.parse(res.json());
    // The listing holds the category's newest 8; by name, the whole category.
    expect(products.map((p) => p._id).slice(0, 8)).toEqual(category?.products.map((p) => p._id));
  });

  it('answers an empty list for a category name the tenant’s shop does not have', async () => {
    const res = await get('/api/listing/products?categoryName=No%20Such%20Category');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('does not find another shop’s category by name', async () => {
    const listings = listingResponseSchema.parse(
      (await get('/api/listing/getlisting?page=2')).json(),
    );
    const foreign = listings[0]?.categories[0]?.name as string;
    const res = await get(`/api/listing/products?categoryName=${encodeURIComponent(foreign)}`, {
      host: 'localhost',
    });
    expect(res.json()).toEqual([]);
  });

  it('refuses a query naming no category', async () => {
    const res = await get('/api/listing/products');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('the spec’s product field `images`', () => {
  type Raw = { _id: string; imageUrls: unknown; images?: unknown };
  // Read as sent, not through productSchema: parsing would drop a field the schema lacks.
  const rawProducts = async (url: string): Promise<Raw[]> => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json() as Raw[];
  };
  const expectImages = (products: Raw[], where: string) => {
    expect(products.length, where).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.images, `${where}: ${product._id}`).toEqual(product.imageUrls);
    }
  };

  it('is in every product answer: the pictures’ addresses, in the order of imageUrls', async () => {
    const page = await rawProducts('/api/listing/gellisting?pageSize=48');
    expectImages(page, 'gellisting');
    // The demo has products with several pictures: the order must be kept, not only the set.
    expect(page.some((p) => Array.isArray(p.images) && p.images.length > 1)).toBe(true);

    const listing = (await get('/api/listing/getlisting')).json() as {
      categories: { products: Raw[] }[];
    }[];
    expectImages(
      listing.flatMap((l) => l.categories.flatMap((c) => c.products)),
      'getlisting',
    );

    const sample = productSchema.parse(page.find((p) => (p.images as unknown[]).length > 1));
    const one = (await get(`/api/listing/products/${sample._id}`)).json() as Raw;
    expectImages([one], 'product');
    expect(productSchema.parse(one).images).toEqual(sample.imageUrls);

    expectImages(
      await rawProducts(
        `/api/listing/products?category=${sample.categoryId}&exclude=${sample._id}`,
      ),
      'related',
    );
    expectImages(
      await rawProducts(`/api/search/get?query=${encodeURIComponent(sample.name)}`),
      'search',
    );
  });
});
