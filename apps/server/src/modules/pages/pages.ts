// Renders the browser app's HTML for a storefront path: the build's index.html with that
// page's head written in (title, description, canonical, Open Graph, product data), the
// answers the page asks for first, and, for the shopper's pages, the page itself painted by the
// web app's own renderer (decision 018), so shoppers on slow phones, crawlers and link previews
// see real pages without running JavaScript. Also the sitemap that points crawlers at every
// product and category. Rendered pages are cached like API answers and dropped by the same
// writes.
import {
  ALL_TYPES,
  BLOG_MAX_PAGE,
  BLOG_PAGE_SIZE,
  CATEGORY_NAME_MAX,
  IMAGE_SIZES,
  LISTING_MAX_PAGE,
  LISTING_PAGE_SORT,
  PAGE_QUERY_PARAMS,
  PAGE_SIZES,
  SERVER_RENDERED_PATHS,
  STAFF_PATHS,
  STOREFRONT_PATHS,
  blogPostPath,
  matchAppPath,
  parsePageParam,
  parseSortKey,
  parseTypeParam,
  type ProductsPage,
  productPath,
  queryKeys,
  seoWithDefaults,
  type AppPathMatch,
  type InitialDataEntry,
  type Listing,
  type Locale,
  type Shop,
} from '@soko/contract';
import type { CachedResponse } from '../../platform/cache';
import { CACHE_TAGS, productTagsIn, type AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { tenantCacheKey, type Tenant } from '../../platform/tenant';
import {
  getListings,
  getMetadata,
  getProduct,
  countProducts,
  getShopListing,
  listProductAddresses,
  listProducts,
  listCategoryPage,
  countCategoryProducts,
  listCategoryTypes,
  tenantView,
} from '../catalog';
import { countPosts, getPost, listPosts } from '../blog';
import { reviewsForPageData } from '../reviews';
import { readPrivacyNotice } from '../data-rights';
import {
  absoluteUrl,
  blogPostHead,
  headInLanguage,
  inLanguage,
  injectHead,
  productHead,
  siteHead,
  type PageHead,
} from './head';
import { PAGE_TITLES } from './titles';

// Pages worth indexing; the rest (cart, checkout, accounts, admin) are marked noindex.
const INDEXED = new Set<string>(STOREFRONT_PATHS);
const SERVER_RENDERED = new Set<string>(SERVER_RENDERED_PATHS);
// Owner and admin screens are English only (decision 050): `<html lang="en">` and no Kiswahili
// version to name, whatever the shopper's cookie.
const STAFF = new Set<string>(STAFF_PATHS);
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The web app's renderer (apps/web/src/entry-server.tsx): the HTML inside #root for an address,
 * given the first data the page embeds. Without one (a build without it, most server tests)
 * pages go out with an empty #root and the browser draws them.
 */
export type BodyRenderer = (
  url: string,
  initialData: InitialDataEntry[],
  locale: Locale,
) => Promise<string>;

/** Where a request for a page is: its path and the parameters its page reads, in one order. */
export type PageAddress = { pathname: string; search: URLSearchParams };

/** `/alllisting?page=2&utm_source=x` keeps only what the page reads (and so what it shows). */
export function pageAddress(url: string): PageAddress {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const given = new URLSearchParams(query);
  const search = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) {
    const value = given.get(name);
    if (value !== null) search.set(name, value);
  }
  return { pathname: pathname.replace(/\/{2,}/g, '/'), search };
}

/**
 * Whether a painted page is kept (decision 003) is decided by its address: `keep: false` when
 * the address holds text a visitor chose that names nothing in the shop.
 */
type RenderedPage = { status: number; head: PageHead; body?: string; keep?: boolean };

/**
 * The parameters whose value is free text, and the pages that read one of them as a name in the
 * shop (the home page's open category, a category's type filter). Anywhere else, and on the
 * search page (whose words are anything), a page whose address carries one is painted but not
 * kept: every distinct text would otherwise be an entry of its own.
 */
const FREE_TEXT_PARAMS = ['query', 'type', 'category'] as const;
const NAMES_READ: Record<string, string> = { '/': 'category', '/category/:categoryName': 'type' };
const freeTextIn = (pattern: string, search: URLSearchParams) =>
  FREE_TEXT_PARAMS.some((name) => search.has(name) && NAMES_READ[pattern] !== name);
