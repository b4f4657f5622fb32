import {
  productListResponseSchema,
  searchFacetsQuerySchema,
  searchFacetsSchema,
  searchQuerySchema,
  suggestQuerySchema,
  suggestionsSchema,
} from '@soko/contract';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { facetsFor, searchProducts, suggestionsFor } from './service';

// Answers change with every owner's save and every sale (stock): a product saved must be found
// at once, so neither a browser nor a proxy may answer from an old copy.
const SHORT_CACHE = 'no-cache';

export function registerSearchRoutes(app: App, ctx: AppContext): void {
  const { db, tenants } = ctx;

  app.get(
    '/api/search/get',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary:
          'Products of every shop matching a text (typos forgiven), with filters, sort and paging; the total in X-Total-Count',
        querystring: searchQuerySchema,
        response: { 200: productListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { products, total } = await searchProducts(db, request.query);
      void reply
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'X-Total-Count')
        .header('cache-control', SHORT_CACHE);
      return products;
    },
  );

  app.get(
    '/api/search/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'What the search filters can offer: categories, types and prices of the matches',
        querystring: searchFacetsQuerySchema,
        response: { 200: searchFacetsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      return facetsFor(db, request.query);
    },
  );

  app.get(
    '/api/search/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: 'Products and categories to offer as the shopper types (2 characters or more)',
        querystring: suggestQuerySchema,
        response: { 200: suggestionsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      const tenant = await tenants.forRequest(request);
      return suggestionsFor(db, request.query.query, tenant?.shopId ?? null);
    },
  );
}
