import {
  listingResponseSchema,
  listingSchema,
  metadataResponseSchema,
  shopIdParamsSchema,
  productIdParamsSchema,
  productListResponseSchema,
  productSchema,
  relatedProductsQuerySchema,
  tenantSchema,
} from '@soko/contract';
import { sendCached } from '../../platform/cache';
import { CACHE_TAGS, productTagsIn, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { tenantCacheKey } from '../../platform/tenant';
import {
  getListings,
  getMetadata,
  getProduct,
  getShopListing,
  listAllProducts,
  listRelatedProducts,
  tenantView,
} from './service';

export function registerCatalogRoutes(app: App, ctx: AppContext): void {
  const { db, cache, tenants } = ctx;
  const catalogTags = [CACHE_TAGS.catalog, CACHE_TAGS.shops];

  app.get(
    '/api/metadata',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'Shops; the first is the current tenant’s shop',
        response: { 200: metadataResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const cached = await cache.get(`metadata:${tenantCacheKey(tenant)}`, [CACHE_TAGS.shops], () =>
        getMetadata(db, tenant),
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/tenant',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'The current tenant’s SEO data (spec defaults where absent) and chat contact',
        response: { 200: tenantSchema },
      },
    },
    async (request) => {
      const tenant = await tenants.forRequest(request);
      return tenantView(tenant);
    },
  );

  app.get(
    '/api/listing/getlisting',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'One listing per shop (the tenant’s first) with categories and live stock',
        response: { 200: listingResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const cached = await cache.get(
        `getlisting:${tenantCacheKey(tenant)}`,
        catalogTags,
        () => getListings(db, tenant),
        { tagsOf: productTagsIn },
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/gellisting',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'Every product of every shop, newest first (the public listing page)',
        response: { 200: productListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cached = await cache.get('gellisting', catalogTags, () => listAllProducts(db), {
        tagsOf: productTagsIn,
      });
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/shop/:shopId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'One shop’s categories and products (the marketplace’s page of a seller)',
        params: shopIdParamsSchema,
        response: { 200: listingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      const cached = await cache.get(
        `shop-listing:${shopId}`,
        catalogTags,
        () => getShopListing(db, shopId),
        { tagsOf: productTagsIn },
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/products/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'One product with its variants',
        params: productIdParamsSchema,
        response: { 200: productSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { productId } = request.params;
      const cached = await cache.get(
        `product:${productId}`,
        [CACHE_TAGS.catalog, CACHE_TAGS.product(productId)],
        () => getProduct(db, productId),
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'Products of a category by id (related products) or by name in the tenant’s shop',
        querystring: relatedProductsQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const { category, exclude, categoryName } = request.query;
      const key = `products:${tenantCacheKey(tenant)}:${category ?? ''}:${exclude ?? ''}:${categoryName?.toLowerCase() ?? ''}`;
      const cached = await cache.get(
        key,
        catalogTags,
        () => listRelatedProducts(db, tenant, { category, exclude, categoryName }),
        { tagsOf: productTagsIn },
      );
      return sendCached(request, reply, cached);
    },
  );
}
