// Renders the browser app's HTML for a storefront path: the build's index.html with that
// page's head written in (title, description, canonical, Open Graph, product data) and the
// answers the page asks for first, so crawlers and link previews see real pages without running
// JavaScript. Also the sitemap that points crawlers at every product and category. Rendered
// pages are cached like API answers and dropped by the same writes.
import {
  BLOG_PAGE_SIZE,
  IMAGE_SIZES,
  LISTING_PAGE_SORT,
  PAGE_SIZES,
  STOREFRONT_PATHS,
  blogPostPath,
  matchAppPath,
  productPath,
  queryKeys,
  seoWithDefaults,
  type AppPathMatch,
  type InitialDataEntry,
  type Listing,
  type Product,
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
  listAllProducts,
  listProducts,
  listRelatedProducts,
  tenantView,
} from '../catalog';
import { countPosts, getPost, listPosts } from '../blog';
import { reviewsForPageData } from '../reviews';
import {
  absoluteUrl,
  blogPostHead,
  injectHead,
  productHead,
  siteHead,
  type PageHead,
} from './head';

// Pages worth indexing; the rest (cart, checkout, accounts, admin) are marked noindex.
const INDEXED = new Set<string>(STOREFRONT_PATHS);

const TITLES: Record<string, string> = {
  '/alllisting': 'All Products',
  '/new-arrival': 'New Arrivals',
  '/PopularChoises': 'Popular Choices',
  '/About': 'About Us',
  '/blog': 'Blog',
  '/offline': 'Saved for offline',
};

type RenderedPage = { status: number; head: PageHead };

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export type PageRenderer = {
  /** The app's HTML for this path: 200 with its head, or a real 404 (not cached). */
  page(tenant: Tenant | null, pathname: string): Promise<CachedResponse>;
  sitemap(tenant: Tenant | null): Promise<CachedResponse>;
  /** The tenant's SEO address, else PUBLIC_URL (never the request's Host). */
  canonicalBase(tenant: Tenant | null): string;
};

