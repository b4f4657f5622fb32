import { productPath, productSchema, type Product } from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeProduct } from '../../../test/order-fixtures';
import { realWebBuild } from '../../../test/web-build';
import { blogPosts, categories, products, shops } from '../../platform/schema';

// Issue 28: text a visitor types (an address) or a seller stores (a product's name, a shop's
// name, a category, a post's title) went through String.replace's replacement patterns when the
// painted page was put into the template: `$\`` and `$'` copied the page into itself, so one
// 9 KB search address built a 9 MB page. These pages are painted by the web app's real renderer
// (apps/web/dist-server, built by `npm run build`), as in production: a stand-in renderer would
// not write the stored text where React writes it.

/** Every replacement pattern String.replace reads in a replacement string. */
const PATTERNS = "$` $' $& $<x> $$ $1";
const PRODUCT = `Oil ${PATTERNS}`;
const CATEGORY = `Oils ${PATTERNS}`;
const SHOP = `Shop ${PATTERNS}`;
const POST = `Post ${PATTERNS}`;
/** How React writes that text into the page (and head.ts into the head). */
const asHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;');
/** A painted page is well under this; a page spliced into itself is many times over it. */
const MAX_PAGE_BYTES = 400_000;

let t: TestApp;
let product: Product;
let shopId: string;
let postId: string;

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await realWebBuild() });
  const { db } = t.database;
  const fixture = await makeProduct(db, { payOnOrder: false, name: PRODUCT });
  shopId = fixture.shopId;
  const [category] = await db
    .insert(categories)
    .values({ shopId, name: CATEGORY })
    .returning({ id: categories.id });
  if (!category) throw new Error('category insert returned nothing');
  await db
    .update(products)
    .set({ categoryId: category.id, description: `About it: ${PATTERNS}` })
    .where(eq(products.id, fixture.id));
  await db.update(shops).set({ name: SHOP }).where(eq(shops.id, shopId));
  const [post] = await db
    .insert(blogPosts)
    .values({ title: POST, content: `Words ${PATTERNS}` })
    .returning({ id: blogPosts.id });
  if (!post) throw new Error('post insert returned nothing');
  postId = post.id;
  const res = await t.app.inject({ method: 'GET', url: `/api/listing/products/${fixture.id}` });
  product = productSchema.parse(res.json());
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
const count = (html: string, text: string) => html.split(text).length - 1;

/** One document of a page's normal size, with its painted part inside #root. */
function expectOnePage(html: string) {
  expect(count(html.toLowerCase(), '<!doctype html>')).toBe(1);
  expect(count(html, '</html>')).toBe(1);
  expect(count(html, '<div id="root">')).toBe(1);
  expect(count(html, '<noscript>')).toBe(1);
  expect(Buffer.byteLength(html)).toBeLessThan(MAX_PAGE_BYTES);
  // Painted by the real renderer, not left for the browser.
  expect(html).not.toContain('<div id="root"></div>');
}

const enc = encodeURIComponent;

describe('text that reads as a replacement pattern, on every painted page', () => {
  it.each([
    ['a category named with them', () => `/category/${enc(CATEGORY)}`, CATEGORY],
    ['a category address', () => `/category/${enc(PATTERNS)}`, PATTERNS],
    ['a product named with them', () => productPath(product), PRODUCT],
    ['its description', () => productPath(product), `About it: ${PATTERNS}`],
    ['its address', () => `/product/${product._id}/x/${enc(PATTERNS)}`, PRODUCT],
    ['All Products', () => `/alllisting?sort=${enc(PATTERNS)}`, PRODUCT],
    ['New Arrivals', () => `/new-arrival?page=${enc(PATTERNS)}`, PRODUCT],
    ['a shop named with them', () => `/shop/${shopId}`, SHOP],
    ['the blog', () => `/blog?category=${enc(PATTERNS)}`, POST],
    ['a post titled with them', () => `/blog/${postId}`, POST],
    ['search', () => `/search?query=${enc(PATTERNS)}`, PATTERNS],
  ])('paints %s once, as text', async (_, url, shown) => {
    const res = await get(url());
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    // Written as text, escaped once: never spliced, never escaped twice.
    expect(root).toContain(asHtml(shown));
    expect(root).not.toContain(PATTERNS);
    expect(root).not.toContain('&amp;amp;');
  });

  it.each([
    ['the home page', `/?category=${enc(PATTERNS)}`],
    ['Popular Choices', `/PopularChoises?type=${enc(PATTERNS)}`],
    ['About', `/About?query=${enc(PATTERNS)}`],
    ['the cart', `/cart?query=${enc(PATTERNS)}`],
    ['checkout', `/checkout?type=${enc(PATTERNS)}`],
  ])('answers %s, given them in its address, as one document', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
  });

  it('answers a 9 KB search address as a page of normal size', async () => {
    const words = "$` $' ".repeat(1_500);
    const res = await get(`/search?query=${enc(words)}`);
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
  });
});

describe('addresses longer than any name', () => {
  it('paints a category whose long name is written in many bytes', async () => {
    // 100 characters (a category name's limit), each 3 bytes of UTF-8: 900 in the address.
    const res = await get(`/category/${enc('ー'.repeat(100))}`);
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
  });

  it.each([
    ['a 9 KB category', `/category/${enc(PATTERNS.repeat(600))}`],
    ['a 9 KB product name', `/product/00000000-0000-4000-8000-000000000000/x/${'a'.repeat(9_000)}`],
    ['a 9 KB path', `/${'b'.repeat(9_000)}`],
  ])('answers %s with the not-found page', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(Buffer.byteLength(res.body)).toBeLessThan(MAX_PAGE_BYTES);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });
});

describe('a page number past what the listing calls take', () => {
  const HUGE = '99999999999999999999';

  it.each([
    `/alllisting?page=${HUGE}`,
    `/new-arrival?page=${HUGE}`,
    `/PopularChoises?page=${HUGE}`,
    `/category/Skincare?page=${HUGE}`,
    `/blog?page=${HUGE}`,
    '/alllisting?page=100001',
    '/blog?page=10001',
  ])('answers %s with 400 and a page crawlers leave out', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('paints the last page those calls take', async () => {
    const res = await get('/alllisting?page=100000');
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
  });

  it.each([
    `/api/listing/gellisting?page=${HUGE}`,
    `/api/listing/products?categoryName=Skincare&page=${HUGE}`,
    `/api/blog/get?page=${HUGE}`,
  ])('answers the call %s with 400 naming the page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });
});
