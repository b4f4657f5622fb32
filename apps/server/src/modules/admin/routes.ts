// The admin's product table (spec section 7: GET/PUT/DELETE /api/products): every shop's
// products, whoever owns them, so every route here is 'admin' only.
import {
  adminProductUpdateSchema,
  adminProductsQuerySchema,
  deletedResponseSchema,
  idParamsSchema,
  productListResponseSchema,
  productSchema,
  TOTAL_COUNT_HEADER,
} from '@soko/contract';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { listProductsPage } from '../catalog';
import { hideAnyProduct, updateAnyProduct } from './service';

export function registerAdminRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  const errors = errorResponses;
  /** The storefront caches every product answer: an admin's write must show at once. */
  const dropStorefront = (productId: string) =>
    cache.invalidate([CACHE_TAGS.catalog, CACHE_TAGS.shops, CACHE_TAGS.product(productId)]);

  app.get(
    '/api/products',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every shop’s products, newest first, one page (the total in X-Total-Count)',
        querystring: adminProductsQuerySchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { products, total } = await listProductsPage(db, page, pageSize);
      // Changes with every write anywhere: never kept by a browser or proxy.
      void reply.header('cache-control', 'private, no-store');
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return products;
    },
  );

  app.put(
    '/api/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Edits the admin table’s columns of any shop’s product',
        params: idParamsSchema,
        body: adminProductUpdateSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const product = await updateAnyProduct(db, request.params.id, request.body);
      dropStorefront(product._id);
      return product;
    },
  );

  app.delete(
    '/api/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Removes any shop’s product from sale (past orders still show it)',
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await hideAnyProduct(db, request.params.id);
      dropStorefront(deleted._id);
      return deleted;
    },
  );
}