export function createPageRenderer(ctx: AppContext, indexHtml: string): PageRenderer {
  // The build's own description and title are placeholders: the head we write replaces them.
  const template = indexHtml.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const { db, cache, config } = ctx;
  const canonicalBase = (tenant: Tenant | null) => tenant?.seo?.url?.trim() || config.publicUrl;

  /** The answers a page asks for before it can show anything (seeded into the app's cache). */
  async function pageData(tenant: Tenant | null, match: AppPathMatch, shops: Shop[]) {
    const entries: InitialDataEntry[] = [
      { key: queryKeys.metadata(), data: shops },
      { key: queryKeys.tenant(), data: tenantView(tenant) },
    ];
    const add = async (key: readonly unknown[], load: () => Promise<unknown>) => {
      entries.push({ key, data: await load() });
    };
    switch (match.pattern) {
      case '/':
        await add(queryKeys.listing(), () => getListings(db, tenant));
        break;
      case '/category/:categoryName': {
        const categoryName = match.params.categoryName ?? '';
        await add(queryKeys.categoryProducts(categoryName), () =>
          listRelatedProducts(db, tenant, { categoryName }),
        );
        break;
      }
      case '/alllisting':
      case '/new-arrival':
      case '/PopularChoises': {
        // Only the first page, in the screen's order: what the app asks for without ?page=.
        const sort = LISTING_PAGE_SORT[match.pattern];
        const pageSize = PAGE_SIZES.publicListing;
        const [products, total] = await Promise.all([
          listProducts(db, { page: 1, pageSize, sort }),
          countProducts(db),
        ]);
        await add(queryKeys.productsPage(sort, 1, pageSize), async () => ({ products, total }));
        break;
      }
    }
    return entries;
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
      const first = (data as Product[])[0]?.imageUrls[0];
      return first ? { url: first, sizes: IMAGE_SIZES.card4 } : undefined;
    }
    return undefined;
  }

  async function render(tenant: Tenant | null, pathname: string): Promise<RenderedPage> {
    const match = matchAppPath(pathname);
    const seo = seoWithDefaults(tenant?.seo);
    const base = canonicalBase(tenant);
    const shops = await getMetadata(db, tenant);
    const notFound = (title: string): RenderedPage => ({
      status: 404,
      head: { ...siteHead(seo, base, pathname), title: `${title} | ${seo.title}`, noindex: true },
    });
    if (!match) return notFound('Page not found');
    if (match.pattern === '/product/:productId/:userId/:productName') {
      const productId = match.params.productId ?? '';
      try {
        const product = await getProduct(db, productId);
        const reviews = await reviewsForPageData(db, productId);
        const initialData = await pageData(tenant, match, shops);
        initialData.push({ key: queryKeys.product(productId), data: product });
        const image = product.imageUrls[0];
        return {
          status: 200,
          head: {
            ...productHead(seo, base, product, reviews),
            initialData,
            ...(image ? { preloadImage: { url: image, sizes: IMAGE_SIZES.productMain } } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound('Product not found');
      }
    }
    if (match.pattern === '/blog/:id') {
      const id = match.params.id ?? '';
      try {
        const post = await getPost(db, id);
        const initialData = await pageData(tenant, match, shops);
        initialData.push({ key: queryKeys.blogPost(id), data: post });
        return { status: 200, head: { ...blogPostHead(seo, base, post), initialData } };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound('Post not found');
      }
    }
    if (match.pattern === '/shop/:shopId') {
      const shopId = match.params.shopId ?? '';
      try {
        const listing = await getShopListing(db, shopId, PAGE_SIZES.category);
        const initialData = await pageData(tenant, match, shops);
        initialData.push({ key: queryKeys.shopListing(shopId), data: listing });
        return {
          status: 200,
          head: {
            ...siteHead(seo, base, pathname, listing.imageUrls[0]),
            title: `${listing.name} | ${seo.title}`,
            initialData,
          },
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return notFound('Shop not found');
      }
    }
    const pageTitle =
      match.pattern === '/category/:categoryName'
        ? `${match.params.categoryName} Products`
        : TITLES[match.pattern];
    const initialData = await pageData(tenant, match, shops);
    const preloadImage = largestImage(match, initialData);
    return {
      status: 200,
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

  async function sitemapXml(tenant: Tenant | null): Promise<string> {
    const base = canonicalBase(tenant);
    const [listings, products, posts] = await Promise.all([
      // Every shop's categories (no products): the category and shop addresses.
      getListings(db, tenant, { page: 1, pageSize: 10_000, perCategory: 0 }),
      listAllProducts(db),
      allPosts(),
    ]);
    const entry = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(absoluteUrl(base, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const categories = listings.flatMap((listing) => listing.categories);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...['/', '/alllisting', '/new-arrival', '/PopularChoises', '/About', '/blog'].map((path) =>
        entry(path),
      ),
      ...[...new Set(categories.map((c) => c.name))].map((name) =>
        entry(`/category/${encodeURIComponent(name)}`),
      ),
      ...listings.map((listing) => entry(`/shop/${listing.shopId}`)),
      ...products.map((product) => entry(productPath(product), product.createdAt)),
      ...posts.map((post) => entry(blogPostPath(post), post.createdAt)),
      '</urlset>',
      '',
    ].join('\n');
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
  return {
    canonicalBase,
    page: (tenant, pathname) =>
      cache.get(
        `page:${tenantCacheKey(tenant)}:${pathname}`,
        pageTags(pathname),
        () => render(tenant, pathname),
        {
          serialize: (page) => injectHead(template, page.head),
          status: (page) => page.status,
          store: (page) => page.status === 200,
          tagsOf: (page) => productTagsIn(page.head.initialData),
        },
      ),
    sitemap: (tenant) =>
      cache.get(`sitemap:${tenantCacheKey(tenant)}`, tags, () => sitemapXml(tenant), {
        serialize: (xml) => xml,
      }),
  };
}
