import {
  TOTAL_COUNT_HEADER,
  listingPageQuerySchema,
  listingResponseSchema,
  listingSchema,
  metadataResponseSchema,
  shopIdParamsSchema,
  productIdParamsSchema,
  productListResponseSchema,
  productSchema,
  productsPageQuerySchema,
  shopListingQuerySchema,
  relatedProductsQuerySchema,
  categoryTypesQuerySchema,
  categoryTypesResponseSchema,
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
  countProducts,
  countShops,
  getShopListing,
  listProducts,
  listRelatedProducts,
  listCategoryPage,
  countCategoryProducts,
  listCategoryTypes,
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
        summary:
          'One shop’s listing a page (the tenant’s first), each category with its newest 8 products; the number of shops (pages) in X-Total-Count',
        querystring: listingPageQuerySchema,
        response: { 200: listingResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const { page, perCategory } = request.query;
      const [total, cached] = await Promise.all([
        cache.get('getlisting:total', [CACHE_TAGS.shops], () => countShops(db)),
        cache.get(
          `getlisting:${tenantCacheKey(tenant)}:${page}:${perCategory}`,
          catalogTags,
          () => getListings(db, tenant, { page, perCategory }),
          { tagsOf: productTagsIn },
        ),
      ]);
      void reply.header(TOTAL_COUNT_HEADER, total.body);
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/gellisting',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary:
          'A page of every shop’s products, newest first unless sorted, 9 unless told (the public listing pages); the total in X-Total-Count',
        querystring: productsPageQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, pageSize, sort } = request.query;
      const [total, cached] = await Promise.all([
        cache.get('gellisting:total', catalogTags, () => countProducts(db)),
        cache.get(
          `gellisting:${sort}:${page}:${pageSize}`,
          catalogTags,
          () => listProducts(db, { page, pageSize, sort }),
          { tagsOf: productTagsIn },
        ),
      ]);
      void reply.header(TOTAL_COUNT_HEADER, total.body);
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/shop/:shopId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary:
          'One shop’s categories, each with its newest products, 8 unless told (the marketplace’s page of a seller)',
        params: shopIdParamsSchema,
        querystring: shopListingQuerySchema,
        response: { 200: listingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      const { perCategory } = request.query;
      const cached = await cache.get(
        `shop-listing:${shopId}:${perCategory}`,
        catalogTags,
        () => getShopListing(db, shopId, perCategory),
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
        summary:
          'A dozen products of a category by id (related products), or a page of the tenant’s category by name (8 unless told; type and sort as the listing pages), the total in X-Total-Count',
        querystring: relatedProductsQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const { category, exclude, categoryName, page, pageSize, sort, type } = request.query;
      if (categoryName === undefined) {
        // The schema asks for one of the two, so a related-products call has its category.
        const related = { category: category ?? '', exclude };
        const cached = await cache.get(
          `related:${related.category}:${exclude ?? ''}`,
          catalogTags,
          () => listRelatedProducts(db, related),
          { tagsOf: productTagsIn },
        );
        return sendCached(request, reply, cached);
      }
      const name = categoryName.toLowerCase();
      const filter = type ?? '';
      const scope = `${tenantCacheKey(tenant)}:${name}:${filter}`;
      const [total, cached] = await Promise.all([
        cache.get(`category-total:${scope}`, catalogTags, () =>
          countCategoryProducts(db, tenant, { categoryName, type }),
        ),
        cache.get(
          `category:${scope}:${sort}:${page}:${pageSize}`,
          catalogTags,
          () => listCategoryPage(db, tenant, { categoryName, page, pageSize, sort, type }),
          { tagsOf: productTagsIn },
        ),
      ]);
      void reply.header(TOTAL_COUNT_HEADER, total.body);
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/listing/category-types',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary:
          'The ‘Filter by Type’ labels of the tenant’s category by name, the newest product’s first',
        querystring: categoryTypesQuerySchema,
        response: { 200: categoryTypesResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const tenant = await tenants.forRequest(request);
      const { categoryName } = request.query;
      const cached = await cache.get(
        `category-types:${tenantCacheKey(tenant)}:${categoryName.toLowerCase()}`,
        catalogTags,
        () => listCategoryTypes(db, tenant, categoryName),
      );
      return sendCached(request, reply, cached);
    },
  );
}