/**
 * Longer page addresses are painted but not kept: no real one comes near it (a category's name
 * is at most 100 characters, a product's address about 150), and a key is memory too.
 */
const MAX_KEPT_ADDRESS = 300;

/**
 * The last `page` each paged screen's data call takes. Past it the call answers 400 naming the
 * field (decision 017), so the page does too: a number the database cannot skip to (one
 * `?page=99999999999999999999` was a 500) is a mistyped address, not a page past the end.
 */
const MAX_PAGE: Record<string, number> = {
  '/category/:categoryName': LISTING_MAX_PAGE,
  '/alllisting': LISTING_MAX_PAGE,
  '/new-arrival': LISTING_MAX_PAGE,
  '/PopularChoises': LISTING_MAX_PAGE,
  '/blog': BLOG_MAX_PAGE,
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export type PageRenderer = {
  /**
   * The app's HTML for this address in `locale`: 200 with its head, or a real 404 (not cached).
   * Each language's page is kept apart (decision 049).
   */
  page(tenant: Tenant | null, address: PageAddress, locale?: Locale): Promise<CachedResponse>;
  /** /sitemap.xml: a sitemap index, so no file grows past the protocol's 50,000 addresses. */
  sitemap(tenant: Tenant | null): Promise<CachedResponse>;
  /** /sitemap-pages.xml: listings, categories, shops and posts. */
  sitemapPages(tenant: Tenant | null): Promise<CachedResponse>;
  /** /sitemap-products-{file}.xml: SITEMAP_PRODUCTS_PER_FILE product pages; 404 past the end. */
  sitemapProducts(tenant: Tenant | null, file: number): Promise<CachedResponse>;
  /** The tenant's SEO address, else PUBLIC_URL (never the request's Host). */
  canonicalBase(tenant: Tenant | null): string;
};

/** Product addresses per sitemap file: a fifth of the protocol's 50,000, a few MB of XML. */
export const SITEMAP_PRODUCTS_PER_FILE = 10_000;

/** The sitemap index: the pages' file, then one file per SITEMAP_PRODUCTS_PER_FILE products. */
export function sitemapIndexXml(
  base: string,
  productCount: number,
  perFile = SITEMAP_PRODUCTS_PER_FILE,
): string {
  const files = [
    '/sitemap-pages.xml',
    ...Array.from(
      { length: Math.max(1, Math.ceil(productCount / perFile)) },
      (_, i) => `/sitemap-products-${i + 1}.xml`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap><loc>${escapeXml(absoluteUrl(base, file))}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function createPageRenderer(
  ctx: AppContext,
  indexHtml: string,
  renderBody?: BodyRenderer,
): PageRenderer {
  // The build's own description and title are placeholders: the head we write replaces them.
  const template = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const { db, cache, config } = ctx;
  const canonicalBase = (tenant: Tenant | null) => tenant?.seo?.url?.trim() || config.publicUrl;

  /** The answers a page asks for before it can show anything (seeded into the app's cache). */
  async function pageData(
    tenant: Tenant | null,
    match: AppPathMatch,
    shops: Shop[],
    search: URLSearchParams,
  ) {
    const entries: InitialDataEntry[] = [
      { key: queryKeys.metadata(), data: shops },
      { key: queryKeys.tenant(), data: tenantView(tenant) },
    ];
    const add = async (key: readonly unknown[], load: () => Promise<unknown>) => {
      entries.push({ key, data: await load() });
    };
    // Whether the names the address gives (a category, a type) are the shop's.
    let known = true;
    switch (match.pattern) {
      case '/': {
        const listings = await getListings(db, tenant);
        await add(queryKeys.listing(), async () => listings);
        const open = search.get('category');
        known =
          open === null ||
          listings.some((listing) => listing.categories.some((c) => c.name === open));
        break;
      }
      case '/category/:categoryName': {
        // The page, order and type the address asks for, at the wide screen's page size (the
        // server cannot know the width; a phone asks for its own page size once it runs).
        const categoryName = match.params.categoryName ?? '';
        const request = {
          categoryName,
          page: parsePageParam(search.get('page')),
          pageSize: PAGE_SIZES.category,
          sort: parseSortKey(search.get('sort')),
          type: parseTypeParam(search.get('type')),
        };
        const [types, products, total] = await Promise.all([
          listCategoryTypes(db, tenant, categoryName),
          listCategoryPage(db, tenant, request),
          countCategoryProducts(db, tenant, request),
        ]);
        await add(queryKeys.categoryTypes(categoryName), async () => types);
        // A category nobody sells in is this page's "not found": painted, not kept.
        known =
          (total > 0 || types.length > 0) &&
          (request.type === ALL_TYPES || types.includes(request.type));
        await add(queryKeys.categoryProducts(categoryName, request), async () => ({
          products,
          total,
        }));
        break;
      }
      case '/alllisting':
      case '/new-arrival':
      case '/PopularChoises': {
        // The page the address asks for, in the screen's order (only All Products sorts).
        const sort =
          match.pattern === '/alllisting'
            ? parseSortKey(search.get('sort'))
            : LISTING_PAGE_SORT[match.pattern];
        const page = parsePageParam(search.get('page'));
        const pageSize = PAGE_SIZES.publicListing;
        const [products, total] = await Promise.all([
          listProducts(db, { page, pageSize, sort }),
          countProducts(db),
        ]);
        await add(queryKeys.productsPage(sort, page, pageSize), async () => ({ products, total }));
        break;
      }
      case '/privacy': {
        await add(queryKeys.privacy(), () => readPrivacyNotice(db, tenant));
        break;
      }
      case '/blog': {
        const page = parsePageParam(search.get('page'));
        const [posts, total] = await Promise.all([listPosts(db, page), countPosts(db)]);
        await add(queryKeys.blogPage(page), async () => ({ posts, total }));
        break;
      }
    }
    return { entries, known };
  }

  /** The image a page draws largest, above the fold: the home strip's first, a grid's first. */
  function largestImage(match: AppPathMatch, entries: InitialDataEntry[]) {
    const data = entries[entries.length - 1]?.data;
    if (match.pattern === '/') {
      const [listing] = data as Listing[];
      const strip = listing?.promotionalimages[0];
      if (strip) return { url: strip, sizes: IMAGE_SIZES.homeStrip };
      const side = listing?.imageUrls[0];
      return side ? { url: side, sizes: IMAGE_SIZES.homeSide } : undefined;
    }
    if (match.pattern === '/category/:categoryName') {
      const first = (data as ProductsPage).products[0]?.imageUrls[0];
      return first ? { url: first, sizes: IMAGE_SIZES.card4 } : undefined;
    }
    return undefined;
  }

  /** The page painted by the web app, for the pages it paints and when the build has it. */
  async function withBody(
    page: RenderedPage,
    address: PageAddress,
    locale: Locale,
  ): Promise<RenderedPage> {
    const match = matchAppPath(address.pathname);
    if (!renderBody || page.status !== 200 || !match || !SERVER_RENDERED.has(match.pattern)) {
      return page;
    }
    const query = address.search.toString();
    const url = `http://soko.invalid${address.pathname}${query ? `?${query}` : ''}`;
    return { ...page, body: await renderBody(url, page.head.initialData ?? [], locale) };
  }

  async function render(
    tenant: Tenant | null,
    address: PageAddress,
    locale: Locale,
  ): Promise<RenderedPage> {
    const { pathname, search } = address;
    const match = matchAppPath(pathname);
    const seo = seoWithDefaults(tenant?.seo, locale);
    const titles = PAGE_TITLES[locale];
    const base = canonicalBase(tenant);
    const shops = await getMetadata(db, tenant);
    const notFound = (title: string): RenderedPage => ({
      status: 404,
      head: { ...siteHead(seo, base, pathname), title: `${title} | ${seo.title}`, noindex: true },
    });
    if (!match) return notFound(titles.notFound.page);
    if (
      match.pattern === '/category/:categoryName' &&
      (match.params.categoryName ?? '').length > CATEGORY_NAME_MAX
    ) {
      return notFound(titles.notFound.category);
    }
    const maxPage = MAX_PAGE[match.pattern];
    if (maxPage !== undefined && parsePageParam(search.get('page')) > maxPage) {
      return { ...notFound(titles.notFound.page), status: 400 };
    }
    if (match.pattern === '/product/:productId/:userId/:productName') {
      const productId = match.params.productId ?? '';
      try {
        const product = await getProduct(db, productId);
        const reviews = await reviewsForPageData(db, productId);
        const { entries: initialData } = await pageData(tenant, match, shops, search);
        initialData.push({ key: queryKeys.product(productId), data: product });
        const image = product.imageUrls[0];
        return {
          status: 200,
          // Kept at its own address only: the name in it is read by nobody, so any would do.
          keep: pathname === productPath(product),
          head: {
            ...productHead(seo, base, product, reviews, locale),
            initialData,
            ...(image ? { preloadImage: { url: image, sizes: IMAGE_SIZES.productMain } } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound(titles.notFound.product);
      }
    }
    if (match.pattern === '/blog/:id') {
      const id = match.params.id ?? '';
      try {
        const post = await getPost(db, id);
        const { entries: initialData } = await pageData(tenant, match, shops, search);
        initialData.push({ key: queryKeys.blogPost(id), data: post });
        return { status: 200, head: { ...blogPostHead(seo, base, post), initialData } };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound(titles.notFound.post);
      }
    }
    if (match.pattern === '/shop/:shopId') {
      const shopId = match.params.shopId ?? '';
      try {
        const listing = await getShopListing(db, shopId, PAGE_SIZES.category);
        const { entries: initialData } = await pageData(tenant, match, shops, search);
        initialData.push({ key: queryKeys.shopListing(shopId), data: listing });
        // The seller's own words and face (decision 040): its description, else the site's.
        const seller = shops.find((shop) => shop._id === listing.shopId);
        return {
          status: 200,
          head: {
            ...siteHead(seo, base, pathname, seller?.logoUrl ?? listing.imageUrls[0]),
            title: `${listing.name} | ${seo.title}`,
            ...(seller?.description ? { description: seller.description } : {}),
            initialData,
          },
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound(titles.notFound.shop);
      }
    }
    const pageTitle =
      match.pattern === '/category/:categoryName'
        ? titles.category(match.params.categoryName ?? '')
        : titles.pages[match.pattern];
    const { entries: initialData, known } = await pageData(tenant, match, shops, search);
    const preloadImage = largestImage(match, initialData);
    return {
      status: 200,
      keep: known,
      head: {
        ...siteHead(seo, base, pathname, shops[0]?.imageUrls[0]),
        ...(pageTitle ? { title: `${pageTitle} | ${seo.title}` } : {}),
        noindex: !INDEXED.has(match.pattern),
        initialData,
        ...(preloadImage ? { preloadImage } : {}),
      },
    };
  }

  /** Every post, page by page (the blog is small: a few pages at most). */
  async function allPosts() {
    const pages = Math.ceil((await countPosts(db)) / BLOG_PAGE_SIZE);
    const lists = await Promise.all(Array.from({ length: pages }, (_, i) => listPosts(db, i + 1)));
    return lists.flat();
  }

  // Each page in both languages (decision 049), each naming the other as Google's sitemap
  // form of hreflang asks: English at its address (also x-default), Kiswahili with ?lang=sw.
  const urlEntry = (base: string, path: string, lastmod?: string) => {
    const english = absoluteUrl(base, path);
    const alternates = [
      ['en', english],
      ['sw', inLanguage(english, 'sw')],
      ['x-default', english],
    ]
      .map(
        ([lang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href ?? '')}"/>`,
      )
      .join('');
    const modified = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
    return [english, inLanguage(english, 'sw')]
      .map((loc) => `  <url><loc>${escapeXml(loc)}</loc>${modified}${alternates}</url>`)
      .join('\n');
  };
  const urlset = (entries: string[]) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');

  /** The index: the pages' file and one file per SITEMAP_PRODUCTS_PER_FILE products. */
  async function sitemapIndex(tenant: Tenant | null): Promise<string> {
    return sitemapIndexXml(canonicalBase(tenant), await countProducts(db));
  }

  /** The listing pages, categories, shops and posts: bounded by shops and posts, not products. */
  async function sitemapPages(tenant: Tenant | null): Promise<string> {
    const base = canonicalBase(tenant);
    const [listings, posts] = await Promise.all([
      // Every shop's categories (no products): the category and shop addresses.
      getListings(db, tenant, { page: 1, pageSize: 10_000, perCategory: 0 }),
      allPosts(),
    ]);
    const categories = listings.flatMap((listing) => listing.categories);
    return urlset([
      ...['/', '/alllisting', '/new-arrival', '/PopularChoises', '/About', '/privacy', '/blog'].map(
        (path) => urlEntry(base, path),
      ),
      ...[...new Set(categories.map((c) => c.name))].map((name) =>
        urlEntry(base, `/category/${encodeURIComponent(name)}`),
      ),
      ...listings.map((listing) => urlEntry(base, `/shop/${listing.shopId}`)),
      ...posts.map((post) => urlEntry(base, blogPostPath(post), post.createdAt)),
    ]);
  }

  /** One file of product pages, newest first; null past the last file. */
  async function sitemapProducts(tenant: Tenant | null, file: number): Promise<string | null> {
    const rows = await listProductAddresses(
      db,
      SITEMAP_PRODUCTS_PER_FILE,
      (file - 1) * SITEMAP_PRODUCTS_PER_FILE,
    );
    if (rows.length === 0 && file > 1) return null;
    const base = canonicalBase(tenant);
    return urlset(rows.map((product) => urlEntry(base, productPath(product), product.createdAt)));
  }

  // Blog writes drop pages too: the sitemap and the blog's pages carry posts.
  const tags = [CACHE_TAGS.catalog, CACHE_TAGS.shops, CACHE_TAGS.blog];
  // A product page also carries its reviews (JSON-LD), which change without a catalog write.
  const pageTags = (pathname: string) => {
    const match = matchAppPath(pathname);
    const productId =
      match?.pattern === '/product/:productId/:userId/:productName'
        ? match.params.productId
        : undefined;
    return productId ? [...tags, CACHE_TAGS.product(productId)] : tags;
  };
  // Spliced by position, as injectHead does: String.replace would read `$\``, `$'` and `$&` in
  // painted text (a product's name, the words of a search) as "the page before, after, or the
  // element itself", and one 9 KB search address built a 9 MB page (issue 28).
  const serialize = (page: RenderedPage) => {
    const html = injectHead(template, page.head);
    const at = html.indexOf(ROOT_ELEMENT);
    if (page.body === undefined || at === -1) return html;
    return `${html.slice(0, at)}<div id="root">${page.body}</div>${html.slice(at + ROOT_ELEMENT.length)}`;
  };
  return {
    canonicalBase,
    page: (tenant, address, asked = 'en') => {
      const query = address.search.toString();
      const at = `${address.pathname}${query ? `?${query}` : ''}`;
      const match = matchAppPath(address.pathname);
      const freeText = match !== null && freeTextIn(match.pattern, address.search);
      const staff = match !== null && STAFF.has(match.pattern);
      const locale = staff ? 'en' : asked;
      return cache.get(
        `page:${tenantCacheKey(tenant)}:${locale}:${at}`,
        pageTags(address.pathname),
        async () => {
          const page = await render(tenant, address, locale);
          const head = staff ? { ...page.head, locale } : headInLanguage(page.head, locale);
          return withBody({ ...page, head }, address, locale);
        },
        {
          serialize,
          status: (page) => page.status,
          store: (page) =>
            page.status === 200 &&
            page.keep !== false &&
            !freeText &&
            at.length <= MAX_KEPT_ADDRESS,
          tagsOf: (page) => productTagsIn(page.head.initialData),
        },
      );
    },
    sitemap: (tenant) =>
      cache.get(`sitemap:${tenantCacheKey(tenant)}`, tags, () => sitemapIndex(tenant), {
        serialize: (xml) => xml,
      }),
    sitemapPages: (tenant) =>
      cache.get(`sitemap-pages:${tenantCacheKey(tenant)}`, tags, () => sitemapPages(tenant), {
        serialize: (xml) => xml,
      }),
    sitemapProducts: (tenant, file) =>
      cache.get(
        `sitemap-products:${tenantCacheKey(tenant)}:${file}`,
        tags,
        () => sitemapProducts(tenant, file),
        {
          serialize: (xml) => xml ?? '',
          status: (xml) => (xml === null ? 404 : 200),
          store: (xml) => xml !== null,
        },
      ),
  };
}
