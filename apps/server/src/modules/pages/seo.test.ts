import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  IMAGE_SIZES,
  SEO_DEFAULTS,
  metadataResponseSchema,
  discountedPriceCents,
  fromCents,
  productListResponseSchema,
  productPath,
  productSchema,
  toCents,
  type Product,
} from '@soko/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { makeProduct } from '../../../test/order-fixtures';
import { DEVICE_COOKIE } from '../../platform/device';
import { categories, products as productRows } from '../../platform/schema';
import { readSitemap } from '../../../test/sitemap';
import { SITEMAP_PRODUCTS_PER_FILE, sitemapIndexXml } from './pages';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--soko-head--><meta name="description" content="build placeholder"><title>Soko</title></head><body><div id="root"></div></body></html>';
let t: TestApp;
let dist: string;
let products: Product[];

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'soko-seo-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: 'https://shop.example' } });
  // Every product, page by page (a listing call answers one page).
  products = [];
  for (let n = 1; ; n++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/listing/gellisting?page=${n}&pageSize=48`,
    });
    const rows = productListResponseSchema.parse(res.json());
    products.push(...rows);
    if (rows.length === 0 || products.length >= Number(res.headers['x-total-count'])) break;
  }
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const siteTitleOf = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/tenant', headers: { host: 'localhost' } })).json()
    .seo.title as string;

const page = (url: string, host = 'localhost') =>
  t.app.inject({ method: 'GET', url, headers: { host } });

/** What a crawler without JavaScript reads: the served HTML's head tags. */
function headOf(html: string) {
  const attr = (selector: RegExp) => html.match(selector)?.[1];
  const decode = (text: string | undefined) =>
    text
      ?.replaceAll('&amp;', '&')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>');
  const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  return {
    title: decode(attr(/<title>([^<]*)<\/title>/)),
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    description: decode(attr(/<meta name="description" content="([^"]*)">/)),
    keywords: decode(attr(/<meta name="keywords" content="([^"]*)">/)),
    canonical: decode(attr(/<link rel="canonical" href="([^"]*)">/)),
    ogType: attr(/<meta property="og:type" content="([^"]*)">/),
    ogTitle: decode(attr(/<meta property="og:title" content="([^"]*)">/)),
    ogUrl: decode(attr(/<meta property="og:url" content="([^"]*)">/)),
    ogImage: decode(attr(/<meta property="og:image" content="([^"]*)">/)),
    jsonLd: jsonLd ? (JSON.parse(jsonLd) as Record<string, unknown>) : undefined,
  };
}

describe('SEO tags in the served HTML', () => {
  it('writes the tenant’s title, description, keywords, canonical and og tags on the home page', async () => {
    const tenant = (
      await t.app.inject({ method: 'GET', url: '/api/tenant', headers: { host: 'localhost' } })
    ).json();
    const res = await page('/');
    const head = headOf(res.body);
    expect(head.title).toBe(tenant.seo.title);
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect(head.description).toBe(tenant.seo.description);
    expect(head.keywords).toBe(tenant.seo.keywords);
    expect(head.canonical).toBe(new URL('/', tenant.seo.url).toString());
    expect(head.ogType).toBe('website');
    expect(head.ogTitle).toBe(tenant.seo.title);
    expect(head.ogUrl).toBe(head.canonical);
  });

  it('uses the spec’s defaults for a tenant without SEO data, and PUBLIC_URL for its canonical', async () => {
    const head = headOf((await page('/alllisting', 'shop2.localhost')).body);
    expect(head.title).toBe(`All Products | ${SEO_DEFAULTS.title}`);
    expect(head.description).toBe(SEO_DEFAULTS.description);
    expect(head.keywords).toBe(SEO_DEFAULTS.keywords);
    expect(head.ogType).toBe('website');
    expect(head.canonical).toBe('https://shop.example/alllisting');
  });

  it('describes a product page with its title, description, image and Product JSON-LD in KES', async () => {
    const product = products.find(
      (p) => p.imageUrls.length > 0 && p.stock > 0 && p.discounts,
    ) as Product;
    const res = await page(productPath(product));
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toMatch(
      new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
    );
    expect(head.ogType).toBe('product');
    expect(head.ogImage).toMatch(new RegExp(`^https?://[^/]+${product.imageUrls[0]}$`));
    expect(head.canonical).toMatch(
      new RegExp(`${productPath(product).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    const offer = head.jsonLd?.offers as Record<string, unknown>;
    expect(head.jsonLd?.['@type']).toBe('Product');
    expect(head.jsonLd?.name).toBe(product.name);
    expect(offer.priceCurrency).toBe('KES');
    expect(offer.price).toBe(
      fromCents(discountedPriceCents(toCents(product.price), product.discounts)).toFixed(2),
    );
    expect(offer.availability).toBe('https://schema.org/InStock');
  });

  it('marks a product without stock as out of stock', async () => {
    const product = products.find((p) => p.stock === 0) as Product;
    const offer = headOf((await page(productPath(product))).body).jsonLd?.offers as Record<
      string,
      unknown
    >;
    expect(offer.availability).toBe('https://schema.org/OutOfStock');
  });

  it('titles a shop’s page with its name, answers an unknown shop with a 404, lists shops in the sitemap', async () => {
    const shopId = products[0]?.shopId as string;
    const res = await page(`/shop/${shopId}`);
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).title).toBe(`${products[0]?.shopName} | ${await siteTitleOf()}`);
    expect(res.body).toContain(`"shop-listing","${shopId}"`);
    const unknown = await page('/shop/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
    const sitemap = await readSitemap(page);
    expect(sitemap.body).toContain(`/shop/${shopId}</loc>`);
  });

  it('names the seller in its page’s head: its description, and its logo as the picture (decision 040)', async () => {
    const shops = metadataResponseSchema.parse((await page('/api/metadata', 'localhost')).json());
    // The demo's second shop sells on the default host's marketplace, with its own WhatsApp.
    const seller = shops.find((shop) => shop.whatsapp !== null);
    if (!seller?.logoUrl || !seller.description) throw new Error('no demo seller with a face');
    const res = await page(`/shop/${seller._id}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe(`${seller.name} | ${await siteTitleOf()}`);
    expect(head.description).toBe(seller.description);
    expect(head.ogImage?.endsWith(seller.logoUrl)).toBe(true);
  });

  it('shows a product an owner adds, and hides one an owner deletes, at once in page and sitemap', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'owner@soko.test', password: 'soko-demo-pass' },
    });
    const token = signIn.json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const shopId = (
      await t.app.inject({ method: 'GET', url: '/api/property/shop/getall', headers: auth })
    ).json()[0]._id as string;
    const categoryId = (
      await t.app.inject({
        method: 'GET',
        url: `/api/property/shop/${shopId}/categories`,
        headers: auth,
      })
    ).json()[0]._id as string;
    expect((await readSitemap(page)).files.length).toBeGreaterThan(1);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/property/products/${shopId}`,
      headers: auth,
      payload: { name: 'Sitemap Soap', price: 300, stock: 4, categoryId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = productSchema.parse(created.json());
    expect((await readSitemap(page)).body).toContain(productPath(product));
    const shown = await page(productPath(product));
    expect(shown.statusCode).toBe(200);
    expect(headOf(shown.body).title).toBe(`Sitemap Soap | ${await siteTitleOf()}`);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/property/products/${product._id}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await readSitemap(page)).body).not.toContain(productPath(product));
    expect((await page(productPath(product))).statusCode).toBe(404);
  });

  it('answers an unknown product with a 404 page that is not indexed', async () => {
    const res = await page('/product/00000000-0000-4000-8000-000000000000/x/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('cannot be made to break out of the head by a hostile name', async () => {
    const res = await page('/category/%3C%2Ftitle%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(headOf(res.body).title).toMatch(/^<\/title><script>alert\(1\)<\/script> Products \| /);
  });

  it('keeps private pages out of search results', async () => {
    for (const url of ['/cart', '/checkout', '/login', '/profile', '/admin']) {
      expect((await page(url)).body, url).toContain('<meta name="robots" content="noindex">');
    }
    expect((await page('/')).body).not.toContain('noindex');
  });
});

describe('the head of a page painted in Kiswahili (decision 050)', () => {
  // shop2.localhost has no SEO data: its titles are the defaults, said in the page's language.
  const swahili = async (url: string) => {
    const res = await page(`${url}${url.includes('?') ? '&' : '?'}lang=sw`, 'shop2.localhost');
    return { status: res.statusCode, head: headOf(res.body) };
  };

  it('titles the home page and the listings in Kiswahili', async () => {
    const home = await swahili('/');
    expect(home.head.title).toBe('Kichwa Chaguo-msingi');
    expect(home.head.description).toBe('Maelezo chaguo-msingi');
    expect(home.head.ogTitle).toBe('Kichwa Chaguo-msingi');
    expect((await swahili('/alllisting')).head.title).toBe('Bidhaa Zote | Kichwa Chaguo-msingi');
    expect((await swahili('/new-arrival')).head.title).toBe('Bidhaa Mpya | Kichwa Chaguo-msingi');
    expect((await swahili('/category/Soaps')).head.title).toBe(
      'Bidhaa za Soaps | Kichwa Chaguo-msingi',
    );
  });

  it('titles a product page with the product and the site in Kiswahili, a missing one too', async () => {
    const product = products.find((p) => p.stock > 0) as Product;
    const found = await swahili(productPath(product));
    expect(found.status).toBe(200);
    expect(found.head.title).toBe(`${product.name} | Kichwa Chaguo-msingi`);
    expect(found.head.ogTitle).toBe(found.head.title);
    const missing = await swahili('/product/00000000-0000-4000-8000-000000000000/x/nothing');
    expect(missing.status).toBe(404);
    expect(missing.head.title).toBe('Bidhaa haikupatikana | Kichwa Chaguo-msingi');
  });

  it('keeps the English titles on the same pages without a choice', async () => {
    const home = headOf((await page('/', 'shop2.localhost')).body);
    expect(home.title).toBe(SEO_DEFAULTS.title);
    const missing = await page('/product/00000000-0000-4000-8000-000000000000/x/nothing');
    expect(headOf(missing.body).title).toBe(`Product not found | ${await siteTitleOf()}`);
  });
});

describe('preloading the largest image', () => {
  const preload = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/)?.[0];

  it('fetches a product’s first image with the srcset and sizes the page uses', async () => {
    const product = products.find((p) => p.imageUrls.length > 0) as Product;
    const link = preload((await page(productPath(product))).body);
    expect(link).toContain(`href="${product.imageUrls[0]}"`);
    expect(link).toContain(`imagesizes="${IMAGE_SIZES.productMain}"`);
    expect(link).toMatch(/imagesrcset="[^"]*w320\.webp 320w/);
    expect(link).toContain('fetchpriority="high"');
  });

  it('fetches the home strip’s first image and a category’s first card image', async () => {
    const listing = (await t.app.inject({ method: 'GET', url: '/api/listing/getlisting' })).json();
    expect(preload((await page('/')).body)).toContain(`href="${listing[0].promotionalimages[0]}"`);
    const category = (
      await t.app.inject({ method: 'GET', url: '/api/listing/products?categoryName=Face%20Care' })
    ).json();
    expect(preload((await page('/category/Face%20Care')).body)).toContain(
      `href="${category[0].imageUrls[0]}"`,
    );
  });
});

describe('initial data in the served HTML', () => {
  const initialData = (html: string) => {
    const json = html.match(
      /<script type="application\/json" id="soko-initial-data">([\s\S]*?)<\/script>/,
    )?.[1];
    return JSON.parse(json ?? 'null') as Array<{ key: unknown[]; data: unknown }>;
  };

  it('gives every page the shop data and the tenant, and each page the answers it starts with', async () => {
    const home = initialData((await page('/')).body);
    expect(home.map((e) => e.key)).toEqual([['metadata'], ['tenant'], ['listing']]);
    const listing = (await t.app.inject({ method: 'GET', url: '/api/listing/getlisting' })).json();
    expect(home[2]?.data).toEqual(listing);
    const tenant = (await t.app.inject({ method: 'GET', url: '/api/tenant' })).json();
    expect(home[1]?.data).toEqual(tenant);

    const product = products[0] as Product;
    const onProductPage = initialData((await page(productPath(product))).body);
    expect(onProductPage.find((e) => e.key[0] === 'product')).toEqual({
      key: ['product', product._id],
      data: product,
    });

    // The address's page (the first, every type, the default order) at the wide page size,
    // and the category's type labels.
    const onCategory = initialData((await page('/category/FACE%20CARE?fbclid=x')).body);
    expect(onCategory[2]?.key).toEqual(['products', 'category-types', 'face care']);
    expect((onCategory[2]?.data as string[]).length).toBeGreaterThan(0);
    expect(onCategory[3]?.key).toEqual([
      'products',
      'category',
      'face care',
      'featured',
      'All',
      1,
      8,
    ]);
    const firstPage = onCategory[3]?.data as { products: Product[]; total: number };
    expect(firstPage.products.length).toBeGreaterThan(0);
    expect(firstPage.total).toBeGreaterThanOrEqual(firstPage.products.length);
    const third = initialData(
      (await page('/category/Face%20Care?page=2&sort=price-asc&type=Oil')).body,
    );
    expect(third[3]?.key).toEqual(['products', 'category', 'face care', 'price-asc', 'Oil', 2, 8]);
  });

  it('embeds only the first page of a listing screen, in the screen’s order, with the total', async () => {
    for (const [path, sort] of [
      ['/alllisting', 'featured'],
      ['/new-arrival', 'newest'],
      ['/PopularChoises', 'popular'],
    ] as const) {
      const entries = initialData((await page(path)).body);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/listing/gellisting?sort=${sort}`,
      });
      expect(entries[2]).toEqual({
        key: ['products', 'page', sort, 1, 9],
        data: { products: res.json(), total: Number(res.headers['x-total-count']) },
      });
      expect((entries[2]?.data as { products: Product[] }).products).toHaveLength(9);
    }
  });

  it('embeds a shop page with each category’s first products only', async () => {
    const [shop] = (await t.app.inject({ method: 'GET', url: '/api/metadata' })).json();
    const entries = initialData((await page(`/shop/${shop._id}`)).body);
    const listing = (
      await t.app.inject({ method: 'GET', url: `/api/listing/shop/${shop._id}` })
    ).json();
    expect(entries.find((e) => e.key[0] === 'shop-listing')?.data).toEqual(listing);
    const held = (listing.categories as Array<{ products: unknown[] }>).map(
      (c) => c.products.length,
    );
    expect(Math.max(...held)).toBe(8);
  });

  it('escapes what it embeds so it cannot end the script element', async () => {
    const html = (await page('/category/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(initialData(html)[2]?.key).toEqual([
      'products',
      'category-types',
      '</script><script>alert(1)</script>',
    ]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every product and category on the canonical address', async () => {
    const index = await page('/sitemap.xml');
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    const res = await readSitemap(page);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
      (m[1] ?? '').replaceAll('&amp;', '&'),
    );
    const paths = locs.map((loc) => new URL(loc).pathname);
    for (const product of products) expect(paths).toContain(productPath(product));
    const listings = (
      await t.app.inject({ method: 'GET', url: '/api/listing/getlisting' })
    ).json() as Array<{ categories: Array<{ name: string }> }>;
    for (const category of listings.flatMap((l) => l.categories)) {
      expect(paths).toContain(`/category/${encodeURIComponent(category.name)}`);
    }
    expect(paths).toContain('/');
  });

  it('is an index of files, none past its bound, and a file past the last is a 404', async () => {
    const { index, files } = await readSitemap(page);
    const listed = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    // The demo's products fit one file.
    expect(listed).toEqual(['/sitemap-pages.xml', '/sitemap-products-1.xml']);
    // Each product in English and in Kiswahili (decision 049).
    expect(files[1]?.match(/<url>/g)?.length).toBe(products.length * 2);
    for (const path of [
      '/sitemap-products-2.xml',
      '/sitemap-products-0.xml',
      '/sitemap-products-x.xml',
    ]) {
      expect((await page(path)).statusCode, path).toBe(404);
    }
    // 25,001 products make three product files of at most 10,000.
    const big = sitemapIndexXml('https://shop.example', 25_001);
    expect([...big.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://shop.example/sitemap-pages.xml',
      'https://shop.example/sitemap-products-1.xml',
      'https://shop.example/sitemap-products-2.xml',
      'https://shop.example/sitemap-products-3.xml',
    ]);
    expect(SITEMAP_PRODUCTS_PER_FILE * 2).toBeLessThanOrEqual(50_000);
  });

  it('points robots.txt at the sitemap and keeps crawlers off the API', async () => {
    const res = await page('/robots.txt', 'shop2.localhost');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

// The head only: this app serves a stand-in index.html and paints no body. The painted body, by
// the web app's real renderer, is tested with the same patterns in painted-patterns.test.ts.
describe("names that read as replacement patterns ($&, $`, $') in the head", () => {
  const NAME = "Oil $' $& $`";
  const CATEGORY = "Oils $' $&";
  let own: TestApp;
  let product: Product;
  let siteTitle: string;

  beforeAll(async () => {
    // Its own database: the pages and sitemap of the app above are cached without these rows.
    own = await createTestApp({ webDistDir: dist, env: { PUBLIC_URL: 'https://shop.example' } });
    const fixture = await makeProduct(own.database.db, { payOnOrder: false, name: NAME });
    const [category] = await own.database.db
      .insert(categories)
      .values({ shopId: fixture.shopId, name: CATEGORY })
      .returning({ id: categories.id });
    if (!category) throw new Error('category insert returned nothing');
    await own.database.db
      .update(productRows)
      .set({ categoryId: category.id })
      .where(eq(productRows.id, fixture.id));
    const get = (url: string) => own.app.inject({ method: 'GET', url });
    product = productSchema.parse((await get(`/api/listing/products/${fixture.id}`)).json());
    siteTitle = (await get('/api/tenant')).json().seo.title as string;
  });
  afterAll(async () => {
    await own?.close();
  });

  /** The page template appears once: nothing spliced a copy of it into the head. */
  function expectOnePage(html: string) {
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--soko-head-->');
  }

  it.each([
    ['/category/%24%60', '$`'],
    ["/category/%24'", "$'"],
    ['/category/%24%26', '$&'],
  ])('writes the category %s into the head as text', async (url, name) => {
    const res = await own.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
    expect(headOf(res.body).title).toBe(`${name} Products | ${siteTitle}`);
  });

  it("writes a product named with $' $& $` into its page as text", async () => {
    const res = await own.app.inject({ method: 'GET', url: productPath(product) });
    expect(res.statusCode).toBe(200);
    expectOnePage(res.body);
    expect(res.body).toContain(`<title>Oil $&#39; $&amp; $\` | `);
    expect(headOf(res.body).title).toBe(`${NAME} | ${siteTitle}`);
    expect(headOf(res.body).jsonLd?.name).toBe(NAME);
  });

  it('lists that product and category in the sitemap', async () => {
    const { files } = await readSitemap((url) => own.app.inject({ method: 'GET', url }));
    for (const file of files) {
      expect(file.match(/<\?xml/g)).toHaveLength(1);
      expect(file.match(/<urlset/g)).toHaveLength(1);
    }
    const res = { body: files.join('\n') };
    const paths = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (m) => new URL((m[1] ?? '').replaceAll('&apos;', "'").replaceAll('&amp;', '&')).pathname,
    );
    expect(paths).toContain(productPath(product));
    expect(paths).toContain(`/category/${encodeURIComponent(CATEGORY)}`);
  });
});

describe('the device cookie (decision 029)', () => {
  it('is set by a server-painted page, once, and kept while the browser sends it back', async () => {
    const first = await page('/');
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost' },
      cookies: { [DEVICE_COOKIE]: cookie?.value ?? '' },
    });
    expect(again.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
  });
});
