// A shop's delivery (issue 31): its owner (or an admin) reads and replaces it; anyone asks what
// delivery to a county costs. Quotes are answered from the response cache, dropped at once when
// the owner saves (decision 035).
import {
  deliveryQuoteQuerySchema,
  deliveryQuoteSchema,
  deliverySettingsInputSchema,
  quoteDelivery,
  shopDeliveryResponseSchema,
  shopIdParamsSchema,
} from '@soko/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/access';
import { sendCached } from '../../platform/cache';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { shopInPath } from '../shops';
import { deliveryOf, readShopDelivery, replaceShopDelivery } from './store';

/** Set by the access hook on the owner's routes (none of them is public). */
const callerOf = (request: FastifyRequest): Caller => request.caller as Caller;
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function registerDeliveryRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;

  app.get(
    '/api/property/shop/:shopId/delivery',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "A shop's delivery: rates per county group, free threshold, pickup counters",
        params: shopIdParamsSchema,
        response: { 200: shopDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return readShopDelivery(db, request.params.shopId, callerOf(request));
    },
  );

  app.put(
    '/api/property/shop/:shopId/delivery',
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: "Replace a shop's delivery settings (the whole of them)",
        params: shopIdParamsSchema,
        body: deliverySettingsInputSchema,
        response: { 200: shopDeliveryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { shopId } = request.params;
      const saved = await replaceShopDelivery(db, shopId, request.body, callerOf(request));
      cache.invalidate([CACHE_TAGS.delivery(shopId)]);
      return saved;
    },
  );

  app.get(
    '/api/delivery/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storefront'],
        summary: "What delivery to a county costs from a product's (or a shop's) shop",
        querystring: deliveryQuoteQuerySchema,
        response: { 200: deliveryQuoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { county, productId, shopId } = request.query;
      const target = productId ? `product:${productId}` : `shop:${shopId ?? ''}`;
      const cached = await cache.get(
        `delivery-quote:${target}:${county}`,
        // A deleted product or shop drops its quotes too.
        [CACHE_TAGS.shops, ...(productId ? [CACHE_TAGS.product(productId)] : [])],
        async () => {
          const found = await deliveryOf(db, { productId, shopId });
          if (!found) throw notFound(productId ? 'Product not found.' : 'Shop not found.');
          return quoteDelivery(found.shop, found.settings, county);
        },
        { tagsOf: (quote) => [CACHE_TAGS.delivery(quote.shopId)] },
      );
      return sendCached(request, reply, cached);
    },
  );
}
