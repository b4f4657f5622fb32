// Search through HTTP on the seeded demo catalogue: typos, prefixes, accents, ranking, filters,
// hostile input, and an owner's edits found (or gone) at once.
import {
  authResponseSchema,
  productListResponseSchema,
  typeLabel,
  type Product,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as productRows } from '../../platform/schema';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function search(query: string, params: Record<string, string> = {}) {
  const res = await get(`/api/search/get?${new URLSearchParams({ query, ...params })}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    products: productListResponseSchema.parse(res.json()),
    total: Number(res.headers['x-total-count']),
  };
}
const names = async (query: string, params: Record<string, string> = {}) =>
  (await search(query, params)).products.map((p) => p.name);

describe('GET /api/search/get', () => {
  it('finds products across every shop by name, Type, category, shop and description', async () => {
    expect(await names('frankincense')).toContain('Samburu Frankincense Oil');
    // A second shop's product (Kikapu Crafts & Home) is found from the first shop's host.
    expect((await names('kiondo')).length).toBeGreaterThan(0);
    const byShop = await search('kikapu', { pageSize: '60' });
    expect(byShop.total).toBeGreaterThan(0);
    expect(byShop.products.every((p) => p.shopName.includes('Kikapu'))).toBe(true);
  });

  it.each([
    ['Frankicense', 'Samburu Frankincense Oil'],
    ['frankinscense', 'Samburu Frankincense Oil'],
    ['moringga', 'Moringa Leaf Tea'],
    ['mornga', 'Moringa Leaf Tea'],
    ['moirnga', 'Moringa Leaf Tea'],
    ['shea buter', 'Raw Unrefined Shea Butter'],
    ['baobob', 'Baobab Seed Face Oil'],
  ])('forgives a letter missing, added, swapped or wrong: %s', async (typo, expected) => {
    expect(await names(typo, { pageSize: '60' })).toContain(expected);
  });

  it('matches prefixes, and ignores case and accents', async () => {
    expect(await names('moring', { pageSize: '60' })).toEqual(
      expect.arrayContaining(['Moringa Leaf Tea', 'Moringa Leaf Powder']),
    );
    expect(await names('SHÉA BÜTTER', { pageSize: '60' })).toContain('Raw Unrefined Shea Butter');
  });

  it('ranks an exact name above a mention in a description, and sold-out products last', async () => {
    const [first] = await names('Raw Unrefined Shea Butter');
    expect(first).toBe('Raw Unrefined Shea Butter');
    const all = (await search('shea', { pageSize: '60' })).products;
    const firstSoldOut = all.findIndex((p) => p.stock === 0);
    if (firstSoldOut === -1) throw new Error('the demo needs a sold-out shea product');
    expect(all.slice(firstSoldOut).every((p) => p.stock === 0)).toBe(true);
    // A name match comes before products that only mention shea lower down.
    expect(all[0]?.name.toLowerCase()).toContain('shea');
  });

  it('filters by category, Type, price and stock, sorts and pages, with the total in a header', async () => {
    const everything = await search('shea', { pageSize: '60' });
    expect(everything.total).toBe(everything.products.length);
    const category = everything.products[0]?.category as string;
    const inCategory = await search('shea', { category: category.toUpperCase(), pageSize: '60' });
    expect(inCategory.products.length).toBeGreaterThan(0);
    expect(inCategory.products.every((p) => p.category === category)).toBe(true);

    const inStock = await search('shea', { inStock: 'true', pageSize: '60' });
    expect(inStock.products.every((p) => p.stock > 0)).toBe(true);
    expect(inStock.total).toBeLessThan(everything.total);

    const cheap = await search('shea', { sort: 'price-asc', pageSize: '60' });
    const prices = cheap.products.map(paid);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const dearest = (await search('shea', { sort: 'price-desc', pageSize: '1' })).products[0];
    expect(paid(dearest as Product)).toBe(Math.max(...prices));
    const band = await search('shea', { minPrice: '500', maxPrice: '1000', pageSize: '60' });
    expect(band.products.length).toBeGreaterThan(0);
    expect(band.products.every((p) => paid(p) >= 500 && paid(p) <= 1000)).toBe(true);

    const page1 = await search('shea', { pageSize: '2' });
    const page2 = await search('shea', { pageSize: '2', page: '2' });
    expect(page1.total).toBe(everything.total);
    expect(page2.products.map((p) => p._id)).toEqual(
      everything.products.slice(2, 4).map((p) => p._id),
    );
    const type = everything.products.find((p) => p.Type)?.Type as string;
    // As the filter shows it ('Cream' for ' Creams '), and as typed.
    const typed = await search('shea', { type: typeLabel(type), pageSize: '60' });
    expect((await search('shea', { type, pageSize: '60' })).total).toBe(typed.total);
    expect(typed.products.length).toBeGreaterThan(0);
    expect(typed.products.every((p) => typeLabel(p.Type) === typeLabel(type))).toBe(true);
  });

  it.each([
    `"shea"`,
    `' OR 1=1 --`,
    '%',
    '_',
    '\\',
    'shea\\',
    '%shea_',
    'shea & ! | :* (',
    '😀🛍️',
    `'; drop table products; --`,
    '<script>alert(1)</script>',
  ])('answers a hostile query %j with 200 and a list', async (query) => {
    const res = await get(`/api/search/get?query=${encodeURIComponent(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('answers a blank, overlong or malformed query with 400', async () => {
    for (const url of [
      '/api/search/get',
      '/api/search/get?query=%20%20',
      `/api/search/get?query=${'a'.repeat(2000)}`,
      '/api/search/get?query=shea&page=0',
      '/api/search/get?query=shea&sort=random',
      '/api/search/get?query=shea&minPrice=abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
    // Emoji only: no word to look for, nothing found, no error.
    expect((await search('🙂')).products).toEqual([]);
  });

  it('finds an owner’s new product at once, follows a rename, and forgets a deleted one', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'owner@soko.test', password: 'soko-demo-pass' },
    });
    const token = authResponseSchema.parse(signIn.json()).token;
    const auth = { authorization: `Bearer ${token}` };
    const shopId = (await get('/api/property/shop/getall', token)).json()[0]._id as string;
    const categoryId = (await get(`/api/property/shop/${shopId}/categories`, token)).json()[0]
      ._id as string;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/property/products/${shopId}`,
      headers: auth,
      payload: { name: 'Zanzibari Karafuu Oil', price: 900, stock: 3, categoryId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    expect(await names('karafuu')).toEqual(['Zanzibari Karafuu Oil']);
    expect(await names('karafu')).toEqual(['Zanzibari Karafuu Oil']);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/property/products/${id}/${shopId}`,
      headers: auth,
      payload: { name: 'Pemba Clove Oil', price: 900, stock: 3, categoryId },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names('karafuu')).toEqual([]);
    expect(await names('pemba clove')).toEqual(['Pemba Clove Oil']);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/property/products/${id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await names('pemba clove')).toEqual([]);
  });

  it('finds products by a renamed category', async () => {
    const [row] = await t.database.db
      .select({ id: productRows.id, categoryId: productRows.categoryId })
      .from(productRows)
      .where(eq(productRows.name, 'Moringa Leaf Tea'));
    if (!row) throw new Error('demo product missing');
    await t.database.db.execute(
      // What an owner's rename does (through the same trigger).
      (await import('drizzle-orm'))
        .sql`update categories set name = 'Chai na Mitishamba' where id = ${row.categoryId}`,
    );
    expect(await names('mitishamba', { pageSize: '60' })).toContain('Moringa Leaf Tea');
  });
});

describe('GET /api/search/facets and /api/search/suggest', () => {
  it('offers the categories, types and price range of the matches', async () => {
    const res = await get('/api/search/facets?query=shea');
    expect(res.statusCode).toBe(200);
    const facets = res.json();
    const all = await search('shea', { pageSize: '60' });
    expect(facets.total).toBe(all.total);
    expect(facets.categories.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(
      all.total,
    );
    expect(facets.minPrice).toBe(Math.min(...all.products.map(paid)));
    expect(facets.maxPrice).toBe(Math.max(...all.products.map(paid)));
    expect(facets.types.length).toBeGreaterThan(0);
    // Each offered choice, used as a filter, finds as many as it said.
    for (const { label, count } of facets.types as { label: string; count: number }[]) {
      expect((await search('shea', { type: label })).total, label).toBe(count);
    }
    for (const { name, count } of facets.categories as { name: string; count: number }[]) {
      expect((await search('shea', { category: name })).total, name).toBe(count);
    }
  });

  it('counts each group under the other filters chosen', async () => {
    const facetsOf = async (params: Record<string, string>) =>
      (await get(`/api/search/facets?${new URLSearchParams({ query: 'shea', ...params })}`)).json();
    const open = await facetsOf({});
    const inStock = await facetsOf({ inStock: 'true' });
    expect(inStock.total).toBe((await search('shea', { inStock: 'true' })).total);
    expect(inStock.total).toBeLessThan(open.total);
    for (const { name, count } of inStock.categories as { name: string; count: number }[]) {
      expect((await search('shea', { category: name, inStock: 'true' })).total, name).toBe(count);
    }
    // Choosing a category narrows the other groups, not the category list itself.
    const category = (open.categories as { name: string }[])[0]?.name as string;
    const inCategory = await facetsOf({ category });
    expect(inCategory.categories).toEqual(open.categories);
    expect(inCategory.total).toBe((await search('shea', { category })).total);
    const typeTotal = (inCategory.types as { count: number }[]).reduce((n, t) => n + t.count, 0);
    expect(typeTotal).toBeLessThanOrEqual(inCategory.total);
    expect((await get('/api/search/facets?query=shea&sort=price-asc')).statusCode).toBe(400);
  });

  it('suggests products and categories from two characters, typos forgiven', async () => {
    expect((await get('/api/search/suggest?query=m')).statusCode).toBe(400);
    const res = await get('/api/search/suggest?query=moringga');
    expect(res.statusCode).toBe(200);
    const { products, categories } = res.json();
    expect(products.map((p: { name: string }) => p.name)).toContain('Moringa Leaf Tea');
    expect(products[0].path).toMatch(/^\/product\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/moringa-/);
    expect(categories[0].path).toMatch(/^\/category\//);
    expect((await get('/api/search/suggest?query=%25%25')).json()).toEqual({
      products: [],
      categories: [],
    });
  });

  it('suggests only categories that open with products on the host asked', async () => {
    const onHost = (url: string, host: string) =>
      t.app.inject({ method: 'GET', url, headers: { host } });
    // 'kiondo' and 'kikapu' match the second shop's products, 'moringa' the first shop's.
    for (const host of ['localhost', 'shop2.localhost']) {
      let offered = 0;
      for (const query of ['kiondo', 'kikapu', 'moringa', 'oil', 'basket']) {
        const res = await onHost(`/api/search/suggest?query=${query}`, host);
        expect(res.statusCode).toBe(200);
        const { categories } = res.json() as { categories: { name: string; path: string }[] };
        for (const category of categories) {
          offered++;
          expect(category.path).toBe(`/category/${encodeURIComponent(category.name)}`);
          const opened = await onHost(
            `/api/listing/products?categoryName=${encodeURIComponent(category.name)}`,
            host,
          );
          expect(opened.json(), `${host}: '${query}' offers ${category.name}`).not.toEqual([]);
        }
      }
      // The shop's own categories are still offered.
      expect(offered, host).toBeGreaterThan(0);
    }
  });
});

function paid(product: Product): number {
  const percent = parseFloat(String(product.discounts));
  return Number.isFinite(percent) && percent > 0 && percent < 100
    ? Math.round(product.price * (100 - percent)) / 100
    : product.price;
}
