import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  PAGE_SIZES,
  listingResponseSchema,
  productListResponseSchema,
  productPath,
  queryKeys,
} from '@soko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

// Decision 018: the server paints the shopper's pages with the web build's renderer
// (dist-server/entry-server.js beside dist/). A stand-in renderer here writes down what it was
// asked to paint, so these tests see which pages are painted, from which address and with which
// first data, and that a painted page is cached like the rest. The real renderer is exercised
// in the browser journeys (e2e/server-rendering.spec.ts).

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><title>Soko</title></head><body><div id="root"></div><noscript>x</noscript></body></html>';

const RENDERER = `
globalThis.sokoRenders = [];
export async function renderPage(url, initialData) {
  globalThis.sokoRenders.push(url);
  const keys = initialData.map((entry) => JSON.stringify(entry.key)).join(' ');
  return '<main data-url="' + url + '">' + keys.replaceAll('"', "'") + '</main>';
}
`;

let t: TestApp;
let build: string;
const renders = () => (globalThis as unknown as { sokoRenders: string[] }).sokoRenders;

beforeAll(async () => {
  build = await mkdtemp(path.join(os.tmpdir(), 'soko-ssr-'));
  await mkdir(path.join(build, 'dist'));
  await mkdir(path.join(build, 'dist-server'));
  await writeFile(path.join(build, 'dist', 'index.html'), INDEX);
  await writeFile(path.join(build, 'dist-server', 'entry-server.js'), RENDERER);
  t = await createTestApp({ webDistDir: path.join(build, 'dist') });
});
afterAll(async () => {
  await t?.close();
  await rm(build, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

/** What the page holds inside #root. */
const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*)<\/div><noscript>/)?.[1];

describe('pages painted by the server', () => {
  it('paints the home page inside #root from the data it embeds', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('data-url="http://soko.invalid/"');
    for (const key of [queryKeys.metadata(), queryKeys.tenant(), queryKeys.listing()]) {
      expect(root).toContain(JSON.stringify(key).replaceAll('"', "'"));
    }
  });

  it('paints the page the address asks for, ignoring parameters no page reads', async () => {
    const res = await get('/alllisting?page=2&sort=price-asc&utm_source=ad');
    const root = rootOf(res.body);
    expect(root).toContain('data-url="http://soko.invalid/alllisting?page=2&sort=price-asc"');
    // Its data is that page, in that order: what the browser's first render asks for.
    const key = queryKeys.productsPage('price-asc', 2, PAGE_SIZES.publicListing);
    expect(root).toContain(JSON.stringify(key).replaceAll('"', "'"));
    expect(res.body).not.toContain('utm_source');
  });

  it('paints each shopper page, and never an account, order, owner or admin screen', async () => {
    const listing = await get('/api/listing/gellisting?pageSize=1');
    const [product] = productListResponseSchema.parse(listing.json());
    if (!product) throw new Error('the demo data has products');
    for (const url of [
      productPath(product),
      '/category/Skincare',
      '/new-arrival',
      '/PopularChoises',
      '/About',
      '/blog',
      '/search?query=shea',
      '/cart',
      '/checkout',
    ]) {
      expect(rootOf((await get(url)).body), url).toMatch(/^<main data-url=/);
    }
    for (const url of ['/login', '/signup', '/profile', '/admin', '/shops', '/manageorders']) {
      expect(rootOf((await get(url)).body), url).toBe('');
    }
  });

  it('sends a missing product as a 404 with nothing painted', async () => {
    const res = await get('/product/00000000-0000-4000-8000-000000000000/x/gone');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toBe('');
  });

  it('keeps a painted page like an API answer: painted once per address', async () => {
    const before = renders().length;
    await get('/new-arrival?page=3');
    await get('/new-arrival?page=3');
    await get('/new-arrival?page=3&fbclid=x');
    expect(renders().length).toBe(before + 1);
    await get('/new-arrival?page=4');
    expect(renders().length).toBe(before + 2);
  });

  it('keeps no page whose address holds text that names nothing in the shop', async () => {
    // The second product: the first one's page is painted (and kept) by a test above.
    const listing = await get('/api/listing/gellisting?pageSize=1&page=2');
    const [product] = productListResponseSchema.parse(listing.json());
    if (!product) throw new Error('the demo data has products');
    const [home] = listingResponseSchema.parse((await get('/api/listing/getlisting')).json());
    const category = home?.categories[0]?.name;
    if (!category) throw new Error("the demo's shop has categories");
    const paintedTwice = async (url: string) => {
      const before = renders().length;
      await get(url);
      await get(url);
      return renders().length - before;
    };
    // Names the shop has, and a bare search page: painted once, then served as kept.
    for (const url of [
      `/category/${encodeURIComponent(category)}`,
      `/?category=${encodeURIComponent(category)}`,
      '/search',
      productPath(product),
    ]) {
      expect(await paintedTwice(url), url).toBe(1);
    }
    for (const url of [
      '/search?query=shea',
      '/category/No%20such%20category',
      `/category/${encodeURIComponent(category)}?type=No%20such%20type`,
      '/?category=No%20such%20category',
      '/About?query=words',
      '/alllisting?type=words',
      `/product/${product._id}/x/another-name`,
      `/new-arrival?sort=${'x'.repeat(300)}`,
    ]) {
      expect(await paintedTwice(url), url).toBe(2);
    }
  });

  it('seeds the blog page the address asks for', async () => {
    const root = rootOf((await get('/blog?page=2')).body);
    expect(root).toContain(JSON.stringify(queryKeys.blogPage(2)).replaceAll('"', "'"));
  });
});
