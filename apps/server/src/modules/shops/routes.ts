// The spec's /api/property/... calls, exactly as its call table names them. Who may call each
// is declared per route (platform/access.ts): the shop's owner or an admin, the shop found from
// the path (a shop, category or product id) or, for a new category, from the body.
import {
  apiErrorSchema,
  categoryIdParamsSchema,
  categoryInputSchema,
  categoryListResponseSchema,
  deletedResponseSchema,
  isUuid,
  ownerProductInputSchema,
  productIdParamsSchema,
  productListResponseSchema,
  productSchema,
  productShopParamsSchema,
  shopIdParamsSchema,
  shopCreateSchema,
  shopInputSchema,
  shopListResponseSchema,
  shopSchema,
  idParamsSchema,
  categorySchema,
  ownerProductsQuerySchema,
  shopListingQuerySchema,
  taxProfileInputSchema,
  taxProfileResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@soko/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, ShopOf } from '../../platform/access';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { listCategoryProducts, listShopCategories } from '../catalog';
import { createOscuClient } from '../etims';
import { mediaBase } from '../media';
import { shopOfCategory, shopOfProduct } from './queries';
import {
  createCategory,
  createProduct,
  createShop,
  deleteCategory,
  deleteProduct,
  listShops,
  updateCategory,
  updateProduct,
  updateShop,
} from './service';
import { readTaxProfile, replaceTaxProfile } from './tax-profile';

const param = (request: FastifyRequest, name: string): string =>
  String((request.params as Record<string, unknown>)[name] ?? '');

// Each finds the shop a request touches; an id that is not one names no shop (404).
export const shopInPath =
  (name: string): ShopOf =>
  async (request) => {
    const id = param(request, name);
    return isUuid(id) ? id : null;
  };
const shopOfCategoryInPath: ShopOf = async (request, db) => {
  const id = param(request, 'categoryId');
  return isUuid(id) ? shopOfCategory(db, id) : null;
};
const shopOfProductInPath: ShopOf = async (request, db) => {
  const id = param(request, 'productId');
  return isUuid(id) ? shopOfProduct(db, id) : null;
};
const shopInBody: ShopOf = async (request) => {
  const id = (request.body as { shopId?: unknown } | null | undefined)?.shopId;
  return isUuid(id) ? id : null;
};

/** Set by the access hook on every route here (none is public). */
const callerOf = (request: FastifyRequest): Caller => request.caller as Caller;

// Owners' reads must never be kept by a browser or a proxy: they change with every save.
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerShopRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  // Where uploaded pictures live: the only addresses a shop's records may hold.
  const pictureBase = mediaBase(ctx.config);
  const errors = errorResponses;
  // KRA's OSCU API: a device is initialised before eTIMS is turned on (decision 046).
  const oscu = createOscuClient({ baseUrl: ctx.config.etims.baseUrl });
  /** Storefront answers built from shops, categories and products: dropped on every write. */
  const dropStorefront = (productId?: string) =>
    cache.invalidate([
      CACHE_TAGS.catalog,
      CACHE_TAGS.shops,
      ...(productId ? [CACHE_TAGS.product(productId)] : []),
    ]);

  app.get(
    '/api/property/shop/getall',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['shops'],
        summary: 'The caller’s shops (an admin: every shop)',
        response: { 200: shopListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return listShops(db, callerOf(request));
    },
  );

  app.post(
    '/api/property/shop/create',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['shops'],
        summary:
          'Opens a shop; the caller becomes its owner (one shop each, admins excepted). An admin may name another account as the owner (ownerAccountEmail).',
        body: shopCreateSchema,
        response: { 201: shopSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { ownerAccountEmail, ...input } = request.body;
      const { shop, ownerId } = await createShop(db, caller, input, pictureBase, ownerAccountEmail);
      // The owner's role may have changed to owner: every check from now on must see it.
      app.forgetAccount(ownerId);
      dropStorefront();
      return reply.code(201).send(shop);
    },
  );

  app.put(
    '/api/property/shop/update/:id',
    {
      config: { access: { shopOf: shopInPath('id') } },
      schema: {
        tags: ['shops'],
        summary: 'Replaces a shop’s details and pictures',
        params: idParamsSchema,
        body: shopInputSchema,
        response: { 200: shopSchema, ...errors },
      },
    },
    async (request) => {
      const shop = await updateShop(
        db,
        callerOf(request),
        request.params.id,
        request.body,
        pictureBase,
      );
      dropStorefront();
      return shop;
    },
  );

  app.get(
    '/api/property/shop/:shopId/tax-profile',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "A shop's tax profile: KRA PIN, VAT registration, eTIMS settings",
        params: shopIdParamsSchema,
        response: { 200: taxProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return readTaxProfile(db, request.params.shopId, callerOf(request));
    },
  );

  app.put(
    '/api/property/shop/:shopId/tax-profile',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "Replaces a shop's tax profile (the whole of it)",
        params: shopIdParamsSchema,
        body: taxProfileInputSchema,
        // 422: KRA refused the device; 502: KRA could not be reached (decision 046).
        response: {
          200: taxProfileResponseSchema,
          ...errors,
          422: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const saved = await replaceTaxProfile(
        db,
        request.params.shopId,
        request.body,
        callerOf(request),
        oscu,
      );
      // Product pages show VAT by the profile: every storefront answer is rebuilt.
      dropStorefront();
      return saved;
    },
  );

  app.get(
    '/api/property/shop/:shopId/categories',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'A shop’s categories, each with its newest products and how many it has',
        params: shopIdParamsSchema,
        querystring: shopListingQuerySchema,
        response: { 200: categoryListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return listShopCategories(db, request.params.shopId, request.query.perCategory);
    },
  );

  app.get(
    '/api/property/categories/:categoryId/products',
    {
      config: { access: { shopOf: shopOfCategoryInPath } },
      schema: {
        tags: ['shops'],
        summary: 'A page of one category’s products, newest first (the total in X-Total-Count)',
        params: categoryIdParamsSchema,
        querystring: ownerProductsQuerySchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { products, total } = await listCategoryProducts(
        db,
        request.params.categoryId,
        request.query,
      );
      void reply.header(TOTAL_COUNT_HEADER, total);
      return products;
    },
  );

  app.post(
    '/api/property/category/create',
    {
      config: { access: { shopOf: shopInBody } },
      schema: {
        tags: ['shops'],
        summary: 'Adds a category to a shop',
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db, callerOf(request), request.body, pictureBase);
      dropStorefront();
      return reply.code(201).send(category);
    },
  );

  app.put(
    '/api/property/categories/:categoryId',
    {
      config: { access: { shopOf: shopOfCategoryInPath } },
      schema: {
        tags: ['shops'],
        summary: 'Renames a category or changes its pictures',
        params: categoryIdParamsSchema,
        body: categoryInputSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => {
      const { categoryId } = request.params;
      const category = await updateCategory(
        db,
        callerOf(request),
        categoryId,
        request.body,
        pictureBase,
      );
      dropStorefront();
      return category;
    },
  );

  app.delete(
    '/api/property/categories/:categoryId',
    {
      config: { access: { shopOf: shopOfCategoryInPath } },
      schema: {
        tags: ['shops'],
        summary: 'Removes a category and its products from the shop (orders keep them)',
        params: categoryIdParamsSchema,
        response: { 200: deletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await deleteCategory(db, callerOf(request), request.params.categoryId);
      dropStorefront();
      return deleted;
    },
  );

  app.post(
    '/api/property/products/:shopId',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'Adds a product to one of the shop’s categories',
        params: shopIdParamsSchema,
        body: ownerProductInputSchema,
        response: { 201: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      const product = await createProduct(db, callerOf(request), shopId, request.body, pictureBase);
      dropStorefront(product._id);
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/api/property/products/:productId/:shopId',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'Replaces a product, its options and stock included',
        params: productShopParamsSchema,
        body: ownerProductInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const { productId, shopId } = request.params;
      const product = await updateProduct(
        db,
        callerOf(request),
        productId,
        shopId,
        request.body,
        pictureBase,
      );
      dropStorefront(productId);
      return product;
    },
  );

  app.delete(
    '/api/property/products/:productId',
    {
      config: { access: { shopOf: shopOfProductInPath } },
      schema: {
        tags: ['shops'],
        summary: 'Removes a product from the shop (past orders still show it)',
        params: productIdParamsSchema,
        response: { 200: deletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const deleted = await deleteProduct(db, callerOf(request), productId);
      dropStorefront(productId);
      return deleted;
    },
  );
}
